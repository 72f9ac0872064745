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
  /** The app was built without a Traffic (createApp without `traffic`), so there is nothing to set. */
  trafficOff: () =>
    new ApiError(
      'BAD_REQUEST',
      'Latency, faults and rate limits are not enabled on this mock: create it with createMock or createApp({ traffic: createTraffic() })',
      400,
    ),
} as const;
