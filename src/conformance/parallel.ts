/** Running a selection: up to --jobs scenarios at once, --bail, results in the selection's order. */
import type { LoadedScenario } from './loader.js';
import type { ScenarioResult } from './transcript.js';

/** How a selection is run. */
export interface ScheduleOptions {
  /** Scenarios run at once (default 1). */
  jobs?: number;
  /** Start no more scenarios once this many have failed; the rest are reported as skipped. */
  bail?: number;
  /** Whether a scenario may run beside others (default: every one); the others run alone, in their turn. */
  concurrent?: (loaded: LoadedScenario) => boolean;
  /** Interruption: no more scenarios start, and those not started are left out of the results. */
  signal?: AbortSignal;
  /** Called with each result in the selection's order, as soon as those before it are done. */
  onResult?: (result: ScenarioResult) => void;
  /** For the results of scenarios --bail did not start. */
  runId: string;
  featureLevel: number;
}

/** Whether a scenario may run beside others on a shared server: its `parallel`, else whether it only reads. */
export const safeBesideOthers = ({ scenario }: LoadedScenario): boolean =>
  scenario.parallel ?? scenario.mutates === false;

/**
 * Runs every scenario with `run`, up to `jobs` at once: consecutive scenarios that may run concurrently share
 * the lanes, any other runs alone. `run` learns its lane (0 to jobs - 1; 0 for a scenario run alone), so each
 * lane may have a realm of its own. Results come back (and to `onResult`) in the selection's order, so they
 * read the same as a serial run's.
 */
export async function schedule(
  scenarios: readonly LoadedScenario[],
  run: (loaded: LoadedScenario, lane: number) => Promise<ScenarioResult>,
  options: ScheduleOptions,
): Promise<ScenarioResult[]> {
  const n = scenarios.length;
  const jobs = Math.max(1, options.jobs ?? 1);
  const concurrent = options.concurrent ?? (() => true);
  const results: Array<ScenarioResult | undefined> = new Array(n);
  let emitted = 0;
  let failed = 0;
  const bailed = (): boolean => options.bail !== undefined && failed >= options.bail;
  const stopped = (): boolean => options.signal?.aborted === true || bailed();
  const emit = (): void => {
    // (`emitted++` stays outside the optional call, which would skip evaluating it without onResult.)
    for (; emitted < n && results[emitted]; emitted++) options.onResult?.(results[emitted]!);
  };
  const runAt = async (i: number, lane: number): Promise<void> => {
    const result = await run(scenarios[i]!, lane);
    results[i] = result;
    if (result.outcome === 'failed') failed++;
    emit();
  };
  let i = 0;
  while (i < n && !stopped()) {
    if (jobs === 1 || !concurrent(scenarios[i]!)) {
      await runAt(i++, 0);
      continue;
    }
    let end = i;
    while (end < n && concurrent(scenarios[end]!)) end++;
    let cursor = i;
    const lane = async (_: unknown, index: number): Promise<void> => {
      while (cursor < end && !stopped()) await runAt(cursor++, index);
    };
    await Promise.all(Array.from({ length: Math.min(jobs, end - i) }, lane));
    i = cursor;
  }
  if (bailed() && !options.signal?.aborted)
    for (let k = 0; k < n; k++) {
      const { file, scenario } = scenarios[k]!;
      results[k] ??= {
        file,
        name: scenario.name,
        outcome: 'skipped',
        skipReason: `not run: --bail ${options.bail} stopped the run after ${failed} failed scenario${failed === 1 ? '' : 's'}`,
        runId: options.runId,
        featureLevel: options.featureLevel,
        steps: [],
        failures: [],
        durationMs: 0,
      };
    }
  emit();
  return results.filter((r): r is ScenarioResult => r !== undefined);
}
