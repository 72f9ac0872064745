import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../adapters/node/server.js';
import { createManualClock } from '../store/clock.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { MOCK_ORIGIN, basicAuth } from '../testing/transports.js';
import { createMock, type Mock } from './create-mock.js';
import { JsonText } from '../api/json-text.js';
import { BodyHead, EXCERPT_LENGTH, jsonExcerpt, responseExcerpt, textExcerpt } from './excerpt.js';

describe('request log excerpts', () => {
  it('gives JSON text up to the bound, cut with an ellipsis, without serialising the rest', () => {
    const small = { a: [1, 'two', null, { b: true }], c: 'x' };
    expect(jsonExcerpt(small)).toBe(JSON.stringify(small));
    const big = { list: Array.from({ length: 100_000 }, (_, i) => ({ id: i, text: 'long text' })) };
    const excerpt = jsonExcerpt(big, 50);
    expect(excerpt).toBe(`${JSON.stringify(big).slice(0, 50)}…`);
    expect(textExcerpt('abc', 2)).toBe('ab…');
    expect(textExcerpt(new TextEncoder().encode('é'.repeat(3000)))).toBe(`${'é'.repeat(EXCERPT_LENGTH)}…`);
    expect(textExcerpt(null)).toBeNull();
    const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
    expect(textExcerpt(encode('a'.repeat(10)), 10)).toBe('a'.repeat(10));
    expect(textExcerpt(encode('a'.repeat(11)), 10)).toBe(`${'a'.repeat(10)}…`);
    expect(textExcerpt(encode(`${'a'.repeat(9)}é`), 10)).toBe(`${'a'.repeat(9)}é`);
    expect(textExcerpt(encode(`${'a'.repeat(9)}éb`), 10)).toBe(`${'a'.repeat(9)}é…`);
  });

  it('reads a page made of pieces only as far as the excerpt reaches, and leaves the pieces to be sent', () => {
    const pieces = Array.from({ length: 300 }, (_, i) => new TextEncoder().encode(`${i ? ',' : '['}${i}`));
    pieces.push(new TextEncoder().encode(']'));
    const text = new JsonText(pieces);
    const whole = JSON.stringify(Array.from({ length: 300 }, (_, i) => i));
    expect(jsonExcerpt({ messages: text }, 20)).toBe(`{"messages":${whole.slice(0, 8)}…`);
    expect(jsonExcerpt(text, 2000)).toBe(whole);
    // Not joined by the excerpt: the transport still gets the pieces to copy into memory of its own.
    expect(Array.isArray(text.wire)).toBe(true);
  });

  it('keeps the start of an answer made of pieces as views until listed, then the same excerpt as text', () => {
    const pieces = Array.from({ length: 3000 }, (_, i) =>
      new TextEncoder().encode(`${i ? ',' : '['}"é${i}"`),
    );
    pieces.push(new TextEncoder().encode(']'));
    const body = new JsonText(pieces);
    const kept = responseExcerpt({ status: 200, headers: {}, body });
    expect(kept).toBeInstanceOf(BodyHead);
    const whole = JSON.stringify(Array.from({ length: 3000 }, (_, i) => `é${i}`));
    expect((kept as BodyHead).text()).toBe(`${whole.slice(0, EXCERPT_LENGTH)}…`);
    expect(Array.isArray(body.wire)).toBe(true);
    // Object bodies serialised once (the text the transport sends): cut and copied.
    const json = JSON.stringify({ list: whole });
    expect(responseExcerpt({ status: 200, headers: {}, body: { list: whole }, json })).toBe(
      `${json.slice(0, EXCERPT_LENGTH)}…`,
    );
  });
});

for (const transport of ['in-process', 'http'] as const) {
  describe(`request log entries keep the query, the request body and the answer [${transport}]`, () => {
    let mock: Mock;
    let server: RunningServer | undefined;
    let origin = MOCK_ORIGIN;
    const send = (path: string, init?: RequestInit) =>
      transport === 'http'
        ? fetch(`${origin}${path}`, init)
        : mock.fetch(new Request(`${origin}${path}`, init));

    beforeAll(async () => {
      mock = createMock({ realm: preparedDevRealm(), clock: createManualClock(0), logError: () => {} });
      if (transport === 'http') {
        server = await startServer(mock, { port: 0 });
        origin = server.url;
      }
    });
    afterAll(() => server?.close());

    it('logs a sent message with its form body and the answer with its id', async () => {
      const res = await send('/api/v1/messages', {
        method: 'POST',
        headers: { Authorization: basicAuth(mock, 'hamlet@svc.test') },
        body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'log', content: 'logged body' }),
      });
      const { id } = (await res.json()) as { id: number };
      const entry = mock.requests().at(-1)!;
      expect(entry).toMatchObject({
        path: '/api/v1/messages',
        query: '',
        request_body: 'type=stream&to=Verona&topic=log&content=logged+body',
      });
      expect(JSON.parse(entry.response_body!)).toMatchObject({ result: 'success', id });
    });

    it('keeps a query, no request body for a GET, and only the start of a large answer', async () => {
      await send('/api/v1/register', {
        method: 'POST',
        headers: { Authorization: basicAuth(mock, 'hamlet@svc.test') },
      });
      const register = mock.requests().at(-1)!;
      expect(register.response_body!.length).toBe(EXCERPT_LENGTH + 1);
      expect(register.response_body!.endsWith('…')).toBe(true);
      await send('/svc-mock/requests?limit=1');
      expect(mock.requests().at(-1)).toMatchObject({ query: 'limit=1', request_body: null });
    });
  });
}
