import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../api/app.js';
import { devRealm } from '../../testing/dev-realm.js';
import { createHandlers } from './handlers.js';

const app = createApp({ realm: devRealm() });

describe('createHandlers under a base URL', () => {
  const server = setupServer(...createHandlers(app, { baseUrl: 'http://mock.test' }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it('serves the API under the base URL', async () => {
    const res = await fetch('http://mock.test/api/v1/server_settings');
    expect(res.status).toBe(200);
    expect((await res.json()).result).toBe('success');
  });

  it('answers unknown API paths with the JSON 404 envelope', async () => {
    const res = await fetch('http://mock.test/api/v1/nope');
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('BAD_REQUEST');
  });

  it('lets handlers added with server.use() take priority', async () => {
    server.use(
      http.get('http://mock.test/api/v1/server_settings', () => HttpResponse.json({ overridden: true })),
    );
    expect(await (await fetch('http://mock.test/api/v1/server_settings')).json()).toEqual({
      overridden: true,
    });
  });

  it('leaves requests outside the API to the unhandled-request policy', async () => {
    // The 'error' policy prints an error per request and fails it: check what it prints, print nothing.
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(fetch('http://mock.test/elsewhere')).rejects.toThrow();
      await expect(fetch('http://other.test/api/v1/server_settings')).rejects.toThrow();
      const messages = printed.mock.calls.map((args) => args.map(String).join(' '));
      expect(messages).toHaveLength(2);
      expect(messages[0]).toContain('[MSW] Error: intercepted a request without a matching request handler');
      expect(messages[0]).toContain('GET http://mock.test/elsewhere');
      expect(messages[1]).toContain('GET http://other.test/api/v1/server_settings');
    } finally {
      printed.mockRestore();
    }
  });
});

describe('createHandlers for any origin', () => {
  const server = setupServer(...createHandlers(app));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('serves the API on every origin', async () => {
    for (const origin of ['http://a.test', 'https://b.example:8443']) {
      expect((await fetch(`${origin}/api/v1/server_settings`)).status).toBe(200);
    }
  });
});
