/**
 * The realm validators compiled by `npm run gen` (src/generated/realm-validators.ts), for loading a realm. The
 * command line's script bundle replaces this module (src/tools/bundle-cli.ts) by one that evaluates them only
 * when this function is first called: a server start on the build's prepared dev realm validates nothing.
 */
import * as validators from '../generated/realm-validators.js';

/** The module of precompiled validators. */
export function realmValidators(): typeof validators {
  return validators;
}
