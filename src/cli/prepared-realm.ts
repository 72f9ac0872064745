/**
 * The prepared dev realm of the command line: `npm run build` records fixtures/dev-realm.json as loading sees it
 * (validated, defaults filled in) together with the renders of its Markdown (message contents, channel
 * descriptions, the organization description), in dist/cli-bundle/, beside a verbatim copy of the file's bytes.
 * A server started from that bundle on a realm file with exactly those bytes then loads the recorded fixture
 * without validating it again and takes the recorded HTML instead of rendering; another file, a changed one,
 * another build (or the unbundled dist/cli/, which has no build id) or a damaged record loads as before.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createApp } from '../api/app.js';
import { PreparedRealm, validatedFixture } from '../store/load-realm.js';
import type { CompleteRealmFixture } from '../store/realm-fixture.js';
import { keepRenderedRealmDescription, renderedRealmDescription } from '../store/realm-info.js';
import type { RealmState } from '../store/state.js';
import type { UserRows } from '../store/user-rows.js';
import type { MessageSource } from '../store/realm-loader/context.js';
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

/** The two files of a prepared realm: the record, and the copy of the realm file's bytes it was made from. */
export interface PreparedRealmFiles {
  record: URL | string;
  source: URL | string;
}

/** Where the build writes the dev realm's (beside the script bundle). */
export const DEV_REALM_FILES: PreparedRealmFiles = {
  record: new URL('../cli-bundle/dev-realm.prepared.json', import.meta.url),
  source: new URL('../cli-bundle/dev-realm.source.json', import.meta.url),
};

const FORMAT = 'svc-mock-prepared-realm/1';

/** A realm file as the build recorded it: the validated fixture, its renders and the organization description. */
export interface PreparedRealmFile {
  fixture: CompleteRealmFixture;
  renders: LoadRenders;
  /** The description's text and HTML, as the first request that shows it renders it. */
  realmDescription?: [string, string];
  /** The personal rows its load built, when recorded (a realm's prepared form, see prepared-form.ts). */
  rows?: Map<number, UserRows>;
  /** The messages read while loading (the fixture's list then empty; a prepared form's, see prepared-form.ts). */
  messages?: MessageSource;
}

/**
 * Records a realm file for a build: its validated fixture, every render its loading makes, the organization
 * description as a started server's first request showing it renders it, and a copy of its bytes.
 */
export function writePreparedRealm(realmFile: URL | string, files: PreparedRealmFiles, build: string): void {
  const bytes = readFileSync(realmFile);
  const fixture = validatedFixture(JSON.parse(bytes.toString('utf8')));
  const { renders, recorded } = recordRenders();
  // Loaded as a server loads the record: from a copy of the fixture (loading takes its arrays as its own).
  const realm = PreparedRealm.from(structuredClone(fixture), { owned: true, renders, validated: true });
  const { state } = createApp({ realm }).store;
  const realmDescription = [state.realm.description, renderedRealmDescription(state)];
  writeFileSync(
    files.record,
    JSON.stringify({ format: FORMAT, build, realmDescription, ...recorded, fixture }),
  );
  writeFileSync(files.source, bytes);
}

/** Gives a store the recorded render of its organization description (see keepRenderedRealmDescription). */
export function keepCachedRenders(state: RealmState, prepared: PreparedRealmFile): void {
  if (prepared.realmDescription) keepRenderedRealmDescription(state, ...prepared.realmDescription);
}

const readOrUndefined = (file: URL | string): Buffer | undefined => {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
};

/**
 * The recorded realm of a realm file's bytes, when the record was written from exactly these bytes and for this
 * build; undefined otherwise (no build id, no record, another realm, a damaged record).
 */
export function preparedRealmFile(
  bytes: Uint8Array,
  files: PreparedRealmFiles = DEV_REALM_FILES,
  build: string | undefined = BUILD_ID,
): PreparedRealmFile | undefined {
  if (build === undefined) return undefined;
  // The bytes themselves are compared: another realm or a one-byte change is told apart without a hash.
  if (!readOrUndefined(files.source)?.equals(bytes)) return undefined;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(readFileSync(files.record, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || data.format !== FORMAT || data.build !== build)
    return undefined;
  const { fixture, realmDescription: description } = data;
  if (
    typeof fixture !== 'object' ||
    fixture === null ||
    !Array.isArray((fixture as Record<string, unknown>).messages)
  )
    return undefined;
  const recorded = parseRecordedRenders(data);
  if (!recorded || !Array.isArray(description) || description.length !== 2) return undefined;
  if (typeof description[0] !== 'string' || typeof description[1] !== 'string') return undefined;
  return {
    fixture: fixture as CompleteRealmFixture,
    renders: recordedRenders(recorded),
    realmDescription: [description[0], description[1]],
  };
}
