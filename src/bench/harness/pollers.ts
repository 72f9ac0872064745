/** Long polls that keep the benchmark channel's event queues drained while POST /messages is measured. */
import type { BenchQueue } from './mock-process.js';
import type { BenchChild } from './processes.js';

/** Running pollers: how many polls were answered, and a stop that also deletes the queues. */
export interface Pollers {
  polls(): number;
  stop(): Promise<void>;
}

/** Registers `count` queues in the mock (one per channel member) and polls each one in a loop. */
export async function startPollers(
  mock: { child: BenchChild; origin: string },
  count: number,
): Promise<Pollers> {
  const queues = await mock.child.ask<BenchQueue[]>({ cmd: 'queues', count });
  // One controller per poll, aborted by stop(): node's fetch leaves a listener on the signal it was given after
  // the answer, so a signal shared by every poll gathered thousands of them (MaxListenersExceededWarning).
  const inFlight = new Set<AbortController>();
  let stopped = false;
  let answered = 0;
  const poll = async (queue: BenchQueue): Promise<void> => {
    let last = -1;
    while (!stopped) {
      const controller = new AbortController();
      inFlight.add(controller);
      try {
        const res = await fetch(`${mock.origin}${queue.path}&last_event_id=${last}`, {
          headers: { authorization: queue.auth },
          signal: controller.signal,
        });
        const body = (await res.json()) as { events?: Array<{ id: number }> };
        if (res.status !== 200) throw new Error(`poll answered ${res.status}: ${JSON.stringify(body)}`);
        for (const event of body.events ?? []) last = Math.max(last, event.id);
        answered++;
      } catch (error) {
        if (stopped) return;
        throw error;
      } finally {
        inFlight.delete(controller);
      }
    }
  };
  const loops = queues.map(poll);
  return {
    polls: () => answered,
    stop: async () => {
      stopped = true;
      for (const controller of inFlight) controller.abort();
      await Promise.all(loops);
      await mock.child.ask({ cmd: 'drop', ids: queues.map((q) => q.id) });
    },
  };
}
