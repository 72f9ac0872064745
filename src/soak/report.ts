/** The report of one soak run (what runSoak measured and found), apart so that the verdict can read it. */
import type { CheckResult } from './check.js';
import type { AnswerCounts } from './http.js';
import type { SoakOptions } from './options.js';
import type { SoakMemory } from './protocol.js';
import type { WorkloadResult } from './workload.js';

/** Delivery latency (send time → poll return) in milliseconds over every message event received. */
export interface Latency {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** Everything a run measured and found. */
export interface SoakReport {
  options: SoakOptions;
  /** Seconds of traffic, and of the whole run (child start to child stop). */
  trafficSec: number;
  totalSec: number;
  workload: WorkloadResult;
  deliveries: number;
  heartbeats: number;
  /** Polls sent again after a network error (counted, not failed: the protocol is made for it). */
  pollRetries: number;
  latency: Latency;
  memory: { baseline: SoakMemory; afterQueues: SoakMemory; afterCleanup: SoakMemory; peakRss: number };
  answers: AnswerCounts;
  check: CheckResult;
  /** Problems seen while polling, registering or deleting (id gaps, refusals). */
  queueProblems: string[];
  /** Failed checks, one line each; empty when the run passed. */
  failures: string[];
}
