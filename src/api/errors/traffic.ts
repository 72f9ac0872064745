/** Errors of the traffic shaper: rate limiting as the real server answers it, and injected failures. */
import { ApiError } from './core.js';

const GATEWAY_TEXT: Record<number, string> = {
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Traffic error factories. */
export const trafficErrors = {
  /** 429 with `retry-after` (seconds, float) in the body and the Retry-After header (reference facts E.3). */
  rateLimitHit: (retryAfter: number, headers: Record<string, string>) =>
    new ApiError(
      'RATE_LIMIT_HIT',
      'API usage exceeded rate limit',
      429,
      { 'retry-after': retryAfter },
      { ...headers, 'Retry-After': String(retryAfter) },
    ),
  /** An injected server failure: the same envelope as an unexpected exception. */
  injectedFailure: () => new ApiError(null, 'Internal server error', 500),
  /**
   * An injected proxy failure. A real gateway answers with its own (often HTML) page; the mock keeps the JSON
   * error envelope, without a code, so clients that parse every body still can.
   */
  gatewayFailure: (status: number) => new ApiError(null, GATEWAY_TEXT[status] ?? 'Bad Gateway', status),
} as const;
