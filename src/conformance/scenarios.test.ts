import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenarioFile } from './loader.js';
import { computeCoverage } from './coverage.js';
import { formatFailures } from './report.js';
import { createMockTarget, devRealmAccounts } from './mock-target.js';
import { runScenario } from './runner.js';
import type { ScenarioResult } from './transcript.js';
import { NEWEST_FEATURE_LEVEL } from '../versions/index.js';

const dir = new URL('../../scenarios/', import.meta.url).pathname;
const files = readdirSync(dir)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();
/** Every scenario also runs against the mock at this old level: it passes there or skips what needs more. */
const OLD_LEVEL = 200;
/** And at the mock's default, the newest level (13.0-dev), where the endpoints of levels 436-503 exist. */
const NEWEST_LEVEL = NEWEST_FEATURE_LEVEL;
const LEVELS = [435, OLD_LEVEL, NEWEST_LEVEL];
/** Each scenario's run at each level, made once: by its own test, or by the coverage test when it comes first. */
const runs = new Map<string, Promise<ScenarioResult>>();

function run(file: string, featureLevel: number): Promise<ScenarioResult> {
  const key = `${featureLevel} ${file}`;
  let result = runs.get(key);
  if (!result) {
    result = runScenario(loadScenarioFile(`${dir}${file}`), {
      target: createMockTarget({ featureLevel }),
      accounts: devRealmAccounts(),
      featureLevel,
      runId: `vitest-${featureLevel}-${file}`,
    });
    runs.set(key, result);
  }
  return result;
}

describe('every scenario of scenarios/ passes against the in-process mock', () => {
  it('finds scenario files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s', async (file) => {
    const result = await run(file, LEVELS[0]!);
    if (result.outcome === 'skipped') expect(result.skipReason).toMatch(/needs control|is for feature level/);
    else expect(formatFailures(result)).toBe('');
    expect(result.outcome).not.toBe('failed');
  });

  it.each(files)(`%s at feature level ${OLD_LEVEL}`, async (file) => {
    const result = await run(file, OLD_LEVEL);
    expect(formatFailures(result)).toBe('');
    expect(result.outcome).not.toBe('failed');
  });

  it.each(files)(`%s at feature level ${NEWEST_LEVEL}`, async (file) => {
    const result = await run(file, NEWEST_LEVEL);
    if (result.outcome === 'skipped') expect(result.skipReason).toMatch(/needs control|is for feature level/);
    else expect(formatFailures(result)).toBe('');
    expect(result.outcome).not.toBe('failed');
  });

  it('exercise every endpoint of the route table and every error code of the spec', async () => {
    // One after another, as their own tests run them (already done when those tests came first).
    const results: ScenarioResult[] = [];
    for (const level of LEVELS) for (const file of files) results.push(await run(file, level));
    const coverage = computeCoverage(results);
    expect(coverage.endpoints.filter((e) => e.requests === 0).map((e) => e.endpoint)).toEqual([]);
    const missing = Object.entries(coverage.errorCodes.spec).filter(([, n]) => n === 0);
    expect(missing.map(([code]) => code)).toEqual([]);
  }, 600_000);
});
