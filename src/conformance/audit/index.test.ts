import { describe, expect, it } from 'vitest';
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
    expect(result).toMatchObject({ file: 'audit', outcome: 'failed' });
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
});
