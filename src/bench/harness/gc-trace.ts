/** V8's --trace-gc-nvp lines read back: what the collections of a time window cost the process. */

/** Totals of the collections that ended in a window (milliseconds, as V8 reports them). */
export interface GcTotals {
  /** Young collections (scavenges) and their pauses on the main thread. */
  young: number;
  youngMs: number;
  /** Full collections, their pauses, the incremental marking those pauses finished on the main thread, and the
   * time of their helper tasks (background.*: concurrent marking, sweeping and evacuation, which compete with the
   * main thread when the process has one core). */
  full: number;
  pauseMs: number;
  incrementalMs: number;
  helperMs: number;
}

/**
 * Sums the collections of `trace` (one `[pid:isolate] N ms: pause=… gc=s|mc|… key=value…` line each, N counted
 * from the process's start) whose time is within `window` (the same clock).
 * @example
 * gcTotals('[1:0x1]  120 ms: pause=2.5 mutator=9.0 gc=s', { from: 100, to: 200 }).youngMs; // 2.5
 */
export function gcTotals(trace: string, window: { from: number; to: number }): GcTotals {
  const totals: GcTotals = { young: 0, youngMs: 0, full: 0, pauseMs: 0, incrementalMs: 0, helperMs: 0 };
  for (const line of trace.split('\n')) {
    const at = /\s(\d+(?:\.\d+)?) ms: pause=/.exec(line);
    if (!at || Number(at[1]) < window.from || Number(at[1]) > window.to) continue;
    const fields = new Map([...line.matchAll(/(\S+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
    const ms = (key: string): number => Number(fields.get(key) ?? 0) || 0;
    if (fields.get('gc') === 's') {
      totals.young++;
      totals.youngMs += ms('pause');
    } else if (fields.get('gc') === 'mc') {
      totals.full++;
      totals.pauseMs += ms('pause');
      totals.incrementalMs += ms('incremental');
      for (const key of fields.keys()) if (key.startsWith('background.')) totals.helperMs += ms(key);
    }
  }
  return totals;
}
