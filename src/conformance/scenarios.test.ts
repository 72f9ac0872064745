import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenarioFile } from './loader.js';
import { formatFailures } from './report.js';
import { createMockTarget, devRealmAccounts } from './mock-target.js';
import { runScenario } from './runner.js';

const dir = new URL('../../scenarios/', import.meta.url).pathname;
const files = readdirSync(dir)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();
const target = createMockTarget();

describe('every scenario of scenarios/ passes against the in-process mock', () => {
  it('finds scenario files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s', async (file) => {
    const result = await runScenario(loadScenarioFile(`${dir}${file}`), {
      target,
      accounts: devRealmAccounts(),
      featureLevel: 435,
      runId: `vitest-${file}`,
    });
    if (result.outcome === 'skipped') expect(result.skipReason).toMatch(/needs control/);
    else expect(formatFailures(result)).toBe('');
    expect(result.outcome).not.toBe('failed');
  });
});
