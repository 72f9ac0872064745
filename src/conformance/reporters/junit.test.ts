import { parse } from 'junit2json';
import { describe, expect, it } from 'vitest';
import { computeCoverage } from '../coverage.js';
import type { RunReport } from '../report.js';
import type { ScenarioResult } from '../transcript.js';
import { renderJunit } from './junit.js';
import { CURL, sampleReport, TRICKY } from './sample-report.test-util.js';

const result = (
  file: string,
  name: string,
  outcome: ScenarioResult['outcome'],
  extra: Partial<ScenarioResult> = {},
): ScenarioResult => ({
  file,
  name,
  outcome,
  runId: 'r1',
  featureLevel: 400,
  steps: [],
  failures: [],
  durationMs: 12,
  ...extra,
});

describe('renderJunit', () => {
  it('writes JUnit XML that a JUnit parser reads back: suites per file, cases per scenario, failures and skips', async () => {
    const results = [
      result('scenarios/a.yaml', 'sends <a> & "b"', 'passed'),
      result('scenarios/b.yaml', 'fails', 'failed', {
        failures: [
          { kind: 'mismatch', message: 'body/id: differs', expected: 1, actual: 2, step: 'steps[1] GET /x' },
        ],
      }),
      result('scenarios/b.yaml', 'is skipped', 'skipped', {
        skipReason: 'needs feature level 500, the target has 400',
      }),
    ];
    const report: RunReport = {
      target: 'mock',
      featureLevel: 400,
      runId: 'r1',
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 40,
      results,
      coverage: computeCoverage(results),
    };
    const parsed = (await parse(renderJunit(report))) as {
      tests: number;
      failures: number;
      skipped: number;
      testsuite: Array<{ name: string; tests: number; testcase: Array<Record<string, unknown>> }>;
    };
    expect(parsed).toMatchObject({ tests: 3, failures: 1, skipped: 1 });
    expect(parsed.testsuite.map((s) => [s.name, s.tests])).toEqual([
      ['scenarios/a.yaml', 1],
      ['scenarios/b.yaml', 2],
    ]);
    expect(parsed.testsuite[0]!.testcase[0]!.name).toBe('sends <a> & "b"');
    const [failed, skipped] = parsed.testsuite[1]!.testcase as Array<{
      failure?: Array<{ message: string; type: string; inner: string }>;
      skipped?: Array<{ message: string }>;
    }>;
    expect(failed!.failure![0]).toMatchObject({ message: 'body/id: differs', type: 'mismatch' });
    expect(failed!.failure![0]!.inner).toContain('- expected 1');
    expect(failed!.failure![0]!.inner).toContain('+ actual   2');
    expect(skipped!.skipped![0]!.message).toBe('needs feature level 500, the target has 400');
  });
});

describe('renderJunit of failures and errors', () => {
  it('writes infrastructure failures as <error>, a time on every testcase and testsuite, and the curl of the failed step', async () => {
    type Case = {
      name: string;
      time: number;
      failure?: Array<{ message: string; type: string; inner: string }>;
      error?: Array<{ message: string; type: string; inner: string }>;
    };
    const parsed = (await parse(renderJunit(sampleReport()))) as {
      tests: number;
      failures: number;
      errors: number;
      skipped: number;
      time: number;
      testsuite: Array<{ name: string; time: number; errors: number; failures: number; testcase: Case[] }>;
    };
    expect(parsed).toMatchObject({ tests: 5, failures: 1, errors: 1, skipped: 1, time: 31.584 });
    const cases = parsed.testsuite.flatMap((s) => s.testcase);
    expect(cases.map((c) => c.time)).toEqual([0.012, 1.53, 30.002, 0, 0.04]);
    expect(parsed.testsuite.every((s) => typeof s.time === 'number')).toBe(true);
    const [, wrong, unreachable] = cases;
    expect(wrong!.error).toBeUndefined();
    expect(wrong!.failure![0]).toMatchObject({ message: 'body/id: differs', type: 'mismatch,schema' });
    expect(wrong!.failure![0]!.inner).toContain(`  $ ${CURL}`);
    expect(wrong!.failure![0]!.inner).toContain(TRICKY);
    expect(unreachable!.failure).toBeUndefined();
    expect(unreachable!.error![0]).toMatchObject({
      message: 'connection refused (ECONNREFUSED) after 3 ms',
      type: 'network',
    });
    expect(parsed.testsuite.find((s) => s.name === 'scenarios/c.yaml')).toMatchObject({
      errors: 1,
      failures: 0,
    });
  });
});
