import { expect, it } from 'vitest';
import { runSoak } from './run.js';
import { formatReport } from './verdict.js';

// The code of `npm run soak`, with a small bound: 100 queues over 10 users, 5 s of traffic, a fixed seed.
it('delivers every event to every queue exactly once and in order, answers no 5xx and frees the queues', async () => {
  const report = await runSoak({ durationSec: 5, queues: 100, users: 10, seed: 7 });
  const summary = formatReport(report);
  expect(report.failures, summary).toEqual([]);
  expect(report.deliveries, summary).toBeGreaterThan(0);
  expect(Object.keys(report.workload.actions).length, summary).toBeGreaterThanOrEqual(5);
  expect(report.check, summary).toMatchObject({ missing: 0, unexpected: 0, orderConflict: false });
  expect(report.answers.serverErrors).toBe(0);
  expect(report.memory.afterQueues.queues).toBe(0);
}, 240_000);
