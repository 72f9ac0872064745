/**
 * Where `serve` finds the named sources of `POST /svc-mock/realms`: `dev` (the dev realm), a fixture of the
 * fixtures/ directory by name (`minimal` or `minimal-realm`), or a realm file path (relative to the working
 * directory). Each is read and prepared once per server (see src/mock/realm-sources.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { errors } from '../api/errors/index.js';

const FIXTURES = new URL('../../fixtures/', import.meta.url);

/** The fixture names the fixtures/ directory offers (`dev`, `minimal`). */
export const FIXTURE_NAMES = ['dev', 'minimal'];

/** The file a source name means, or undefined when it names none. */
function fileOf(name: string): string | URL | undefined {
  if (/^[a-z0-9-]+$/.test(name)) {
    for (const file of [`${name}-realm.json`, `${name}.json`]) {
      const url = new URL(file, FIXTURES);
      if (existsSync(url)) return url;
    }
    return undefined;
  }
  // Anything else is a path: a realm file, as `serve --realm` takes it.
  const path = resolve(name);
  return existsSync(path) ? path : undefined;
}

/** Loads a named source for a new realm; undefined when no fixture or file has that name. */
export function loadRealmSource(name: string): unknown {
  const file = fileOf(name);
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw errors.invalidRealmSource(`cannot read ${name}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw errors.invalidRealmSource(`${name} is not JSON: ${(error as Error).message}`);
  }
}
