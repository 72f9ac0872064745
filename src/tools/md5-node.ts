/**
 * js-md5's `md5` (hex digest of a string's UTF-8 bytes) on node's crypto, for the command line's script bundle:
 * the package itself, written for browsers too, spends a few milliseconds of start-up setting up its tables.
 * node:crypto is loaded on the first digest (an avatar URL), not by a server start, which needs none.
 */
import type { Hash } from 'node:crypto';

let createHash: ((algorithm: string) => Hash) | undefined;

/** The MD5 of the UTF-8 bytes of `text`, in lower-case hex. */
const md5 = (text: string): string => {
  createHash ??= process.getBuiltinModule('node:crypto').createHash;
  return createHash('md5').update(text, 'utf8').digest('hex');
};

/** What the sources use of js-md5's default export: `jsMd5.md5(text)`. */
export default Object.assign(md5, { md5 });
