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
