/** Sends one scenario request to a target the way API clients do, and reads the answer back. */
import { routes } from '../api/routes/index.js';
import type { Account } from './accounts.js';
import { aliasIncoming, aliasOutgoing, type Alias } from './alias.js';

/** The one way the runner reaches a server: a fetch-like function. */
export type FetchLike = (request: Request) => Promise<Response>;

/** What was sent, as the transcript records it (parameters as the scenario spells them; never a key). */
export interface SentRequest {
  method: string;
  /** Full path, e.g. `/api/v1/messages/12`. */
  path: string;
  params: Record<string, unknown>;
  /** True when `params` went as a JSON body (a step's `json:`) rather than a form or query. */
  json?: boolean;
  actor: string;
  role: string;
}

/** What came back: status, the headers of interest, the parsed body (text when it is not JSON). */
export interface ReceivedResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const ORIGIN = 'http://svc-mock.localhost';
const SKIPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

// First segments of the route table's absolute routes (`/avatar/...`, `/svc-mock/...`).
const ROOTS = new Set(['api', 'svc-mock', ...routes.filter((r) => r.root).map((r) => r.path.split('/')[1]!)]);

/** Paths under /api/v1 unless already absolute (`/api/...`, `/svc-mock/...`, the route table's root routes). */
export function fullPath(path: string): string {
  return ROOTS.has(path.split('/')[1] ?? '') ? path : `/api/v1${path}`;
}

/** Encodes a parameter value: strings as they are, anything else as JSON text. */
export function encodeParam(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The Basic Authorization header of an account (UTF-8 e-mail and key). */
export function basicAuth(account: Pick<Account, 'email' | 'api_key'>): string {
  const bytes = new TextEncoder().encode(`${account.email}:${account.api_key}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `Basic ${btoa(binary)}`;
}

/** Options of {@link send}. */
export interface SendOptions {
  fetch: FetchLike;
  /** Base URL of the target (ignored by in-process targets, which only read the path). */
  baseUrl?: string;
  account: Account | null;
  aliases: readonly Alias[];
  /** A JSON body to send instead of the form (`params` then go nowhere). */
  json?: unknown;
  /** An Authorization header to send instead of the account's. */
  authorization?: string;
  /** Ends the request early (a scenario out of time, Ctrl-C). */
  signal?: AbortSignal;
}

/** Sends `method path` with parameters (query string for GET, form body otherwise). */
export async function send(
  method: string,
  path: string,
  params: Record<string, unknown>,
  options: SendOptions,
): Promise<ReceivedResponse> {
  const wire = aliasOutgoing(params, options.aliases) as Record<string, unknown>;
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(wire))
    if (value !== undefined) form.append(key, encodeParam(value));
  const base = (options.baseUrl ?? ORIGIN).replace(/\/+$/, '');
  const query = method === 'GET' && [...form.keys()].length ? `?${form.toString()}` : '';
  const headers: Record<string, string> = { 'User-Agent': 'svc-mock-conformance/0.1' };
  const authorization = options.authorization ?? (options.account ? basicAuth(options.account) : undefined);
  if (authorization !== undefined) headers.Authorization = authorization;
  const init: RequestInit = { method, headers, signal: options.signal };
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(aliasOutgoing(options.json, options.aliases));
  } else if (method !== 'GET' && [...form.keys()].length) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    init.body = form.toString();
  }
  const response = await options.fetch(new Request(`${base}${fullPath(path)}${query}`, init));
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON: the body stays text and the content checks report it.
  }
  const received: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!SKIPPED_HEADERS.has(name)) received[name] = value;
  });
  return { status: response.status, headers: received, body: aliasIncoming(body, options.aliases) };
}
