/** Hostile parameter values as raw strings (what a client puts in a form field or query string). */
import fc from 'fast-check';

const DEEP = `${'['.repeat(150)}${']'.repeat(150)}`;

/** Strings that stress text handling: control and null bytes, lone surrogates, bidi and other odd Unicode. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '\uDBFF\uDFFF',
    '\uFEFFbom',
    '\u202Eevil\u202C',
    'e\u0301\u0301\u0301\u0301',
    '\u2028\u2029',
    '👨‍👩‍👧‍👦',
    '\r\n\t',
    '%zz',
    '%00',
    '../..',
    '<script>alert(1)</script>',
    '**bold** @**all** #**core team** ```',
    '__proto__',
    'constructor',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
);

/** Huge strings: well past every field's length limit, still under the body limit. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('x', 'é', '\u0000', '😀', '\uD800'), fc.integer({ min: 10_001, max: 60_000 }))
  .map(([unit, n]) => unit.repeat(Math.ceil(n / unit.length)));

/** Numbers a client should never send: negative, fractional, beyond 2^53, overflowing, not quite numbers. */
export const oddNumber: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '-0',
    '1.5',
    '-2.25',
    '9007199254740993',
    '18446744073709551616',
    '1e308',
    '1e400',
    '-1e400',
    'NaN',
    'Infinity',
    '0x10',
    ' 1',
    '1 ',
    '١',
    '1_000',
  ),
  fc.double({ noNaN: false }).map(String),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
);

/** Text that is not JSON, or JSON a parameter does not expect (deeper than the depth limit, prototypes). */
export const badJson: fc.Arbitrary<string> = fc.constantFrom(
  '[',
  '{"a":',
  '[1,2',
  '{]',
  "{'a':1}",
  '[1,]',
  'nul',
  '"unterminated',
  DEEP,
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '[null]',
  '[[]]',
  '[{}]',
  '{}',
  '[]',
  'true',
  'null',
  '"text"',
  '[1.5,-1,9007199254740993]',
  '["\\u0000","\\ud800"]',
  '{"operator":"stream","operand":"\\ud800"}',
  '[{"operator":"","operand":null}]',
);

/** A value that no parameter without a string type accepts (not JSON, not a number, not a boolean). */
export const NOT_ANY_JSON = 'not json \u0000';

/** Any hostile value. */
export const hostileValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: oddString, weight: 4 },
  { arbitrary: oddNumber, weight: 4 },
  { arbitrary: badJson, weight: 4 },
  { arbitrary: hugeString, weight: 1 },
);

/** A plausible value of a JSON type, so that one broken parameter is not hidden behind many. */
export function plausibleValue(
  types: ReadonlySet<string>,
  samples: readonly string[] = [],
): fc.Arbitrary<string> {
  const options: string[] = [...samples];
  if (types.has('integer') || types.has('number')) options.push('1', '10', '12');
  if (types.has('string')) options.push('hello', 'Verona', 'othello@svc.test');
  if (types.has('boolean')) options.push('true', 'false');
  if (types.has('array')) options.push('[]', '[10]', '["Verona"]');
  if (types.has('object')) options.push('{}');
  if (options.length === 0) options.push('1');
  return fc.constantFrom(...options);
}

/** Well-formed values of common parameter names in the dev realm, so cases reach past the first check. */
export const NAMED_SAMPLES: Readonly<Record<string, readonly string[]>> = {
  to: ['Verona', '3', '[12]', '["othello@svc.test"]'],
  topic: ['hello', 'Elsinore'],
  content: ['hello @**all**', 'see #**Verona**'],
  narrow: ['[]', '[{"operator":"channel","operand":"Verona"}]', '[["stream","Verona"]]'],
  anchor: ['newest', 'oldest', 'first_unread', '1'],
  num_before: ['0', '10'],
  num_after: ['0', '10'],
  messages: ['[1]', '[1,2,3]'],
  flag: ['read', 'starred'],
  op: ['add', 'remove'],
  emoji_name: ['smile', 'octopus'],
  principals: ['[12]', '["othello@svc.test"]'],
  subscriptions: ['[{"name":"Verona"}]', '["Verona"]', '[{"name":"new channel"}]'],
  stream_id: ['1', '3'],
  user_id: ['12', '10'],
  members: ['[12]'],
  add: ['[12]'],
  delete: ['[10]'],
  drafts: ['[{"type":"stream","to":[3],"topic":"t","content":"c"}]'],
  queue_id: ['1:1'],
  last_event_id: ['-1'],
  event_types: ['["message"]'],
  status: ['active', 'idle'],
};
