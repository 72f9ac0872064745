/**
 * The render cache of the command line: `npm run build` records the renders of fixtures/dev-realm.json (message
 * contents, channel descriptions) in dist/cli-bundle/, keyed by the SHA-256 of the realm file's bytes and by
 * the build of the script bundle that will read it (a hash of its text, written into it by the build). Serving
 * that file from that bundle then takes the recorded HTML instead of rendering the realm's Markdown; another
 * file, a changed one, another build (or the unbundled dist/cli/, which has no build id) or a damaged cache
 * file renders as before.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createApp } from '../api/app.js';
import { PreparedRealm } from '../store/load-realm.js';
import { keepRenderedRealmDescription, renderedRealmDescription } from '../store/realm-info.js';
import type { RealmState } from '../store/state.js';
import {
  parseRecordedRenders,
  recordedRenders,
  recordRenders,
  type LoadRenders,
} from '../store/render-cache.js';

/** Replaced by the build id in the script bundle (src/tools/bundle-cli.ts); undeclared elsewhere. */
declare const __SVC_MOCK_BUILD__: string | undefined;

/** The build id of the running script bundle, or undefined when running from dist/cli/ or the sources. */
export const BUILD_ID: string | undefined =
  typeof __SVC_MOCK_BUILD__ === 'string' ? __SVC_MOCK_BUILD__ : undefined;

/** Where the build writes the dev realm's render cache (beside the script bundle). */
export const RENDER_CACHE = new URL('../cli-bundle/dev-realm.renders.json', import.meta.url);

const FORMAT = 'svc-mock-renders/1';

/** The key of a realm file's renders: the SHA-256 of its bytes. */
export const realmDigest = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Renders recorded for a realm file: what its loading renders, and the organization description. */
export interface CachedRenders {
  renders: LoadRenders;
  /** The description's text and HTML, as the first request that shows it renders it. */
  realmDescription: [string, string];
}

/**
 * Writes the render cache of a realm file for a build: loads it once, recording every render, and renders the
 * organization description as a started server's first request showing it does.
 */
export function writeRenderCache(realmFile: URL | string, cacheFile: URL | string, build: string): void {
  const bytes = readFileSync(realmFile);
  const { renders, recorded } = recordRenders();
  const prepared = PreparedRealm.from(JSON.parse(bytes.toString('utf8')), { owned: true, renders });
  const { state } = createApp({ realm: prepared }).store;
  const realmDescription = [state.realm.description, renderedRealmDescription(state)];
  const file = {
    format: FORMAT,
    build,
    size: bytes.length,
    sha256: realmDigest(bytes),
    realmDescription,
    ...recorded,
  };
  writeFileSync(cacheFile, JSON.stringify(file));
}

/** Gives a store the recorded render of its organization description (see keepRenderedRealmDescription). */
export function keepCachedRenders(state: RealmState, cached: CachedRenders): void {
  keepRenderedRealmDescription(state, ...cached.realmDescription);
}

/**
 * The recorded renders of a realm file's bytes, when the cache file was written for these bytes and this
 * build; undefined otherwise (no build id, no cache file, another realm, a damaged cache).
 */
export function cachedRenders(
  bytes: Uint8Array,
  cacheFile: URL | string = RENDER_CACHE,
  build: string | undefined = BUILD_ID,
): CachedRenders | undefined {
  if (build === undefined) return undefined;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || data.format !== FORMAT || data.build !== build)
    return undefined;
  // The size first: another realm is told apart without hashing it.
  if (data.size !== bytes.length || data.sha256 !== realmDigest(bytes)) return undefined;
  const recorded = parseRecordedRenders(data);
  const description = data.realmDescription;
  if (!recorded || !Array.isArray(description) || description.length !== 2) return undefined;
  if (typeof description[0] !== 'string' || typeof description[1] !== 'string') return undefined;
  return { renders: recordedRenders(recorded), realmDescription: [description[0], description[1]] };
}
