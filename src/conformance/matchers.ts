/** Matching of expected values (subset by default, typed `$` matchers) against response bodies and events. */

/** One difference between an expectation and the actual value. */
export interface Mismatch {
  /** JSON pointer of the differing value in the actual document. */
  path: string;
  reason: string;
  expected?: unknown;
  actual?: unknown;
}

/** The matcher keywords a scenario may use. */
export const MATCHERS = [
  '$any',
  '$type',
  '$regex',
  '$absent',
  '$oneOf',
  '$near',
  '$unordered',
  '$contains',
  '$each',
  '$length',
  '$exact',
] as const;

/** The type names `$type` takes. */
export const TYPE_NAMES = ['string', 'integer', 'number', 'boolean', 'null', 'array', 'object'];

type Json = Record<string, unknown>;

/** Whether a value is a plain object (not an array, not null). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a value is a matcher object: a non-empty object whose keys all start with `$`. */
export function isMatcher(value: unknown): value is Json {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

const typeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number' && Number.isInteger(value)
        ? 'integer'
        : typeof value;

const escapePointer = (key: string | number): string => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** Appends a key to a JSON pointer. */
export const childPath = (path: string, key: string | number): string => `${path}/${escapePointer(key)}`;

/** Compares `actual` with `expected`; an empty list means it matches. */
export function matchValue(expected: unknown, actual: unknown, path = ''): Mismatch[] {
  if (isMatcher(expected)) return applyMatchers(expected, actual, path);
  if (isObject(expected)) {
    if (!isObject(actual))
      return [{ path, reason: `expected an object, got ${typeOf(actual)}`, expected, actual }];
    const out: Mismatch[] = [];
    for (const [key, want] of Object.entries(expected)) out.push(...matchKey(want, actual, key, path));
    return out;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual))
      return [{ path, reason: `expected an array, got ${typeOf(actual)}`, expected, actual }];
    if (actual.length !== expected.length)
      return [
        { path, reason: `expected ${expected.length} elements, got ${actual.length}`, expected, actual },
      ];
    return expected.flatMap((want, i) => matchValue(want, actual[i], childPath(path, i)));
  }
  if (actual === undefined) return [{ path, reason: 'missing', expected }];
  return Object.is(expected, actual) || expected === actual
    ? []
    : [{ path, reason: 'differs', expected, actual }];
}

function matchKey(want: unknown, actual: Json, key: string, path: string): Mismatch[] {
  const here = childPath(path, key);
  const present = Object.prototype.hasOwnProperty.call(actual, key);
  if (isMatcher(want) && want.$absent === true)
    return present ? [{ path: here, reason: 'expected absent', actual: actual[key] }] : [];
  if (!present) return [{ path: here, reason: 'missing', expected: want }];
  return matchValue(want, actual[key], here);
}

const matchesAny = (wants: readonly unknown[], actual: unknown, path: string): boolean =>
  wants.some((w) => matchValue(w, actual, path).length === 0);

/** Assigns each expected element to a distinct actual element (backtracking; lists are short). */
function assign(wants: readonly unknown[], actual: readonly unknown[], path: string): boolean {
  const used = new Set<number>();
  const fits = wants.map((w) =>
    actual.flatMap((a, i) => (matchValue(w, a, childPath(path, i)).length === 0 ? [i] : [])),
  );
  const tryFrom = (k: number): boolean => {
    if (k === wants.length) return true;
    for (const i of fits[k]!) {
      if (used.has(i)) continue;
      used.add(i);
      if (tryFrom(k + 1)) return true;
      used.delete(i);
    }
    return false;
  };
  return tryFrom(0);
}

function applyMatchers(m: Json, actual: unknown, path: string): Mismatch[] {
  const out: Mismatch[] = [];
  const fail = (reason: string, expected: unknown = m): void => {
    out.push({ path, reason, expected, actual });
  };
  if ('$absent' in m) {
    if (m.$absent === true && actual !== undefined) fail('expected absent');
    return out;
  }
  if (actual === undefined) return [{ path, reason: 'missing', expected: m }];
  if ('$type' in m) {
    const types = ([] as unknown[]).concat(m.$type);
    const t = typeOf(actual);
    if (!types.some((want) => want === t || (want === 'number' && t === 'integer')))
      fail(`expected type ${types.join(' or ')}, got ${t}`);
  }
  if ('$regex' in m) {
    if (typeof actual !== 'string' || !new RegExp(String(m.$regex), 'u').test(actual))
      fail(`expected a string matching /${String(m.$regex)}/`);
  }
  if ('$oneOf' in m && !matchesAny(m.$oneOf as unknown[], actual, path)) fail('matches none of $oneOf');
  if ('$near' in m) {
    const near = m.$near as { value: unknown; within?: unknown };
    const within = Number(near.within ?? 0);
    if (typeof actual !== 'number' || Math.abs(actual - Number(near.value)) > within)
      fail(`expected ${String(near.value)} ± ${within}`);
  }
  if ('$length' in m) {
    const length = Array.isArray(actual) || typeof actual === 'string' ? actual.length : undefined;
    if (length === undefined) fail(`expected an array or string for $length, got ${typeOf(actual)}`);
    else
      out.push(...matchValue(m.$length, length, path).map((x) => ({ ...x, reason: `length: ${x.reason}` })));
  }
  if ('$each' in m) {
    if (!Array.isArray(actual)) fail(`expected an array, got ${typeOf(actual)}`);
    else actual.forEach((a, i) => out.push(...matchValue(m.$each, a, childPath(path, i))));
  }
  if ('$unordered' in m) {
    const wants = m.$unordered as unknown[];
    if (!Array.isArray(actual)) fail(`expected an array, got ${typeOf(actual)}`);
    else if (actual.length !== wants.length) fail(`expected ${wants.length} elements, got ${actual.length}`);
    else if (!assign(wants, actual, path)) fail('no element order matches $unordered');
  }
  if ('$contains' in m) {
    if (!Array.isArray(actual)) fail(`expected an array, got ${typeOf(actual)}`);
    else if (!assign(m.$contains as unknown[], actual, path))
      fail('does not contain every $contains element');
  }
  if ('$exact' in m) {
    const want = m.$exact as Json;
    if (!isObject(actual)) fail(`expected an object, got ${typeOf(actual)}`);
    else {
      for (const key of Object.keys(actual))
        if (!(key in want))
          out.push({ path: childPath(path, key), reason: 'unexpected key', actual: actual[key] });
      out.push(...matchValue(want, actual, path));
    }
  }
  return out;
}
