/** The shared test harness: one suite, run in-process, over real HTTP and through MSW. */
import { setupServer } from 'msw/node';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { createHandlers } from '../adapters/msw/handlers.js';
import { startServer, type RunningServer } from '../adapters/node/server.js';
import { createApp, type App, type AppOptions } from '../api/app.js';
import type { ApiRequest } from '../api/route.js';
import { createManualClock, type ManualClock } from '../store/clock.js';
import { preparedDevRealm } from './dev-realm.js';
import { assertValidResponse } from './schema-check.js';

/** Where the in-process and MSW transports send requests. */
export const MOCK_ORIGIN = 'http://localhost:9991';
/** The manual clock's start: 2025-11-21T00:00:00Z. */
export const TEST_START_MS = 1763683200000;

export type TransportName = 'in-process' | 'http' | 'msw';
export const TRANSPORTS: readonly TransportName[] = ['in-process', 'http', 'msw'];

/** How a request's parameters are encoded. */
export type Encoding = 'form' | 'multipart' | 'json' | 'query';

/** A parsed response. */
export interface TestResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary API bodies
  body: any;
}

/** Options of one request. */
export interface RequestOptions {
  encoding?: Encoding;
  headers?: Record<string, string>;
  /** Skip the response-schema check (only for tests of malformed traffic). */
  unchecked?: boolean;
}

/** A client bound to a transport and, optionally, a user. */
export interface TestClient {
  request(
    method: string,
    path: string,
    params?: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<TestResponse>;
  get(path: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<TestResponse>;
  post(path: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<TestResponse>;
  patch(path: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<TestResponse>;
  delete(path: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<TestResponse>;
}

/** What each test gets: a fresh app on a manual clock, and clients on the current transport. */
export interface TransportContext {
  transport: TransportName;
  app: App;
  clock: ManualClock;
  /** Client without credentials. */
  anonymous: TestClient;
  /** Client authenticated as the user with this delivery e-mail (looked up in the realm). */
  as(email: string): TestClient;
  /** Sends a raw fetch Request through the transport (no schema check). */
  raw(path: string, init?: RequestInit): Promise<Response>;
}

type Send = (url: string, init: RequestInit) => Promise<Response>;

/** Encodes parameters the way API clients do: strings as they are, everything else as JSON text. */
export function encodeValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

async function buildInit(
  method: string,
  params: Record<string, unknown>,
  options: RequestOptions,
): Promise<{ query: string; init: RequestInit }> {
  const headers: Record<string, string> = { ...options.headers };
  const entries = Object.entries(params).filter(([, v]) => v !== undefined);
  const encoding = options.encoding ?? (method === 'GET' ? 'query' : 'form');
  if (encoding === 'query') {
    return {
      query: new URLSearchParams(entries.map(([k, v]) => [k, encodeValue(v)])).toString(),
      init: { method, headers },
    };
  }
  if (encoding === 'json') {
    headers['content-type'] = 'application/json';
    return { query: '', init: { method, headers, body: JSON.stringify(Object.fromEntries(entries)) } };
  }
  if (encoding === 'multipart') {
    const form = new FormData();
    for (const [k, v] of entries) form.append(k, encodeValue(v));
    // Serialize once so every transport (undici has its own FormData class) sends the same bytes.
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    headers['content-type'] = encoded.headers.get('content-type')!;
    return { query: '', init: { method, headers, body: new Uint8Array(await encoded.arrayBuffer()) } };
  }
  headers['content-type'] = 'application/x-www-form-urlencoded';
  const body = new URLSearchParams(entries.map(([k, v]) => [k, encodeValue(v)])).toString();
  return { query: '', init: { method, headers, body } };
}

/** A client; responses are checked against the schemas of the app's feature level. */
function makeClient(send: Send, origin: string, auth: string | undefined, level: number): TestClient {
  const request: TestClient['request'] = async (method, path, params = {}, options = {}) => {
    const { query, init } = await buildInit(method, params, options);
    if (auth) (init.headers as Record<string, string>).authorization ??= auth;
    const url = `${origin}${path.startsWith('/') ? path : `/api/v1/${path}`}${query ? `?${query}` : ''}`;
    const response = await send(url, init);
    const text = await response.text();
    const body = text ? (JSON.parse(text) as unknown) : null;
    if (!options.unchecked) assertValidResponse(method, new URL(url).pathname, response.status, body, level);
    return { status: response.status, headers: response.headers, body };
  };
  return {
    request,
    get: (p, params, o) => request('GET', p, params, o),
    post: (p, params, o) => request('POST', p, params, o),
    patch: (p, params, o) => request('PATCH', p, params, o),
    delete: (p, params, o) => request('DELETE', p, params, o),
  };
}

/** Basic credentials of a realm user. */
export function basicAuth(app: App, email: string): string {
  const user = app.store.state.usersByEmail.get(email.toLowerCase());
  if (!user) throw new Error(`no user ${email} in the test realm`);
  return `Basic ${btoa(`${user.delivery_email}:${user.api_key}`)}`;
}

/**
 * Runs `suite` once per transport. Each test gets a new app built by `options` on a manual clock.
 * @example
 * describeTransports('GET /users/me', (t) => { it('...', async () => { const res = await t().as(IAGO).get('users/me'); }); });
 */
export function describeTransports(
  name: string,
  suite: (context: () => TransportContext) => void,
  options: Partial<Omit<AppOptions, 'clock'>> = {},
): void {
  for (const transport of TRANSPORTS) {
    describe(`${name} [${transport}]`, () => {
      let current: TransportContext | undefined;
      let app: App | undefined;
      const wrapper = {
        handle: (request: ApiRequest) => app!.handle(request),
        fetch: (request: Request) => app!.fetch(request),
      };
      let send: Send = (url, init) => wrapper.fetch(new Request(url, init));
      let origin = MOCK_ORIGIN;
      let server: RunningServer | undefined;
      let agent: Agent | undefined;
      let msw: ReturnType<typeof setupServer> | undefined;
      beforeAll(async () => {
        if (transport === 'http') {
          server = await startServer(wrapper, { port: 0, host: '127.0.0.1' });
          agent = new Agent({ keepAliveTimeout: 1000 });
          origin = server.url;
          send = (url, init) =>
            undiciFetch(url, { ...(init as object), dispatcher: agent } as Parameters<
              typeof undiciFetch
            >[1]) as unknown as Promise<Response>;
        } else if (transport === 'msw') {
          msw = setupServer(...createHandlers(wrapper));
          msw.listen({ onUnhandledRequest: 'error' });
          send = (url, init) => fetch(url, init);
        }
      });
      afterAll(async () => {
        msw?.close();
        await agent?.close();
        await server?.close();
      });
      beforeEach(() => {
        const clock = createManualClock(TEST_START_MS);
        app = createApp({ realm: preparedDevRealm(), clock, logError: () => {}, ...options });
        const thisApp = app;
        current = {
          transport,
          app: thisApp,
          clock,
          anonymous: makeClient(send, origin, undefined, thisApp.store.featureLevel),
          as: (email) => makeClient(send, origin, basicAuth(thisApp, email), thisApp.store.featureLevel),
          raw: (path, init = {}) => send(`${origin}${path}`, init),
        };
      });
      suite(() => {
        if (!current) throw new Error('transport context used outside a test');
        return current;
      });
    });
  }
}
