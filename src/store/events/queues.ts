/** Event queues: one per registered client, fed by the store's change path. */
import type { Store, EventPayload } from '../store.js';

/** What a queue was registered with (filters and per-queue formatting). */
export interface QueueOptions {
  eventTypes: string[] | null;
  applyMarkdown: boolean;
  clientExtavatar: boolean;
  allPublicStreams: boolean;
  capabilities: Record<string, boolean>;
  narrow: Array<[string, string]>;
}

/** A registered event queue. */
export interface EventQueue {
  id: string;
  userId: number;
  options: QueueOptions;
  events: Array<EventPayload & { id: number }>;
  nextEventId: number;
  lastPolledAt: number;
}

/** Every queue of an app, keyed by id. */
export class QueueRegistry {
  readonly queues = new Map<string, EventQueue>();

  constructor(private readonly store: Store) {}

  /** Allocates a queue for a user. */
  register(userId: number, options: QueueOptions): EventQueue {
    const queue: EventQueue = {
      id: this.store.random.uuid(),
      userId,
      options,
      events: [],
      nextEventId: 0,
      lastPolledAt: this.store.clock.now(),
    };
    this.queues.set(queue.id, queue);
    return queue;
  }
}
