/**
 * Fuzzing every route with hostile input (fixed seed): in-process for the bulk, a smaller sample through the
 * node server and MSW. Longer runs: `npm run fuzz -- --runs 100000` (see src/fuzz/cli.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../api/routes/index.js';
import { describeTransports } from '../testing/transports.js';
import { routeKey } from './fuzz-case.js';
import { fuzzRoute, inProcessTarget, type InProcessTarget } from './run.js';

const SEED = 20251121;
const IN_PROCESS_RUNS = 30;
const TRANSPORT_RUNS = 4;

describe('fuzz: every route, in-process', () => {
  let target: InProcessTarget;
  beforeAll(() => {
    target = inProcessTarget();
  });
  it('covers the whole route table', () => {
    expect(routes.length).toBeGreaterThan(90);
  });
  for (const route of routes) {
    it(`${routeKey(route)}: a JSON 4xx envelope or an accepted answer, never a 5xx or a hang`, async () => {
      const before = target.mock.store.changes;
      await fuzzRoute(target, route, { runs: IN_PROCESS_RUNS, seed: SEED, snapshotEvery: 6 });
      expect(target.mock.store.changes).toBeGreaterThanOrEqual(before);
    }, 60_000);
  }
});

describeTransports('fuzz: a sample of every route', (t) => {
  it('hostile requests get a JSON 4xx envelope or an accepted answer, never a 5xx or a hang', async () => {
    const target = {
      store: () => t().app.store,
      send: (path: string, init: RequestInit) => t().raw(path, init),
    };
    let fuzzed = 0;
    for (const route of routes) {
      await fuzzRoute(target, route, { runs: TRANSPORT_RUNS, seed: SEED + 1, snapshotEvery: 0 });
      fuzzed++;
    }
    expect(fuzzed).toBe(routes.length);
  }, 120_000);
});
