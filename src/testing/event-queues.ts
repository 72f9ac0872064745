/** Test helpers for event queues: register, poll, and wait until a poll is parked on the server. */
import type { App } from '../api/app.js';
import type { EventQueue } from '../store/events/queues.js';
import type { TestClient } from './transports.js';

/** Registers a queue through the API and returns its id (throws on failure). */
export async function registerQueue(
  client: TestClient,
  params: Record<string, unknown> = {},
): Promise<string> {
  const res = await client.post('register', { fetch_event_types: ['realm'], ...params });
  if (res.status !== 200) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return res.body.queue_id as string;
}

/** Fetches pending events without waiting. */
export async function pollNow(client: TestClient, queueId: string, lastEventId: number) {
  return client.get('events', { queue_id: queueId, last_event_id: lastEventId, dont_block: true });
}

/** Resolves once a GET /events is parked on the queue (the request travels asynchronously on HTTP and MSW). */
export async function untilParked(app: App, queueId: string): Promise<EventQueue> {
  for (let i = 0; i < 2000; i++) {
    const queue = app.services.queues.get(queueId);
    if (queue?.waiter) return queue;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error(`no poll parked on queue ${queueId}`);
}
