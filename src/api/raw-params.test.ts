// Reading raw parameters: a query or urlencoded body gives the map itself (no promise to wait for), a
// multipart body a promise; the parameter limit counts every pair of the query and the body together.
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors/index.js';
import { DEFAULT_LIMITS } from './limits.js';
import { compileParams, decodeParams, readRawParams } from './params.js';
import type { ApiRequest } from './route.js';

function record(query: string, body: string | Uint8Array | null, contentType?: string): ApiRequest {
  return {
    method: 'POST',
    path: '/api/v1/messages',
    query,
    header: (name) => (name === 'content-type' ? contentType : undefined),
    body,
  };
}

/**
 * `count` random texts of up to `longest - 1` characters over the characters that matter to the split, from
 * `seed` (a failure repeats).
 */
function seededTexts(seed: number, count: number, longest: number): string[] {
  const alphabet = ['a', 'b', '=', '&', '+', '?', ' ', 'é', '%', '2', '0'];
  const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    let text = '';
    for (let n = next(longest); n > 0; n--) text += alphabet[next(alphabet.length)];
    texts.push(text);
  }
  return texts;
}

describe('readRawParams', () => {
  it('gives the map of a query and an urlencoded body without a promise', () => {
    const raw = readRawParams(
      record('a=1&b=2', new TextEncoder().encode('c=3&a=4'), 'application/x-www-form-urlencoded'),
    );
    expect(raw).toBeInstanceOf(Map);
    expect([...(raw as Map<string, string>)]).toEqual([
      ['a', '4'],
      ['b', '2'],
      ['c', '3'],
    ]);
  });

  it('decodes a multipart body asynchronously, its string fields after the query', async () => {
    const form = new FormData();
    form.set('content', 'hi');
    form.set('file', new Blob(['x']), 'x.txt');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const bytes = new Uint8Array(await request.arrayBuffer());
    const raw = readRawParams(record('to=5', bytes, request.headers.get('content-type')!));
    expect(raw).toBeInstanceOf(Promise);
    expect([...(await raw)]).toEqual([
      ['to', '5'],
      ['content', 'hi'],
    ]);
  });

  it('counts every pair of the query and the body, a repeated name too', () => {
    const limits = { ...DEFAULT_LIMITS, maxParams: 3 };
    const form = 'application/x-www-form-urlencoded';
    expect(() => readRawParams(record('a=1&a=2', 'b=1', form), limits)).not.toThrow();
    expect(() => readRawParams(record('a=1&a=2', 'b=1&c=1', form), limits)).toThrow(ApiError);
    expect(() => readRawParams(record('a=1&a=2&a=3&a=4', null, form), limits)).toThrow(ApiError);
  });

  it('splits urlencoded text as URLSearchParams does, pair for pair', () => {
    // Every pair counts toward the limit, so the number of pairs must agree as well as the map.
    const pairs = (text: string): number => {
      for (let max = 0; ; max++) {
        try {
          readRawParams(record(text, null), {
            ...DEFAULT_LIMITS,
            maxParams: max,
          });
          return max;
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
        }
      }
    };
    const check = (text: string): void => {
      const expected = new URLSearchParams(text);
      expect([...(readRawParams(record(text, null)) as Map<string, string>)], text).toEqual([
        ...new Map(expected),
      ]);
      expect(pairs(text), text).toBe([...expected].length);
    };
    const fixed = [
      '&',
      '&&a',
      'a',
      'a=',
      '=a',
      '=',
      'a==b',
      'a=b=c&d',
      '?a=1',
      '??a=1',
      '?',
      'a+b=c+d+',
      '+=+',
    ];
    for (const text of fixed) check(text);
    for (const text of ['a=%20&b=1', 'x=%zz', 'é=ü&€', 'a=\uD800&b', 'a=😀&b=\uDC00x']) check(text);
    // Long texts (past the length split directly), with and without escapes.
    for (const text of [`a=${'x+'.repeat(400)}&b=c+d`, `?a=${'y'.repeat(600)}&&=z`, `a=${'%41'.repeat(300)}`])
      check(text);
    for (const text of seededTexts(7, 3000, 10)) check(text);
  });
});

describe('readRawParams on urlencoded bodies', () => {
  const form = 'application/x-www-form-urlencoded';
  const entries = (request: ApiRequest): Array<[string, string]> => [
    ...(readRawParams(request) as Map<string, string>),
  ];

  it('splits a body, as text or as bytes, as URLSearchParams does', () => {
    const check = (text: string): void => {
      const expected = [...new Map(new URLSearchParams(text))];
      expect(entries(record('', text, form)), text).toEqual(expected);
      expect(entries(record('', new TextEncoder().encode(text), form)), text).toEqual(expected);
    };
    const fixed = ['a+b=c+d+', '+=+', '?a=1+2', 'content=a+benchmark+message+with+**some**+markup', 'a=b&c'];
    for (const text of fixed) check(text);
    for (const text of [
      'a=%20+b',
      'x=%zz+',
      'é=ü+€',
      'a=\uD800+&b',
      'a=😀+&b=\uDC00x',
      `a=${'x+'.repeat(400)}`,
    ])
      check(text);
    for (const text of seededTexts(11, 2000, 12)) check(text);
  });

  it('gives each body its own names and values when bodies repeat fields in the same order', () => {
    const bodies = [
      'type=stream&to=bench&topic=load&content=hi',
      'type=stream&to=bench&topic=load&content=hi',
      'type=stream&to=bench&topic=lead&content=hi',
      'type=stream&to=bench&topic=leader&content=hi',
      'type=stream&to=bench&topic=lo+d&content=hi',
      'type=stream&to=bench&topic=lo d&content=hi',
      'type=stream&to=bench&topic=lo+d&content=hi',
      'type=private&to=bench&topic=&content=hi',
      'to=bench&type=stream&topic=load',
      'ty+e=stream&to=bench',
      'ty e=stream&to=bench',
      `type=stream&to=${'x'.repeat(70)}`,
      `type=stream&to=${'x'.repeat(69)}y`,
    ];
    for (const body of [...bodies, ...bodies.reverse()])
      expect(entries(record('', body, form)), body).toEqual([...new Map(new URLSearchParams(body))]);
  });

  it('reads each body by its own Content-Type when the type changes from one request to the next', async () => {
    const body = 'to=5&content=hi+there';
    const fields = [
      ['to', '5'],
      ['content', 'hi there'],
    ];
    expect(entries(record('', body, form))).toEqual(fields);
    // A JSON body gives no parameters outside the control routes.
    expect(entries(record('', body, 'application/json'))).toEqual([]);
    expect(entries(record('', body, 'Application/X-WWW-Form-Urlencoded; charset=UTF-8'))).toEqual(fields);
    expect(entries(record('', body, 'application/vnd.api+json'))).toEqual([]);
    const multipart = new FormData();
    multipart.set('to', '6');
    const request = new Request('http://x/', {
      method: 'POST',
      body: multipart,
    });
    const bytes = new Uint8Array(await request.arrayBuffer());
    const read = readRawParams(record('', bytes, request.headers.get('content-type')!));
    expect(read).toBeInstanceOf(Promise);
    expect([...(await read)]).toEqual([['to', '6']]);
    expect(entries(record('', body, form))).toEqual(fields);
  });
});

describe('decodeParams', () => {
  it('decodes body parameters, then path parameters, and sorts the ignored names', () => {
    const plan = compileParams('get-messages-message-id');
    const raw = new Map([
      ['zeta', '1'],
      ['apply_markdown', 'false'],
      ['alpha', '2'],
    ]);
    const { params, ignored } = decodeParams(plan, raw, { message_id: '7' });
    expect(ignored).toEqual(['alpha', 'zeta']);
    expect(params).toMatchObject({ apply_markdown: false, message_id: 7 });
  });
});
