/** A server reached over HTTP with undici (the only module of the runner that does network I/O). */
import { lookup } from 'node:dns';
import type { Agent } from 'undici';
import type { AccountBook } from './accounts.js';
import { accountsFromList } from './accounts.js';
import type { Feature, Target } from './target.js';
import { NO_RETRIES, withRetries, type RetryPolicy } from './retry.js';
import { classifyTransportError, TransportError } from './transport-error.js';

/** The per-request time-out when none is given (ms). */
export const DEFAULT_TIMEOUT_MS = 30_000;

// Statuses whose answers have no body (a Response refuses one).
const NULL_BODY = new Set([101, 204, 205, 304]);

/** Options of {@link createHttpTarget}. */
export interface HttpTargetOptions {
  /** Per-request time-out in milliseconds (default 30 s): connecting, the headers and the whole body. */
  timeoutMs?: number;
  /** Features the server is known to have (a svc-mock server has the control API). */
  features?: readonly Feature[];
  /**
   * Connect to this host name or address whatever the URL's host (a realm's URL names its subdomain, which DNS
   * may not know: `r1.localhost`); the URL's host is still sent as `Host`.
   */
  connectTo?: string;
}

/** A target at `url` (the server root, e.g. `http://127.0.0.1:9991`; a trailing `/api/v1` is dropped). */
export function createHttpTarget(url: string, options: HttpTargetOptions = {}): Target {
  const baseUrl = url.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // undici is imported on the first request: the CLI loads this module for every command, `serve` included.
  let agent: Agent | undefined;
  const fetch = async (request: Request): Promise<Response> => {
    const undici = await import('undici');
    agent ??= new undici.Agent({
      headersTimeout: timeout,
      bodyTimeout: timeout,
      connect: {
        timeout,
        ...(options.connectTo === undefined
          ? {}
          : { lookup: (_name, opts, done) => lookup(options.connectTo!, opts, done) }),
      },
      connections: 8,
    });
    const started = performance.now();
    // One deadline for the whole exchange (undici's own time-outs restart at each stage); the caller's signal
    // (a scenario out of time, Ctrl-C) ends it too.
    const deadline = AbortSignal.timeout(timeout);
    try {
      const body = request.body ? await request.text() : undefined;
      const response = await undici.fetch(request.url, {
        method: request.method,
        headers: [...request.headers],
        body,
        redirect: 'manual',
        dispatcher: agent,
        signal: AbortSignal.any([deadline, request.signal]),
      });
      // The body is read here, so that a stalled or cut body is a transport failure like a missing answer.
      const bytes = await response.arrayBuffer();
      return new Response(NULL_BODY.has(response.status) ? null : bytes, {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
      });
    } catch (error) {
      const label = `${request.method} ${new URL(request.url).pathname}`;
      const elapsed = Math.round(performance.now() - started);
      throw classifyTransportError(error, label, elapsed, timeout, deadline.aborted);
    }
  };
  return {
    name: baseUrl,
    baseUrl,
    features: new Set(options.features ?? []),
    session: () => Promise.resolve({ fetch, close: () => Promise.resolve() }),
    close: () => agent?.close() ?? Promise.resolve(),
  };
}

/**
 * Asks a svc-mock server for its accounts (GET /svc-mock/accounts); undefined when the target does not answer
 * it. A server that cannot be reached at all is a TransportError (after the retries), not "no accounts".
 */
export async function fetchMockAccounts(
  target: Target,
  retry: RetryPolicy = NO_RETRIES,
): Promise<AccountBook | undefined> {
  const session = await target.session();
  try {
    const { value: response } = await withRetries(
      () => session.fetch(new Request(`${target.baseUrl}/svc-mock/accounts`)),
      retry,
      (r) => r.status >= 500,
    );
    if (!response.ok) return undefined;
    const body = (await response.json()) as unknown;
    const rows = Array.isArray(body) ? body : (body as { accounts?: unknown } | null)?.accounts;
    return Array.isArray(rows) ? accountsFromList(rows as Array<Record<string, unknown>>) : undefined;
  } catch (error) {
    if (error instanceof TransportError) throw error;
    return undefined;
  } finally {
    await session.close();
  }
}
