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
  const abort = new AbortController();
  let answered = 0;
  const poll = async (queue: BenchQueue): Promise<void> => {
    let last = -1;
    while (!abort.signal.aborted) {
      try {
        const res = await fetch(`${mock.origin}${queue.path}&last_event_id=${last}`, {
          headers: { authorization: queue.auth },
          signal: abort.signal,
        });
        const body = (await res.json()) as { events?: Array<{ id: number }> };
        if (res.status !== 200) throw new Error(`poll answered ${res.status}: ${JSON.stringify(body)}`);
        for (const event of body.events ?? []) last = Math.max(last, event.id);
        answered++;
      } catch (error) {
        if (abort.signal.aborted) return;
        throw error;
      }
    }
  };
  const loops = queues.map(poll);
  return {
    polls: () => answered,
    stop: async () => {
      abort.abort();
      await Promise.all(loops);
      await mock.child.ask({ cmd: 'drop', ids: queues.map((q) => q.id) });
    },
  };
}
