import { parse } from 'junit2json';
import { describe, expect, it } from 'vitest';
import { computeCoverage } from '../coverage.js';
import type { RunReport } from '../report.js';
import { renderGithubAnnotations } from '../reporters/github.js';
import { renderJunit } from '../reporters/junit.js';
import type { Target } from '../target.js';
import { auditResult, startAudit } from './index.js';

const book = { byRole: { member: [{ email: 'm@x', api_key: 'k' }] }, byActor: {} };

/** A target whose requests fail at the transport from the `failFrom`th on (one read of one account is 12 requests). */
function flakyTarget(failFrom: number): Target {
  let sent = 0;
  const fetch = (): Promise<Response> =>
    ++sent >= failFrom
      ? Promise.reject(new Error('connect ECONNREFUSED'))
      : Promise.resolve(Response.json({}));
  return {
    name: 'flaky',
    baseUrl: 'http://flaky.test',
    features: new Set(),
    session: () => Promise.resolve({ fetch, close: () => Promise.resolve() }),
    close: () => Promise.resolve(),
  };
}

describe('the audit pseudo-scenario', () => {
  it('is one failure per difference, with the path and both values', () => {
    const result = auditResult([{ path: '/users/17/is_active', before: true, after: false }], {
      runId: 'r1',
      featureLevel: 400,
      durationMs: 5,
      accounts: 1,
    });
    expect(result).toMatchObject({ file: '', outcome: 'failed' });
    expect(result.failures).toEqual([
      expect.objectContaining({ step: 'audit', message: '/users/17/is_active: true → false', actual: false }),
    ]);
  });

  it('fails with the cause when the state cannot be read before or after the run', async () => {
    const never = await startAudit(flakyTarget(1), book, { runId: 'r1', featureLevel: 400 });
    expect((await never.finish()).failures).toEqual([
      expect.objectContaining({
        kind: 'error',
        message: expect.stringMatching(/^could not read the state before the run: .*ECONNREFUSED/),
      }),
    ]);
    const later = await startAudit(flakyTarget(15), book, { runId: 'r1', featureLevel: 400 });
    const result = await later.finish();
    expect(result.outcome).toBe('failed');
    expect(result.failures[0]?.message).toMatch(/^could not read the state after the run/);
  });

  it('points at the accounts file it read, or at no file, never at a file named audit', async () => {
    const drift = [{ path: '/realm/name', before: 'A', after: 'B' }];
    const timing = { runId: 'r1', featureLevel: 400, durationMs: 5, accounts: 2 };
    expect(auditResult(drift, { ...timing, file: 'ci/accounts.ini' }).file).toBe('ci/accounts.ini');
    const results = [auditResult(drift, { ...timing, file: 'ci/accounts.ini' }), auditResult(drift, timing)];
    const report: RunReport = {
      target: 'https://chat.example.com',
      featureLevel: 400,
      runId: 'r1',
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 9,
      results,
      coverage: computeCoverage(results),
    };
    const annotations = renderGithubAnnotations(report, { lineOf: () => 1, root: '/' })
      .trimEnd()
      .split('\n');
    expect(annotations).toHaveLength(2);
    expect(annotations[0]).toMatch(/^::error file=ci\/accounts\.ini,line=1,title=audit%3A /);
    // Without a file GitHub shows the annotation on the run, not on a path that does not exist.
    expect(annotations[1]).toMatch(
      /^::error title=audit%3A [^:]*::\[mismatch\] audit: \/realm\/name: "A" → "B"/,
    );
    const junit = (await parse(renderJunit(report))) as {
      testsuite: Array<{ name: string; testcase: Array<{ classname: string }> }>;
    };
    expect(junit.testsuite.map((s) => [s.name, s.testcase[0]!.classname])).toEqual([
      ['ci/accounts.ini', 'ci/accounts.ini'],
      ['https://chat.example.com', 'https://chat.example.com'],
    ]);
  });
});
