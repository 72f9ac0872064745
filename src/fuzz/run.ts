/** Runs the fuzz property over the route table (in `npm test` with a fixed seed, and from `npm run fuzz`). */
import fc from 'fast-check';
import { routes } from '../api/routes/index.js';
import type { Route } from '../api/route.js';
import { createMock, type Mock } from '../mock/create-mock.js';
import { createManualClock } from '../store/clock.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { catalogueCodes } from './catalogue.js';
import { checkCase, FuzzFailure, type FuzzTarget } from './check.js';
import { fuzzCase, routeKey } from './fuzz-case.js';

/** Options of {@link fuzzRoute} and {@link fuzzRoutes}. */
export interface FuzzOptions {
  /** Cases per route. */
  runs: number;
  /** fast-check seed (the same seed gives the same cases). */
  seed: number;
  /** Replay path printed by a failure (with its seed and route). */
  path?: string;
  /** Compare the whole exported realm on every n-th refused case (0: never). */
  snapshotEvery?: number;
  /** An answer later than this is a hang; default 10 s. */
  timeoutMs?: number;
  /** Silences fast-check's shrinking progress (the report still holds the shrunk case). */
  verbose?: boolean;
}

/** An in-process target: a mock on the dev realm, reset after every request that changed it. */
export interface InProcessTarget extends FuzzTarget {
  mock: Mock;
  /** The last unexpected exception the app logged (the cause of a 500), cleared before each request. */
  lastError(): unknown;
}

/** A mock on the dev realm (othello as member, polonius as guest) wired as a fuzz target. */
export function inProcessTarget(): InProcessTarget {
  let logged: unknown;
  const mock = createMock({
    realm: preparedDevRealm(),
    clock: createManualClock(Date.UTC(2025, 10, 21)),
    seed: 1,
    logError: (_message, error) => (logged = error),
  });
  return {
    mock,
    store: () => mock.store,
    lastError: () => logged,
    async send(path, init) {
      logged = undefined;
      const response = await mock.fetch(new Request(`http://localhost:9991${path}`, init));
      // An accepted fault setting would fail or delay the next cases: the fuzzer is not testing that.
      if (path.startsWith('/svc-mock/faults') && response.status < 400) mock.faults.clear();
      return response;
    },
    afterChange: () => mock.reset(),
  };
}

/** The route table entry named `METHOD /path`, or undefined. */
export function findRoute(key: string): Route | undefined {
  return routes.find((r) => routeKey(r) === key);
}

/** Fuzzes one route on `target`; throws fast-check's report (seed, path, shrunk case) on failure. */
export async function fuzzRoute(target: FuzzTarget, route: Route, options: FuzzOptions): Promise<void> {
  const codes = catalogueCodes();
  let count = 0;
  const every = options.snapshotEvery ?? 25;
  const property = fc.asyncProperty(fuzzCase(route), async (c) => {
    count++;
    try {
      await checkCase(target, route, c, {
        codes,
        timeoutMs: options.timeoutMs ?? 10_000,
        fullSnapshot: every > 0 && count % every === 0,
      });
    } catch (error) {
      const cause = (target as Partial<InProcessTarget>).lastError?.();
      if (error instanceof FuzzFailure && cause instanceof Error)
        error.message += `\n  cause: ${cause.stack ?? cause.message}`;
      throw error;
    }
  });
  await fc.assert(property, {
    numRuns: options.runs,
    seed: options.seed,
    ...(options.path ? { path: options.path, endOnFailure: true } : {}),
    verbose: options.verbose ? 1 : 0,
    includeErrorInReport: true,
  });
}

/** Fuzzes every route (or those whose key is in `only`), in route-table order. */
export async function fuzzRoutes(
  target: FuzzTarget,
  options: FuzzOptions & { only?: readonly string[]; onRoute?: (key: string) => void },
): Promise<void> {
  for (const route of routes) {
    const key = routeKey(route);
    if (options.only && !options.only.includes(key)) continue;
    options.onRoute?.(key);
    try {
      await fuzzRoute(target, route, options);
    } catch (error) {
      if (error instanceof Error) error.message = `${key}: ${error.message}`;
      throw error;
    }
  }
}
