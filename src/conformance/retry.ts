/** Retrying requests that failed for reasons of the network: transport failures and gateway statuses. */
import { TransportError } from './transport-error.js';

/** How often and how soon a request is sent again. */
export interface RetryPolicy {
  /** Extra attempts after the first (0: none). */
  retries: number;
  /** Pause before the first retry (ms); each further retry waits twice as long, up to 2 s. */
  delayMs: number;
  sleep?: (ms: number) => Promise<void>;
  /** No retry once aborted (scenario out of time, Ctrl-C). */
  signal?: AbortSignal;
}

/** No retries. */
export const NO_RETRIES: RetryPolicy = { retries: 0, delayMs: 0 };

/** Default pause before the first retry (ms). */
export const DEFAULT_RETRY_DELAY_MS = 200;

/** Statuses a gateway answers for a server that is briefly away: worth another try. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** Methods retried without the step's say-so: they change nothing on the server. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `attempt` until it answers something `again` does not ask to retry, throws something other than a
 * TransportError, or the retries are used up. Resolves with the last answer and the number of attempts; a
 * TransportError that ends it carries `attempts`.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  again: (answer: T) => boolean,
): Promise<{ value: T; attempts: number }> {
  const sleep = policy.sleep ?? realSleep;
  for (let attempts = 1; ; attempts++) {
    const last = attempts > policy.retries || policy.signal?.aborted === true;
    try {
      const value = await attempt();
      if (last || !again(value)) return { value, attempts };
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      error.attempts = attempts;
      if (last) throw error;
    }
    await sleep(Math.min(policy.delayMs * 2 ** (attempts - 1), 2000));
  }
}
