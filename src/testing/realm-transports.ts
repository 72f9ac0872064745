/**
 * Requests to the realms of one many-realm mock over each transport: in-process (`mock.fetch`), the node
 * server on 127.0.0.1 with a `Host` naming the realm, and MSW intercepting `http://<realm>.localhost:9991`.
 */
import { request as httpRequest } from 'node:http';
import { setupServer } from 'msw/node';
import { request as undiciRequest } from 'undici';
import { createHandlers } from '../adapters/msw/handlers.js';
import { startServer, type RunningServer } from '../adapters/node/server.js';
import type { Mock } from '../mock/create-mock.js';
import { TRANSPORTS, type TransportName } from './transports.js';

export { TRANSPORTS, type TransportName };

/** One request: method, path (absolute: `/api/v1/...`, `/svc-mock/...`), headers and a text body. */
export interface RealmRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A parsed answer. */
export interface RealmAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary API bodies
  body: any;
}

/** Sends to the realm at `subdomain` (undefined: the root host, the default realm). */
export type RealmSend = (
  subdomain: string | undefined,
  path: string,
  request?: RealmRequest,
) => Promise<RealmAnswer>;

/** A transport opened on a mock: `send`, the port realm hosts carry, and `close`. */
export interface RealmTransport {
  send: RealmSend;
  port: number;
  close(): Promise<void>;
}

const parse = (text: string): unknown => (text ? JSON.parse(text) : null);

/** Opens `transport` on `mock` (a server on port 0, or MSW listening) until `close`. */
export async function openRealmTransport(transport: TransportName, mock: Mock): Promise<RealmTransport> {
  const hostOf = (subdomain: string | undefined, port: number): string =>
    subdomain === undefined ? `localhost:${port}` : `${subdomain}.localhost:${port}`;
  if (transport === 'http') {
    const running: RunningServer = await startServer(mock, { port: 0, host: '127.0.0.1' });
    const send: RealmSend = (subdomain, path, request = {}) =>
      new Promise((resolve, reject) => {
        const req = httpRequest(
          `${running.url}${path}`,
          {
            method: request.method ?? 'GET',
            headers: { ...request.headers, Host: hostOf(subdomain, running.port) },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: parse(text) }));
          },
        );
        req.on('error', reject);
        req.end(request.body);
      });
    return { send, port: running.port, close: () => running.close() };
  }
  const port = 9991;
  const fetchVia = async (subdomain: string | undefined, path: string, request: RealmRequest = {}) => {
    const init = { method: request.method ?? 'GET', headers: request.headers, body: request.body };
    const url = `http://${hostOf(subdomain, port)}${path}`;
    const response = transport === 'msw' ? await fetch(url, init) : await mock.fetch(new Request(url, init));
    return { status: response.status, body: parse(await response.text()) };
  };
  if (transport === 'in-process') return { send: fetchVia, port, close: () => Promise.resolve() };
  const msw = setupServer(...createHandlers(mock));
  msw.listen({ onUnhandledRequest: 'error' });
  return {
    send: fetchVia,
    port,
    close: () => {
      msw.close();
      return Promise.resolve();
    },
  };
}

/** Basic credentials of an account row (as `accounts()` lists them). */
export function authOf(account: { email: string; api_key: string }): Record<string, string> {
  return { Authorization: `Basic ${btoa(`${account.email}:${account.api_key}`)}` };
}

/** A JSON body request. */
export function jsonRequest(method: string, body: unknown): RealmRequest {
  return { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

/** A form body request. */
export function formRequest(
  method: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): RealmRequest {
  return {
    method,
    headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  };
}

/**
 * A fetch-like call to a node server at `serverUrl` with `Host: host` (fetch itself always sends the URL's
 * host); redirects are not followed.
 */
export async function fetchWithHost(
  serverUrl: string,
  host: string,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const answer = await undiciRequest(`${serverUrl}${path}`, {
    method: (init.method ?? 'GET') as 'GET',
    headers: { ...(init.headers as Record<string, string> | undefined), host },
    body: init.body as string | undefined,
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers))
    if (typeof value === 'string') headers.set(name, value);
  const bytes = await answer.body.arrayBuffer();
  const empty = answer.statusCode === 204 || answer.statusCode === 304;
  return new Response(empty ? null : bytes, { status: answer.statusCode, headers });
}
