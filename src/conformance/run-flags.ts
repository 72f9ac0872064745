/** The run flags of `svc-mock conformance` for the network and parallel runs, as RunOptions. */
import type { LoadedScenario } from './loader.js';
import { safeBesideOthers } from './parallel.js';
import { DEFAULT_RETRY_DELAY_MS, type RetryPolicy } from './retry.js';
import type { RunOptions } from './runner.js';
import type { Target } from './target.js';

/** The network, parallel and CI flags of a run (all optional). */
export interface RunFlags {
  /** Per-request time-out (ms), default 30 s. */
  timeoutMs?: number;
  /** A scenario's steps stop after this long (ms); teardown still runs. */
  scenarioTimeoutMs?: number;
  /** Extra attempts for GET/HEAD requests (and steps marked `retry: true`) failing at the transport or 502/503/504. */
  retries?: number;
  /** A step answered slower (ms) fails with kind `slow`. */
  maxResponseMs?: number;
  /** Scenarios run at once. */
  jobs?: number;
  /** Stop after this many failed scenarios; the rest are reported as skipped. */
  bail?: number;
}

/** The retry policy of the flags (none without --retries). */
export const retryPolicy = (flags: RunFlags): RetryPolicy => ({
  retries: flags.retries ?? 0,
  delayMs: DEFAULT_RETRY_DELAY_MS,
});

/**
 * RunOptions from the flags: on the in-process mock every scenario has its own realm and may run beside the
 * others; on a URL only those marked safe (`parallel`, by default the read-only ones) do.
 */
export function runOptionsOf(
  flags: RunFlags,
  target: Target,
): Pick<RunOptions, 'retry' | 'maxResponseMs' | 'scenarioTimeoutMs' | 'jobs' | 'bail' | 'concurrent'> {
  const isolated = target.name === 'mock';
  return {
    retry: retryPolicy(flags),
    maxResponseMs: flags.maxResponseMs,
    scenarioTimeoutMs: flags.scenarioTimeoutMs,
    jobs: flags.jobs,
    bail: flags.bail,
    concurrent: isolated ? () => true : (loaded: LoadedScenario) => safeBesideOthers(loaded),
  };
}
