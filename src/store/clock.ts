/** Injected time: the store and handlers read time only through a Clock, so tests can advance it. */
import { JumpTracker, type PendingTimer, type TimerOptions } from './clock-jump.js';

export type { TimerOptions } from './clock-jump.js';

/** Injected time source. */
export interface Clock {
  /** Milliseconds since the UNIX epoch. */
  now(): number;
  /** Runs `fn` once `ms` milliseconds from now; returns a handle for {@link Clock.clearTimer}. */
  setTimer(ms: number, fn: () => void, options?: TimerOptions): TimerHandle;
  /** Cancels a timer made by {@link Clock.setTimer}; unknown handles are ignored. */
  clearTimer(handle: TimerHandle): void;
}

/** Opaque timer handle. */
export type TimerHandle = { readonly id: number };

/**
 * A clock that tests move by hand; timers fire, in time order, while `advance` passes them. The jump is
 * made at once; awaiting it also settles the requests pending when it was called (a long poll started
 * just before parks and hears its heartbeat) and waits until what the fired timers deliver is delivered.
 */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms`, firing due timers in order; await it to settle pending requests first. */
  advance(ms: number): Promise<void>;
  /** Moves time to `epochMs` (never backwards), like {@link ManualClock.advance}. */
  set(epochMs: number): Promise<void>;
}

/** The real wall clock. */
export function createSystemClock(): Clock {
  const handles = new Map<number, ReturnType<typeof setTimeout>>();
  let next = 0;
  return {
    now: () => Date.now(),
    setTimer(ms, fn) {
      const handle = { id: ++next };
      const timer = setTimeout(() => {
        handles.delete(handle.id);
        fn();
      }, ms);
      // Do not keep a process alive only for heartbeats and expiry.
      (timer as { unref?: () => void }).unref?.();
      handles.set(handle.id, timer);
      return handle;
    },
    clearTimer(handle) {
      clearTimeout(handles.get(handle.id));
      handles.delete(handle.id);
    },
  };
}

/**
 * A clock that starts at `startMs` and only moves when told to.
 * @example
 * const clock = createManualClock(Date.UTC(2025, 0, 1));
 * const poll = fetch(eventsUrl); // not awaited
 * await clock.advance(60_000); // the poll parks first, then hears its heartbeat
 */
export function createManualClock(startMs: number): ManualClock {
  let now = startMs;
  let next = 0;
  const timers = new Map<number, PendingTimer>();
  const jumps = new JumpTracker(timers);
  const runUntil = (target: number): void => {
    for (;;) {
      let due: PendingTimer | undefined;
      for (const t of timers.values()) if (t.at <= target && (!due || t.at < due.at)) due = t;
      if (!due) break;
      timers.delete(due.seq);
      now = Math.max(now, due.at);
      due.fn();
    }
    now = Math.max(now, target);
  };
  const jumpTo = (target: number): Promise<void> => {
    const from = now;
    const lastSeq = next;
    runUntil(target);
    return jumps.jumped(now - from, lastSeq, () => runUntil(now));
  };
  return {
    now: () => {
      jumps.activity++;
      return now;
    },
    setTimer(ms, fn, options) {
      jumps.activity++;
      const handle = { id: ++next };
      const at = now + Math.max(0, ms) - jumps.shiftFor(options);
      timers.set(handle.id, { at, seq: handle.id, fn, wait: options?.wait ?? false });
      return handle;
    },
    clearTimer(handle) {
      jumps.activity++;
      timers.delete(handle.id);
    },
    advance: (ms) => jumpTo(now + ms),
    set: (epochMs) => jumpTo(epochMs),
  };
}
