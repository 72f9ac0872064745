/**
 * A clock for the standalone server: real time flows, and `advance`/`set` jump it forward, firing the timers
 * they pass in time order (as the manual clock does), so a developer can see heartbeats, queue expiry and
 * scheduled deliveries without waiting.
 */
import type { ManualClock, TimerHandle } from './clock.js';
import { JumpTracker, type PendingTimer as Pending } from './clock-jump.js';

/** Parses `90s`, `10m`, `2h`, `1d`, `500ms` or a bare number of milliseconds; undefined when malformed. */
export function parseDuration(text: string | number): number | undefined {
  if (typeof text === 'number') return Number.isFinite(text) && text >= 0 ? text : undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!match) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] ?? 'ms']!;
  return Math.round(Number(match[1]) * unit);
}

/** A real-time clock that can also be jumped forward; `wallNow` is injectable so tests stay deterministic. */
export function createControllableClock(wallNow: () => number = () => Date.now()): ManualClock {
  let offset = 0;
  // While due timers fire during a jump, time reads as the timer's due time.
  let pinned: number | undefined;
  let seq = 0;
  const timers = new Map<number, Pending>();
  const jumps = new JumpTracker(timers);
  let wake: ReturnType<typeof setTimeout> | undefined;
  const now = (): number => pinned ?? wallNow() + offset;

  const earliest = (limit: number): [number, Pending] | undefined => {
    let best: [number, Pending] | undefined;
    for (const entry of timers) {
      const t = entry[1];
      if (t.at <= limit && (!best || t.at < best[1].at || (t.at === best[1].at && t.seq < best[1].seq)))
        best = entry;
    }
    return best;
  };

  const runUntil = (target: number): void => {
    for (;;) {
      const due = earliest(target);
      if (!due) break;
      timers.delete(due[0]);
      pinned = Math.max(due[1].at, pinned ?? 0);
      try {
        due[1].fn();
      } finally {
        pinned = undefined;
      }
    }
  };

  // One real timeout for the next due timer; it is unref'd so heartbeats never keep a process alive.
  const schedule = (): void => {
    if (wake !== undefined) clearTimeout(wake);
    wake = undefined;
    const next = earliest(Infinity);
    if (!next) return;
    wake = setTimeout(
      () => {
        wake = undefined;
        runUntil(now());
        schedule();
      },
      Math.max(0, next[1].at - now()),
    );
    (wake as { unref?: () => void }).unref?.();
  };

  const fireDue = (): void => {
    runUntil(now());
    schedule();
  };

  const jumpTo = (target: number): Promise<void> => {
    const from = now();
    const lastSeq = seq;
    if (target > from) {
      runUntil(target);
      offset += target - from;
      schedule();
    }
    return jumps.jumped(Math.max(0, target - from), lastSeq, fireDue);
  };

  return {
    now: () => {
      jumps.activity++;
      return now();
    },
    setTimer(ms, fn, options): TimerHandle {
      jumps.activity++;
      const handle = { id: ++seq };
      const at = now() + Math.max(0, ms) - jumps.shiftFor(options);
      timers.set(handle.id, { at, seq: handle.id, fn, wait: options?.wait ?? false });
      schedule();
      return handle;
    },
    clearTimer(handle) {
      jumps.activity++;
      if (timers.delete(handle.id)) schedule();
    },
    advance: (ms) => jumpTo(now() + Math.max(0, ms)),
    set: (epochMs) => jumpTo(epochMs),
  };
}
