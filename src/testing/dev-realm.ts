/** The dev realm fixture, read and validated once per test process. */
import { readFileSync } from 'node:fs';
import { PreparedRealm } from '../store/load-realm.js';

let cached: unknown;
let prepared: PreparedRealm | undefined;

/** The parsed fixtures/dev-realm.json (shared; createApp never modifies it). */
export function devRealm(): unknown {
  cached ??= JSON.parse(readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url), 'utf8'));
  return cached;
}

/** The dev realm, validated once; every createApp from it gets its own copy of the state. */
export function preparedDevRealm(): PreparedRealm {
  prepared ??= PreparedRealm.from(devRealm());
  return prepared;
}
