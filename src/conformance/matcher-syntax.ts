/** Checks how a scenario's expectations use matchers, so a misspelt matcher is refused when the file is loaded. */
import { childPath, isMatcher, isObject, MATCHERS, TYPE_NAMES } from './matchers.js';

/** Problems in how an expectation uses matchers (unknown keyword, bad regex, ...), with their paths. */
export function checkMatchers(expected: unknown, path = ''): Array<{ path: string; reason: string }> {
  if (Array.isArray(expected)) return expected.flatMap((v, i) => checkMatchers(v, childPath(path, i)));
  if (!isObject(expected)) return [];
  const keys = Object.keys(expected);
  const dollars = keys.filter((k) => k.startsWith('$'));
  if (dollars.length === 0) return keys.flatMap((k) => checkMatchers(expected[k], childPath(path, k)));
  if (dollars.length !== keys.length)
    return [{ path, reason: `matcher keys (${dollars.join(', ')}) cannot be mixed with plain keys` }];
  const out: Array<{ path: string; reason: string }> = [];
  const bad = (key: string, reason: string): void => {
    out.push({ path: childPath(path, key), reason });
  };
  for (const key of keys) {
    const v = expected[key];
    switch (key) {
      case '$any':
      case '$absent':
        if (v !== true) bad(key, `${key} takes true`);
        break;
      case '$type':
        for (const t of ([] as unknown[]).concat(v))
          if (!TYPE_NAMES.includes(t as string))
            bad(key, `unknown type ${JSON.stringify(t)} (${TYPE_NAMES.join(', ')})`);
        break;
      case '$regex':
        try {
          new RegExp(String(v), 'u');
        } catch (error) {
          bad(key, `invalid regular expression: ${(error as Error).message}`);
        }
        break;
      case '$near':
        if (!isObject(v) || !('value' in v) || typeof (v.within ?? 0) !== 'number')
          bad(key, '$near takes {value, within}');
        break;
      case '$oneOf':
      case '$unordered':
      case '$contains':
        if (!Array.isArray(v)) bad(key, `${key} takes a list`);
        else out.push(...checkMatchers(v, childPath(path, key)));
        break;
      case '$length':
        if (!(Number.isInteger(v) || isMatcher(v))) bad(key, '$length takes an integer or a matcher');
        break;
      case '$each':
        out.push(...checkMatchers(v, childPath(path, key)));
        break;
      case '$exact':
        if (!isObject(v)) bad(key, '$exact takes an object');
        else out.push(...checkMatchers(v, childPath(path, key)));
        break;
      default:
        bad(key, `unknown matcher ${key} (${MATCHERS.join(', ')})`);
    }
  }
  return out;
}
