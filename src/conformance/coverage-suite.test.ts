import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { NEWEST_FEATURE_LEVEL } from '../versions/index.js';
import { computeCoverage, coverageFigures, coverageSummary, type Coverage } from './coverage.js';
import { loadScenarioFile } from './loader.js';
import { createMockTarget, devRealmAccounts } from './mock-target.js';
import { runScenarios } from './runner.js';

const dir = new URL('../../scenarios/', import.meta.url).pathname;

let coverage: Coverage;

beforeAll(async () => {
  const files = readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
  const results = await runScenarios(
    files.map((f) => loadScenarioFile(`${dir}${f}`)),
    {
      target: createMockTarget(),
      accounts: devRealmAccounts(),
      featureLevel: NEWEST_FEATURE_LEVEL,
      runId: 'coverage',
    },
  );
  coverage = computeCoverage(results, { featureLevel: NEWEST_FEATURE_LEVEL, control: true });
  // The figures, for the test log.
  console.log(coverageSummary(coverage));
  // About 10 s of CPU for the whole suite; more on a machine shared with other test runs.
}, 180_000);

describe('the bundled suite against the mock at its default feature level', () => {
  it('reaches every endpoint of the route table', () => {
    expect(coverage.endpoints.filter((e) => e.requests === 0).map((e) => e.endpoint)).toEqual([]);
  });

  it('receives every spec error code of the level', () => {
    const missing = Object.entries(coverage.errorCodes.spec).filter(([, n]) => n === 0);
    expect(missing.map(([code]) => code)).toEqual([]);
  });

  it('receives every event type of the level', () => {
    const missing = Object.entries(coverage.eventTypes)
      .filter(([, n]) => n === 0)
      .map(([type]) => type);
    expect(missing).toEqual([]);
  });

  it('sends at least 80% of the parameters the endpoint schemas and paths name', () => {
    const { covered, total } = coverageFigures(coverage).parameters;
    expect(covered / total).toBeGreaterThanOrEqual(0.8);
  });
});
