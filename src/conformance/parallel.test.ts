import { describe, expect, it } from 'vitest';
import type { LoadedScenario } from './loader.js';
import { safeBesideOthers, schedule } from './parallel.js';
import type { ScenarioResult } from './transcript.js';

const loaded = (file: string, extra: Record<string, unknown> = {}): LoadedScenario =>
  ({ file, scenario: { name: file, mutates: true, actors: { a: 'none' }, steps: [], ...extra } }) as never;

/** A fake run: each scenario takes its own delay, fails when its name says so, and the overlap is measured. */
function fakeRun(delays: Record<string, number>) {
  let running = 0;
  const log = { maxRunning: 0, started: [] as string[], aloneOk: true };
  const run = async ({ file, scenario }: LoadedScenario): Promise<ScenarioResult> => {
    running++;
    log.started.push(file);
    log.maxRunning = Math.max(log.maxRunning, running);
    const alone = running === 1;
    await new Promise((resolve) => setTimeout(resolve, delays[file] ?? 5));
    if (scenario.mutates && !(scenario as { parallel?: boolean }).parallel && !alone) log.aloneOk = false;
    running--;
    return {
      file,
      name: scenario.name,
      outcome: file.includes('fail') ? 'failed' : 'passed',
      runId: 'r',
      featureLevel: 1,
      steps: [],
      failures: [],
      durationMs: 0,
    };
  };
  return { run, log };
}

const base = { runId: 'r', featureLevel: 1 };

describe('schedule', () => {
  it('runs up to jobs scenarios at once and reports in the selection order', async () => {
    const list = ['a', 'b', 'c', 'd', 'e', 'f'].map((f) => loaded(f));
    const { run, log } = fakeRun({ a: 60, b: 5, c: 40, d: 5, e: 20, f: 5 });
    const order: string[] = [];
    const results = await schedule(list, run, { ...base, jobs: 3, onResult: (r) => order.push(r.file) });
    expect(results.map((r) => r.file)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(order).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(log.maxRunning).toBe(3);
  });

  it('gives each scenario a lane below jobs that no other scenario uses at the same time, lane 0 when alone', async () => {
    const list = [
      ...['a', 'b', 'c', 'd', 'e'].map((f) => loaded(f, { mutates: false })),
      loaded('alone'),
      loaded('f', { mutates: false }),
    ];
    const busy = new Set<number>();
    const lanes: Record<string, number> = {};
    let clash = false;
    const { run } = fakeRun({ a: 30, b: 5, c: 20, d: 5, e: 10, f: 5 });
    await schedule(
      list,
      async (scenario, lane) => {
        if (busy.has(lane)) clash = true;
        busy.add(lane);
        lanes[scenario.file] = lane;
        try {
          return await run(scenario);
        } finally {
          busy.delete(lane);
        }
      },
      { ...base, jobs: 3, concurrent: safeBesideOthers },
    );
    expect(clash).toBe(false);
    expect(Object.values(lanes).every((lane) => lane >= 0 && lane < 3)).toBe(true);
    expect(new Set(['a', 'b', 'c', 'd', 'e'].map((f) => lanes[f])).size).toBe(3);
    expect(lanes.alone).toBe(0);
  });

  it('runs a scenario that may not run beside others alone, in its turn', async () => {
    const list = [
      loaded('r1', { mutates: false }),
      loaded('r2', { mutates: false }),
      loaded('w1'),
      loaded('r3', { mutates: false }),
      loaded('w2', { mutates: false, parallel: false }),
      loaded('p1', { parallel: true }),
    ];
    const { run, log } = fakeRun({});
    const results = await schedule(list, run, { ...base, jobs: 4, concurrent: safeBesideOthers });
    expect(results.map((r) => r.file)).toEqual(['r1', 'r2', 'w1', 'r3', 'w2', 'p1']);
    expect(log.aloneOk).toBe(true);
    expect(log.maxRunning).toBe(2);
  });

  it('stops starting scenarios after --bail failures and reports the rest as skipped with the reason', async () => {
    const list = ['a', 'fail1', 'b', 'fail2', 'c', 'd'].map((f) => loaded(f));
    const { run, log } = fakeRun({});
    const results = await schedule(list, run, { ...base, bail: 2 });
    expect(results.map((r) => `${r.file}:${r.outcome}`)).toEqual([
      'a:passed',
      'fail1:failed',
      'b:passed',
      'fail2:failed',
      'c:skipped',
      'd:skipped',
    ]);
    expect(results[4]!.skipReason).toBe('not run: --bail 2 stopped the run after 2 failed scenarios');
    expect(log.started).toEqual(['a', 'fail1', 'b', 'fail2']);
  });

  it('starts nothing more once interrupted and leaves the scenarios not started out', async () => {
    const stop = new AbortController();
    const list = ['a', 'b', 'c'].map((f) => loaded(f));
    const { run } = fakeRun({});
    const results = await schedule(list, run, {
      ...base,
      signal: stop.signal,
      onResult: () => stop.abort(),
    });
    expect(results.map((r) => r.file)).toEqual(['a']);
  });
});
