/** The soak's verdict: delivery latency, the list of failed checks and the printed summary. */
import type { Receipts } from './queues.js';
import type { Latency, SoakReport } from './report.js';

export type { Latency };

/**
 * How far the server's heap (after a forced collection) may end above its baseline once the queues and the
 * soak's messages are deleted: room for caches, compiled code and the few hundred records a run leaves
 * (edit history of deleted messages is gone with them; side-channel memberships stay).
 */
export const HEAP_TOLERANCE_BYTES = 24 * 1024 * 1024;

/** The value at fraction `q` of sorted values. */
function quantile(sorted: Float64Array, q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : Number.NaN;
}

/** Latency of every received message event whose send time is known. */
export function latencyOf(receipts: Receipts, sentAt: ReadonlyMap<number, number>): Latency {
  const values: number[] = [];
  for (let i = 0; i < receipts.messageIds.length; i++) {
    const sent = sentAt.get(receipts.messageIds[i]!);
    if (sent !== undefined) values.push(receipts.times[i]! - sent);
  }
  const sorted = Float64Array.from(values).sort();
  return {
    count: sorted.length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: quantile(sorted, 1),
  };
}

/** The failed checks of a report, one line each. */
export function judge(report: SoakReport): string[] {
  const failures: string[] = [];
  const { check, memory, workload } = report;
  if (report.deliveries === 0) failures.push('no event was delivered');
  if (check.missing) failures.push(`${check.missing} events missing from queues`);
  if (check.unexpected) failures.push(`${check.unexpected} events unexpected or duplicated`);
  if (check.orderConflict) failures.push('events reached queues in conflicting orders');
  if (report.answers.serverErrors) failures.push(`${report.answers.serverErrors} answers were 5xx`);
  if (workload.refusals.length)
    failures.push(`${workload.refusals.length} actions refused: ${workload.refusals[0]}`);
  if (report.queueProblems.length)
    failures.push(`${report.queueProblems.length} queue problems: ${report.queueProblems[0]}`);
  if (memory.afterQueues.queues !== 0)
    failures.push(`${memory.afterQueues.queues} queues left after deleting them`);
  const growth = memory.afterCleanup.heapUsed - memory.baseline.heapUsed;
  if (growth > HEAP_TOLERANCE_BYTES)
    failures.push(
      `server heap ${mb(growth)} above its baseline after the cleanup (allowed ${mb(HEAP_TOLERANCE_BYTES)})`,
    );
  return failures;
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const int = (n: number): string => n.toLocaleString('en-US');
const ms = (n: number): string => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

/** The printed summary of a report. */
export function formatReport(report: SoakReport): string {
  const { options: o, memory: m, latency: l, workload: w, check } = report;
  const actions = Object.entries(w.actions).map(([kind, n]) => `${kind} ${int(n)}`);
  const total = Object.values(w.actions).reduce((sum, n) => sum + n, 0);
  const lines = [
    `soak: ${int(o.queues)} queues over ${o.users} users, ${Math.floor(o.users / 2)} sending clients, seed ${o.seed}`,
    `duration: ${report.trafficSec.toFixed(1)} s of traffic, ${report.totalSec.toFixed(1)} s in all`,
    `actions: ${int(total)} (${actions.join(', ')})`,
    `events delivered: ${int(report.deliveries)} (${int(report.heartbeats)} heartbeats besides)`,
    `delivery latency (send → poll return, ${int(l.count)} message events): p50 ${ms(l.p50)}, p99 ${ms(l.p99)}, max ${ms(l.max)}`,
    `answers: ${int(report.answers.total)}, 5xx: ${report.answers.serverErrors}, polls sent again after a lost connection: ${report.pollRetries}`,
    `server RSS: baseline ${mb(m.baseline.rss)}, peak ${mb(m.peakRss)}, after deleting the queues ${mb(m.afterQueues.rss)}, after the cleanup ${mb(m.afterCleanup.rss)}`,
    `server heap after GC: baseline ${mb(m.baseline.heapUsed)}, after deleting the queues ${mb(m.afterQueues.heapUsed)}, after deleting the soak's messages ${mb(m.afterCleanup.heapUsed)}`,
    `checks: ${check.missing} missing, ${check.unexpected} unexpected or duplicated, order ${check.orderConflict ? 'CONFLICT' : 'consistent'}`,
  ];
  for (const example of check.examples) lines.push(`  ${example}`);
  for (const problem of report.queueProblems.slice(0, 5)) lines.push(`  ${problem}`);
  for (const sample of report.answers.serverErrorSamples) lines.push(`  ${sample}`);
  lines.push(report.failures.length ? `FAILED:\n  ${report.failures.join('\n  ')}` : 'PASSED');
  return lines.join('\n');
}
