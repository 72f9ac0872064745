/** Injected time: the store and handlers read time only through a Clock, so tests can advance it. */
export interface Clock {
  /** Milliseconds since the UNIX epoch. */
  now(): number;
  /** Runs `fn` once `ms` milliseconds from now; returns a handle for {@link Clock.clearTimer}. */
  setTimer(ms: number, fn: () => void): TimerHandle;
  /** Cancels a timer made by {@link Clock.setTimer}; unknown handles are ignored. */
  clearTimer(handle: TimerHandle): void;
}

/** Opaque timer handle. */
export type TimerHandle = { readonly id: number };

/** A clock that tests move by hand; timers fire, in time order, while `advance` passes them. */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms`, firing due timers in order. */
  advance(ms: number): void;
  /** Moves time to `epochMs` (never backwards). */
  set(epochMs: number): void;
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

/** A clock that starts at `startMs` and only moves when told to. */
export function createManualClock(startMs: number): ManualClock {
  let now = startMs;
  let next = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const runUntil = (target: number): void => {
    for (;;) {
      let dueId = -1;
      let dueAt = Infinity;
      for (const [id, t] of timers) if (t.at <= target && t.at < dueAt) [dueId, dueAt] = [id, t.at];
      if (dueId < 0) break;
      const timer = timers.get(dueId)!;
      timers.delete(dueId);
      now = Math.max(now, timer.at);
      timer.fn();
    }
    now = Math.max(now, target);
  };
  return {
    now: () => now,
    setTimer(ms, fn) {
      const handle = { id: ++next };
      timers.set(handle.id, { at: now + Math.max(0, ms), fn });
      return handle;
    },
    clearTimer(handle) {
      timers.delete(handle.id);
    },
    advance(ms) {
      runUntil(now + ms);
    },
    set(epochMs) {
      runUntil(epochMs);
    },
  };
}
