/** Targets: where scenarios run. The runner reaches them only through a fetch-like function. */
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
