/** The mock-only control surface (/svc-mock/* routes): present only when the app runs inside createMock with control on. */
import type { RealmFixture } from '../generated/types.js';
import { errors } from './errors/index.js';

/** One entry of the request log (GET /svc-mock/requests). */
export interface RequestLogEntry {
  id: number;
  /** UNIX seconds (fractional) when the request arrived, on the mock's clock. */
  time: number;
  method: string;
  path: string;
  user_id: number | null;
  email: string | null;
  status: number;
  duration_ms: number;
  /** The raw query string (at most 1,000 characters, then `…`). */
  query: string;
  /** The start of the request body as text (form parameters, JSON), or null without one. */
  request_body: string | null;
  /** The start of the answer's body (JSON text), or null without one. */
  response_body: string | null;
}

/** The clock operations the control API offers. */
export interface ControlClock {
  /** Milliseconds since the UNIX epoch. */
  now(): number;
  /**
   * Jumps forward by `ms` milliseconds or a duration such as `'10m'`, firing due timers in time order.
   * Awaiting it settles the requests pending when it was called first and waits until what fired is delivered.
   */
  advance(by: number | string): Promise<void>;
  /** Jumps to `to` (UNIX seconds or a Date), never backwards; awaitable like `advance`. */
  set(to: number | Date): Promise<void>;
}

/** What control routes can do to the running mock. */
export interface MockControl {
  /** Back to the initial realm; every event queue becomes unknown. */
  reset(): void;
  /** The whole state as a realm fixture object (loadable with --realm, accepted by restore). */
  snapshot(): RealmFixture;
  /** Replaces the state with a snapshot (throws an ApiError naming the problem when it is invalid). */
  restore(snapshot: unknown): void;
  clock: ControlClock;
  /** The recent request log, oldest first. */
  requests(options?: { limit?: number; since?: number }): RequestLogEntry[];
  /** The realm's accounts, as `svc-mock accounts --json` prints them. */
  accounts(): unknown[];
  /**
   * Calls `listener` after each change: of the state, a reset or restore, a logged request, a clock jump.
   * Returns the unsubscribe function. (GET /svc-mock/changes waits on it.)
   */
  watch?(listener: () => void): () => void;
  /** How many changes `watch` has reported so far. */
  revision?(): number;
}

/**
 * The app's control surface; throws the unknown-endpoint 404 when control is off, so a mock without control
 * looks like a server that never had these routes. `services` is the app's AppServices, typed by the one field
 * read here: services.ts imports this file's types, and this file does not import it back.
 */
export function requireControl(
  services: { readonly control?: MockControl },
  request?: { method: string; path: string },
): MockControl {
  if (!services.control) throw errors.noSuchEndpoint(request?.method ?? 'GET', request?.path ?? '/svc-mock/');
  return services.control;
}
