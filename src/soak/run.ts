/**
 * One soak run: the server in a child process, queues registered and long-polled, clients sending for the
 * given time, a drain, the queues deleted, the soak's messages deleted, and every check.
 */
import { readFileSync } from 'node:fs';
import { checkDeliveries } from './check.js';
import { startServerChild } from './child.js';
import { createCounts, createHttp } from './http.js';
import type { SoakOptions } from './options.js';
import { Oracle } from './oracle.js';
import {
  deleteQueues,
  eachLimited,
  pollQueue,
  registerQueues,
  type Receipts,
  type SoakQueue,
} from './queues.js';
import { setupWorld } from './setup.js';
import { runWorkload } from './workload.js';
import type { SoakReport } from './report.js';
import { judge, latencyOf } from './verdict.js';

export type { SoakReport } from './report.js';

/** The drain gives up once no queue has received anything for this long (a loaded machine is slow, not stuck). */
const DRAIN_STALL_MS = 30_000;

function residentBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until every queue has as many events as the oracle expects, or until deliveries stall. */
async function drain(queues: readonly SoakQueue[], oracle: Oracle): Promise<void> {
  const received = (): number => queues.reduce((sum, q) => sum + q.received.length, 0);
  const done = (): boolean => queues.every((q) => q.received.length >= oracle.expectedCount(q.user.user_id));
  let last = received();
  let progressAt = performance.now();
  while (!done() && performance.now() - progressAt < DRAIN_STALL_MS) {
    await sleep(100);
    if (received() !== last) [last, progressAt] = [received(), performance.now()];
  }
}

/** Resolves when `work` settles or after `ms`, whichever comes first (the timer does not outlive it). */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** Runs a soak and returns its report (it does not print). */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const begun = performance.now();
  const child = await startServerChild(options.users, options.seed);
  const { hello } = child;
  const answers = createCounts();
  const clientsHttp = createHttp(hello.url, Math.floor(options.users / 2) + 4, answers);
  const pollsHttp = createHttp(hello.url, options.queues + 4, answers);
  let peakRss = residentBytes(child.pid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, residentBytes(child.pid))), 250);
  try {
    const world = await setupWorld(clientsHttp, hello);
    const baseline = await child.memory();
    const queues = await registerQueues(pollsHttp, world.users, options.queues);
    const oracle = new Oracle();
    const receipts: Receipts = { messageIds: [], times: [] };
    let running = true;
    const polls = queues.map((q) => pollQueue(pollsHttp, q, oracle.keys, receipts, () => running));
    const trafficStart = performance.now();
    const deadline = trafficStart + options.durationSec * 1000;
    const workload = await runWorkload(clientsHttp, world, oracle, options.seed, deadline);
    const trafficSec = (performance.now() - trafficStart) / 1000;
    await drain(queues, oracle);
    running = false;
    const queueProblems = await deleteQueues(clientsHttp, queues);
    await within(Promise.all(polls), 10_000);
    // The polls' keep-alive connections go too: what stays in the server is what the queues left.
    await pollsHttp.close();
    const afterQueues = await child.memory();
    await eachLimited(workload.remaining, 8, async (message) => {
      const answer = await clientsHttp.call(message.sender, 'DELETE', `messages/${message.id}`);
      if (answer.status !== 200)
        queueProblems.push(`cleanup: DELETE /messages/${message.id} answered ${answer.status}`);
    });
    const afterCleanup = await child.memory();
    peakRss = Math.max(peakRss, residentBytes(child.pid));
    for (const q of queues) for (const problem of q.problems) queueProblems.push(`queue ${q.id}: ${problem}`);
    const sequences = queues.map((q) => ({
      name: `queue ${q.id} (user ${q.user.user_id})`,
      userId: q.user.user_id,
      received: q.received,
    }));
    const report: SoakReport = {
      options,
      trafficSec,
      totalSec: 0,
      workload,
      deliveries: queues.reduce((sum, q) => sum + q.received.length, 0),
      heartbeats: queues.reduce((sum, q) => sum + q.heartbeats, 0),
      pollRetries: queues.reduce((sum, q) => sum + q.retries, 0),
      latency: latencyOf(receipts, oracle.sentAt),
      memory: { baseline, afterQueues, afterCleanup, peakRss },
      answers,
      check: checkDeliveries(oracle, sequences),
      queueProblems,
      failures: [],
    };
    report.failures = judge(report);
    report.totalSec = (performance.now() - begun) / 1000;
    return report;
  } finally {
    clearInterval(sampler);
    await Promise.allSettled([clientsHttp.close(), pollsHttp.close()]);
    await child.stop();
  }
}
