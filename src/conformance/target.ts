/** Targets: where scenarios run. The runner reaches them only through a fetch-like function. */
import { IDEMPOTENT_METHODS, RETRY_STATUSES, withRetries, type RetryPolicy } from './retry.js';
import type { FetchLike } from './session.js';

/** Features some targets have and scenarios may require. */
export type Feature = 'control';

/** One scenario's connection to the target (the mock gives each scenario a fresh realm). */
export interface TargetSession {
  fetch: FetchLike;
  close(): Promise<void>;
}

/** A server under test. */
export interface Target {
  /** `mock` or the URL, for reports. */
  name: string;
  /** Base URL requests are sent to (in-process targets only read the path). */
  baseUrl: string;
  features: ReadonlySet<Feature>;
  session(): Promise<TargetSession>;
  close(): Promise<void>;
}

/** Wraps a target so every response passes through `alter` (tests use it to make a deliberately different server). */
export function alterTarget(
  target: Target,
  alter: (request: Request, response: Response, fetch: FetchLike) => Promise<Response>,
): Target {
  return {
    ...target,
    async session() {
      const inner = await target.session();
      return {
        ...inner,
        fetch: async (request) => alter(request, await inner.fetch(request.clone()), inner.fetch),
      };
    },
  };
}

/**
 * The target whose GET and HEAD requests are retried by `policy` (transport failures, 502/503/504): for the
 * run's own reads around the scenarios (accounts check, audit), which no step record counts.
 */
export function retryReads(target: Target, policy: RetryPolicy): Target {
  if (!policy.retries) return target;
  return {
    ...target,
    async session() {
      const inner = await target.session();
      const fetch: FetchLike = async (request) => {
        if (!IDEMPOTENT_METHODS.has(request.method)) return inner.fetch(request);
        const again = (response: Response): boolean => RETRY_STATUSES.has(response.status);
        return (await withRetries(() => inner.fetch(request.clone()), policy, again)).value;
      };
      return { ...inner, fetch };
    },
  };
}
