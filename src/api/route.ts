/** The shape of one endpoint in the route table, and what its handler receives. */
import type { Store } from '../store/store.js';
import type { UserRecord } from '../store/state.js';
import { bodyJson, JsonText } from './json-text.js';
import type { AppServices } from './services.js';

/** Who may call a route: an authenticated user, anyone, or anyone with optional credentials. */
export type AuthMode = 'user' | 'none' | 'optional';

/** HTTP methods the API uses. */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The request as the dispatcher sees it: no node or fetch objects, so every transport can build one cheaply. */
export interface ApiRequest {
  method: string;
  /** URL path, e.g. `/api/v1/users/me`. */
  path: string;
  /** Raw query string without the leading `?`. */
  query: string;
  /** Header lookup by lower-case name. */
  header(name: string): string | undefined;
  /** Raw body bytes or text; null for none (or not read yet: see `readBody`). */
  body: Uint8Array | string | null;
  /**
   * Streams the body when `body` is null: called after routing and authentication, with the route's byte
   * limit; rejects with {@link BodyTooLargeError} as soon as more than `limit` bytes arrive.
   */
  readBody?(limit: number): Promise<Uint8Array | null>;
  /** Aborted when the client goes away (frees long polls). */
  signal?: AbortSignal;
  /** The client's address, when the transport knows it (the unauthenticated rate-limit bucket). */
  ip?: string;
}

/**
 * What the dispatcher learned of a request, for a caller that logs it (createMock's request log): filled in as
 * dispatch goes, so that the log neither authenticates the request again nor wraps its body reader.
 */
export interface RequestSeen {
  /** The user it authenticated (unset: the route takes no credentials, or they were refused). */
  user?: UserRecord;
  /** The body as read (unset: never read); its decoded text once form or JSON parameters were read from it. */
  body?: Uint8Array | string | null;
}

/** The dispatcher's answer; `body` is serialized as JSON unless null. */
export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** Set when the mock injects a dropped connection: transports fail the request at the network level. */
  drop?: boolean;
  /** The JSON text of an object body, when made already (the request log's excerpt): sent as it is. */
  json?: string;
}

/**
 * The body of an answer as sent: JSON for API bodies, the body itself when it is already text (an SVG avatar)
 * or bytes (an uploaded image).
 */
export function responseText(response: ApiResponse): string | Uint8Array<ArrayBuffer> | null {
  if (response.body === null) return null;
  if (response.body instanceof Uint8Array) return response.body as Uint8Array<ArrayBuffer>;
  // JSON made as bytes (a page of cached messages) is sent as they are, not decoded to be encoded again.
  if (response.body instanceof JsonText) return response.body.body as string | Uint8Array<ArrayBuffer>;
  if (typeof response.body === 'string') return response.body;
  return response.json ?? bodyJson(response.body as object);
}

/** How `app.fetch` fails a request whose connection the mock drops (fetch itself rejects with a TypeError). */
export class ConnectionDroppedError extends TypeError {
  constructor() {
    super('fetch failed: connection dropped by svc-mock');
    this.name = 'ConnectionDroppedError';
  }
}

/** Thrown by `ApiRequest.readBody` when the body is larger than the limit (the dispatcher answers 413). */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** Thrown by `ApiRequest.readBody` when the client closed the connection before its whole body arrived. */
export class BodyAbortedError extends Error {
  constructor() {
    super('the client closed the connection before sending the whole request body');
    this.name = 'BodyAbortedError';
  }
}

/** Thrown by `ApiRequest.readBody` when the server holds as many body bytes as it may (answered 429). */
export class BodyBudgetError extends Error {
  constructor() {
    super('too many request body bytes in flight');
    this.name = 'BodyBudgetError';
  }
}

/** A handler's non-JSON answer (e.g. a redirect). */
export class RawResponse {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly body: unknown = null,
  ) {}
}

/** What a handler gets: the store, the caller, parsed parameters and request details. */
export interface RouteContext<P, U extends UserRecord | undefined = UserRecord> {
  store: Store;
  services: AppServices;
  user: U;
  params: P;
  request: ApiRequest;
  /** Sending client's name (from User-Agent), as stored in a message's `client`. */
  clientName: string;
}

/** One endpoint. `schema` names `src/schemas/endpoints/<schema>.json` with `$defs.params` and `$defs.response`. */
export interface Route<P = Record<string, unknown>> {
  method: Method;
  /** Path under `/api/v1` with `{name}` parameters, or an absolute path when `root` is set. */
  path: string;
  root?: boolean;
  auth: AuthMode;
  schema: string | null;
  summary: string;
  /** Also accept `?api_key=` instead of Basic auth (avatar requests). */
  queryApiKey?: boolean;
  /** Incoming-webhook bots may call it (every other route refuses them, as the real server does). */
  allowIncomingWebhook?: boolean;
  /** The body may be as large as `maxUploadBody` (file uploads), not only `maxBody`. */
  largeBody?: boolean;
  /** GET parameters are decoded once per distinct query and shared (frozen): the handler never writes to them. */
  sharedParams?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- narrowed by defineRoute / definePublicRoute
  handler: (context: RouteContext<P, any>) => HandlerResult;
}

/** What a handler returns: extra success-body fields (as an object or as cached JSON text), or a raw response. */
export type HandlerResult =
  | Record<string, unknown>
  | RawResponse
  | JsonText
  | Promise<Record<string, unknown> | RawResponse | JsonText>;

/** Declares an authenticated route with typed parameters. */
export function defineRoute<P>(
  route: Omit<Route<P>, 'auth' | 'handler'> & {
    handler: (context: RouteContext<P, UserRecord>) => HandlerResult;
  },
): Route<P> {
  return { ...route, auth: 'user' };
}

/** Declares a route that works without credentials; `user` is set only when credentials were sent. */
export function definePublicRoute<P>(
  route: Omit<Route<P>, 'auth' | 'handler'> & {
    auth: 'none' | 'optional';
    handler: (context: RouteContext<P, UserRecord | undefined>) => HandlerResult;
  },
): Route<P> {
  return route;
}
