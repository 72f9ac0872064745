import { describe, expect, it } from 'vitest';
import { checkMatchers } from './matcher-syntax.js';
import { matchValue } from './matchers.js';

const cases: Array<[string, unknown, unknown, boolean]> = [
  ['equal scalars', 3, 3, true],
  ['different scalars', 3, 4, false],
  ['string vs number', '3', 3, false],
  ['subset of an object', { a: 1 }, { a: 1, b: 2 }, true],
  ['missing key', { a: 1, c: 3 }, { a: 1 }, false],
  ['nested subset', { a: { b: 1 } }, { a: { b: 1, c: 2 } }, true],
  ['arrays element by element', [1, { a: 2 }], [1, { a: 2, b: 3 }], true],
  ['arrays of another length', [1], [1, 2], false],
  ['$any accepts null', { a: { $any: true } }, { a: null }, true],
  ['$any needs the key', { a: { $any: true } }, {}, false],
  ['$type integer', { $type: 'integer' }, 4, true],
  ['$type integer refuses 4.5', { $type: 'integer' }, 4.5, false],
  ['$type number accepts integers', { $type: 'number' }, 4, true],
  ['$type list', { $type: ['object', 'null'] }, null, true],
  ['$type array', { $type: 'array' }, {}, false],
  ['$regex', { $regex: '^hel+o$' }, 'hello', true],
  ['$regex on a number', { $regex: '1' }, 1, false],
  ['$absent when absent', { a: { $absent: true } }, { b: 1 }, true],
  ['$absent when present', { a: { $absent: true } }, { a: null }, false],
  ['$oneOf', { $oneOf: ['x', { $type: 'integer' }] }, 7, true],
  ['$oneOf none', { $oneOf: ['x', 'y'] }, 'z', false],
  ['$near within', { $near: { value: 100, within: 5 } }, 104, true],
  ['$near outside', { $near: { value: 100, within: 5 } }, 106, false],
  ['$unordered', { $unordered: [{ id: 2 }, { id: 1 }] }, [{ id: 1 }, { id: 2 }], true],
  ['$unordered needs the same length', { $unordered: [1] }, [1, 2], false],
  ['$unordered with distinct elements', { $unordered: [1, 1] }, [1, 2], false],
  ['$contains', { $contains: [{ n: 'b' }] }, [{ n: 'a' }, { n: 'b' }], true],
  ['$contains missing', { $contains: [{ n: 'c' }] }, [{ n: 'a' }], false],
  ['$each', { $each: { $type: 'integer' } }, [1, 2, 3], true],
  ['$each with one bad', { $each: { $type: 'integer' } }, [1, 'x'], false],
  ['$length', { $length: 2 }, [1, 2], true],
  ['$length of a string with a matcher', { $length: { $oneOf: [5] } }, 'hello', true],
  ['$length wrong', { $length: 3 }, [1, 2], false],
  ['$exact', { $exact: { a: 1 } }, { a: 1 }, true],
  ['$exact refuses extra keys', { $exact: { a: 1 } }, { a: 1, b: 2 }, false],
  ['combined matchers', { $type: 'array', $length: 1 }, ['x'], true],
];

describe('matchValue', () => {
  it.each(cases)('%s', (_name, expected, actual, ok) => {
    expect(matchValue(expected, actual).length === 0).toBe(ok);
  });

  it('reports the JSON pointer, the expected and the actual value', () => {
    expect(matchValue({ message: { ids: [1, 2] } }, { message: { ids: [1, 3] } })).toEqual([
      { path: '/message/ids/1', reason: 'differs', expected: 2, actual: 3 },
    ]);
  });
});

describe('checkMatchers', () => {
  it.each([
    [{ a: { $regx: 'x' } }, '/a/$regx', 'unknown matcher $regx'],
    [{ a: { $type: 'int' } }, '/a/$type', 'unknown type "int"'],
    [{ a: { $regex: '(' } }, '/a/$regex', 'invalid regular expression'],
    [{ a: { $near: 5 } }, '/a/$near', '$near takes {value, within}'],
    [[{ $unordered: 'x' }], '/0/$unordered', '$unordered takes a list'],
    [{ $exact: [1] }, '/$exact', '$exact takes an object'],
    [{ $type: 'string', a: 1 }, '', 'cannot be mixed'],
  ])('refuses %j', (expected, path, reason) => {
    const problems = checkMatchers(expected);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path).toBe(path);
    expect(problems[0]!.reason).toContain(reason);
  });

  it('accepts well-formed matchers', () => {
    expect(
      checkMatchers({ a: { $each: { $type: ['string', 'null'] } }, b: { $near: { value: 1, within: 2 } } }),
    ).toEqual([]);
  });
});
