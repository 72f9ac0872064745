/**
 * The soak's event queues: registered over the users in turn, each long-polled in its own loop that
 * acknowledges the newest event id it got (last_event_id) and checks that ids come one after another.
 */
import { eventKeys, type KeyTable } from './keys.js';
import type { SoakAccount } from './protocol.js';
import type { SoakHttp } from './http.js';

/** The event types the soak's queues ask for (and the only ones its oracle knows). */
export const SOAK_EVENT_TYPES = ['message', 'update_message', 'reaction', 'delete_message', 'subscription'];

/** One queue and what it received. */
export interface SoakQueue {
  id: string;
  user: SoakAccount;
  /** The newest event id received (and acknowledged by the next poll). */
  lastEventId: number;
  /** Key ids of the received events, in order (heartbeats left out). */
  received: number[];
  heartbeats: number;
  /** Polls sent again after a network error. */
  retries: number;
  /** Problems seen while polling: id gaps, refusals, network errors. */
  problems: string[];
}

/** Polls of one queue sent again after network errors before the soak counts it as lost. */
const MAX_RETRIES = 20;

/** Receipt times of message events, for delivery latency: message ids and performance.now() values. */
export interface Receipts {
  messageIds: number[];
  times: number[];
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** Registers `count` queues, user after user in turn. */
export async function registerQueues(
  http: SoakHttp,
  users: readonly SoakAccount[],
  count: number,
): Promise<SoakQueue[]> {
  const slots = Array.from({ length: count }, (_, i) => users[i % users.length]!);
  const queues: SoakQueue[] = [];
  await eachLimited(slots, 32, async (user) => {
    const answer = await http.call(user, 'POST', 'register', {
      event_types: JSON.stringify(SOAK_EVENT_TYPES),
      fetch_event_types: JSON.stringify(['realm']),
      client_capabilities: JSON.stringify({ notification_settings_null: true, bulk_message_deletion: true }),
    });
    if (answer.status !== 200)
      throw new Error(`POST /register answered ${answer.status}: ${answer.body.msg}`);
    const lastEventId = answer.body.last_event_id as number;
    queues.push({
      id: answer.body.queue_id as string,
      user,
      lastEventId,
      received: [],
      heartbeats: 0,
      retries: 0,
      problems: [],
    });
  });
  return queues;
}

/** Polls one queue until `running()` turns false; a refusal after that (queue deleted) ends it quietly. */
export async function pollQueue(
  http: SoakHttp,
  queue: SoakQueue,
  keys: KeyTable,
  receipts: Receipts,
  running: () => boolean,
): Promise<void> {
  while (running()) {
    let answer;
    try {
      answer = await http.call(queue.user, 'GET', 'events', {
        queue_id: queue.id,
        last_event_id: String(queue.lastEventId),
      });
    } catch (error) {
      // A connection lost (a keep-alive socket the server closed as it was reused, on a starved machine):
      // poll again with the same last_event_id, as clients do; nothing unacknowledged may be lost.
      if (++queue.retries > MAX_RETRIES) {
        queue.problems.push(`poll failed ${MAX_RETRIES} times, last: ${(error as Error).message}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    const now = performance.now();
    if (answer.status !== 200) {
      if (!running() && answer.body.code === 'BAD_EVENT_QUEUE_ID') return;
      queue.problems.push(`poll answered ${answer.status}: ${String(answer.body.msg)}`);
      return;
    }
    for (const event of (answer.body.events ?? []) as Array<Record<string, unknown>>) {
      const id = event.id as number;
      if (id !== queue.lastEventId + 1) queue.problems.push(`event id ${id} after ${queue.lastEventId}`);
      queue.lastEventId = Math.max(queue.lastEventId, id);
      if (event.type === 'heartbeat') queue.heartbeats++;
      for (const key of eventKeys(event, queue.user.user_id)) queue.received.push(keys.id(key));
      if (event.type === 'message') {
        receipts.messageIds.push((event.message as { id: number }).id);
        receipts.times.push(now);
      }
    }
  }
}

/** Deletes the queues (DELETE /events); returns the problems (a refusal or a non-200 answer). */
export async function deleteQueues(http: SoakHttp, queues: readonly SoakQueue[]): Promise<string[]> {
  const problems: string[] = [];
  await eachLimited(queues, 32, async (queue) => {
    const answer = await http.call(queue.user, 'DELETE', 'events', { queue_id: queue.id });
    if (answer.status !== 200) problems.push(`DELETE /events ${queue.id} answered ${answer.status}`);
  });
  return problems;
}
