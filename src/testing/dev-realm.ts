/** The dev realm fixture, read once per test process. */
import { readFileSync } from 'node:fs';

let cached: unknown;

/** The parsed fixtures/dev-realm.json (shared; createApp never modifies it). */
export function devRealm(): unknown {
  cached ??= JSON.parse(readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url), 'utf8'));
  return cached;
}
