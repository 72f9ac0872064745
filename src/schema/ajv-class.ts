/**
 * Ajv's class, for the validators made on first use (validator.ts). The command line's script bundle replaces
 * this module (src/tools/bundle-cli.ts) by one that evaluates ajv only when this function is first called, so
 * that a server start, which compiles no schema, does not pay for it.
 */
import { Ajv } from 'ajv';

/** The Ajv class. */
export function ajvClass(): typeof Ajv {
  return Ajv;
}
