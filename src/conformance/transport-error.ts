/** Requests that got no answer: a time-out or a network failure, named by its cause instead of `fetch failed`. */

/** Why a request got no answer: `timeout` (none within the time-out) or `network` (refused, reset, DNS, TLS...). */
export type TransportKind = 'timeout' | 'network';

/** A request that got no HTTP answer; the message says which request, why, and after how long. */
export class TransportError extends Error {
  /** How many times the request was sent (more than 1 when it was retried). */
  attempts = 1;

  constructor(
    readonly kind: TransportKind,
    /** The cause in a few words, e.g. `connection refused (ECONNREFUSED)`. */
    readonly cause: string,
    /** How long the request ran before it failed (ms). */
    readonly elapsedMs: number,
    /** `METHOD /path` of the request. */
    readonly request: string,
  ) {
    super(`${request}: ${cause} after ${elapsedMs} ms`);
  }
}

/** Error codes (Node.js, undici, OpenSSL) in words. */
const CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed while sending',
  ENOTFOUND: 'host not found (DNS)',
  EAI_AGAIN: 'DNS lookup failed (temporary)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_SOCKET: 'connection closed by the server',
  UND_ERR_CLOSED: 'connection closed',
  UND_ERR_CONNECT_TIMEOUT: 'no connection within the time-out',
  UND_ERR_HEADERS_TIMEOUT: 'no answer within the time-out',
  UND_ERR_BODY_TIMEOUT: 'the answer body stalled past the time-out',
  UND_ERR_RESPONSE_EXCEEDED_MAX_SIZE: 'answer too large',
  CERT_HAS_EXPIRED: 'TLS: certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS: self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS: self-signed certificate in the chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS: certificate cannot be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS: certificate is for another host',
};

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The innermost error of a `cause` chain with a code (undici wraps the socket's error in `fetch failed`). */
function rootCause(error: unknown): ErrorLike {
  let current = error as ErrorLike;
  for (let depth = 0; depth < 5; depth++) {
    const next = current?.cause as ErrorLike | undefined;
    if (!next || typeof next !== 'object') break;
    current = next;
    if (typeof current.code === 'string') break;
  }
  return current ?? {};
}

/**
 * Names why a request failed. `timedOut` says the request's own time-out signal fired (an AbortSignal's
 * `TimeoutError`, or its abort reason); everything else is classified by the error code of its cause.
 */
export function classifyTransportError(
  error: unknown,
  request: string,
  elapsedMs: number,
  timeoutMs: number,
  timedOut = false,
): TransportError {
  if (error instanceof TransportError) return error;
  const root = rootCause(error);
  const name = String((error as ErrorLike)?.name ?? '');
  if (timedOut || name === 'TimeoutError' || root.name === 'TimeoutError')
    return new TransportError('timeout', `no answer within ${timeoutMs} ms (--timeout)`, elapsedMs, request);
  const code = typeof root.code === 'string' ? root.code : undefined;
  if (code && TIMEOUT_CODES.has(code))
    return new TransportError('timeout', `${CODES[code]} of ${timeoutMs} ms (${code})`, elapsedMs, request);
  if (name === 'AbortError' || root.name === 'AbortError')
    return new TransportError('network', 'request aborted', elapsedMs, request);
  const message = String(root.message ?? (error as ErrorLike)?.message ?? 'unknown error');
  const words = code ? CODES[code] : undefined;
  const cause = words
    ? `${words} (${code})`
    : code
      ? `${message.replace(/\s+/g, ' ').slice(0, 160)} (${code})`
      : message.replace(/\s+/g, ' ').slice(0, 160);
  return new TransportError('network', cause, elapsedMs, request);
}
