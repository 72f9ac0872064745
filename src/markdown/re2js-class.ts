/**
 * re2js's RE2JS class, which realm linkifiers are compiled with on their first render. The command line's script
 * bundle replaces this module (src/tools/bundle-cli.ts) by one that evaluates re2js only when this function is
 * first called, so that a server start does not pay for it.
 */
import { RE2JS } from 're2js';

/** The RE2JS class. */
export function re2jsClass(): typeof RE2JS {
  return RE2JS;
}
