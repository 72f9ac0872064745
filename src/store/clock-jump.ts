/**
 * What makes a clock jump awaitable: `await clock.advance(ms)` first lets the requests that were pending
 * when it was called settle (a long poll started just before parks, and its heartbeat counts from the
 * time before the jump), then fires what fell due and waits until those timers' deliveries are made.
 * A caller that does not await gets the jump synchronously, exactly as before.
 */

/** Options of Clock.setTimer. */
export interface TimerOptions {
  /**
   * The timer of a waiting request (a parked poll's heartbeat): armed while an awaited jump settles the
   * requests that were pending when it began, it counts from the time before that jump.
   */
  wait?: boolean;
}

/** A pending timer of a manual or controllable clock. */
export interface PendingTimer {
  at: number;
  seq: number;
  fn: () => void;
  wait: boolean;
}

interface JumpWindow {
  /** How far the jump moved time. */
  shift: number;
  /** Timers with a larger seq were armed after the jump was called. */
  sinceSeq: number;
  /** Still within the macrotask the jump was called in, or being awaited. */
  open: boolean;
  awaited: boolean;
}

/** Most macrotasks to wait for in-flight work to go quiet (in-process and MSW requests need one or two). */
const MAX_SETTLE_ROUNDS = 20;

const macrotask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** A promise-like whose work starts only when someone awaits it (calls `then`, `catch` or `finally`). */
function lazyPromise(start: () => Promise<void>): Promise<void> {
  let started: Promise<void> | undefined;
  const run = (): Promise<void> => (started ??= start());
  return {
    then: (onFulfilled, onRejected) => run().then(onFulfilled, onRejected),
    catch: (onRejected) => run().catch(onRejected),
    finally: (onFinally) => run().finally(onFinally),
    [Symbol.toStringTag]: 'Promise',
  } as Promise<void>;
}

/** The jump bookkeeping a manual or controllable clock shares: windows, activity and settling. */
export class JumpTracker {
  private window: JumpWindow | undefined;
  /** Bumped by every clock call, so settling can tell when in-flight work has gone quiet. */
  activity = 0;

  constructor(private readonly timers: Map<number, PendingTimer>) {}

  /** How much earlier than `now + ms` a new timer with these options is due. */
  shiftFor(options: TimerOptions | undefined): number {
    const w = this.window;
    return options?.wait && w?.open && w.awaited ? w.shift : 0;
  }

  /**
   * Called right after a synchronous jump of `shift` ms; returns what advance/set return.
   * `lastSeq` is the newest timer seq before the jump; `fireDue` fires what is due at the current time.
   */
  jumped(shift: number, lastSeq: number, fireDue: () => void): Promise<void> {
    const w: JumpWindow = { shift, sinceSeq: lastSeq, open: true, awaited: false };
    this.window = w;
    // Not awaited within this macrotask: a plain synchronous jump, nothing is re-anchored later.
    setTimeout(() => {
      if (!w.awaited) this.close(w);
    }, 0);
    return lazyPromise(async () => {
      if (w.open) {
        w.awaited = true;
        // Polls that parked between the call and now waited from before the jump.
        for (const t of this.timers.values()) if (t.wait && t.seq > w.sinceSeq) t.at -= w.shift;
      }
      await this.settle();
      this.close(w);
      fireDue();
      await this.settle();
    });
  }

  private close(w: JumpWindow): void {
    w.open = false;
    if (this.window === w) this.window = undefined;
  }

  /** Waits macrotasks until a whole one passes without clock calls (bounded). */
  private async settle(): Promise<void> {
    for (let round = 0; round < MAX_SETTLE_ROUNDS; round++) {
      const before = this.activity;
      await macrotask();
      if (this.activity === before) return;
    }
  }
}
