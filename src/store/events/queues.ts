/**
 * The queue registry: allocates queues, fans every emitted event out to the queues that may see it
 * (indexed by user, never a scan of all queues), parks long polls, sends heartbeats and expires idle queues.
 */
import { hasContentAccess } from '../access.js';
import type { TimerHandle } from '../clock.js';
import type { EmittedEvent, EventPayload, Store } from '../store.js';
import { queueOptions, type QueueOptions } from './options.js';
import { EventQueue, type PollAnswer, type Waiter } from './queue.js';
import {
  clearContext,
  deliverables,
  deliverMessage,
  deliveryContext,
  type DeliveryContext,
} from './transforms.js';

export { EventQueue } from './queue.js';
export type { PollAnswer, QueuedEvent } from './queue.js';
export type { QueueOptions } from './options.js';

/**
 * Interval of heartbeats to a parked poll. The spec says "every minute"; the real server randomizes
 * 45–55 s. The mock follows the spec so tests can advance the clock by exactly one minute.
 */
export const HEARTBEAT_MS = 60_000;

interface QueueTimers {
  expiry?: TimerHandle;
  heartbeat?: TimerHandle;
  /** Clock time (ms) of the last poll, and since when the queue has been idle (its expiry counts from it). */
  lastPoll?: number;
  idleSince?: number;
}

/** What the inspector shows of one queue (GET /svc-mock/queues). */
export interface QueueSummary {
  queue: EventQueue;
  /** Clock time (ms) of the last poll, or null when never polled. */
  lastPoll: number | null;
  /** Clock time (ms) at which the queue expires unless polled; null while a poll is parked on it. */
  expiresAt: number | null;
}

/** Every queue of an app, with indexes by id, by user and for all_public_streams. */
export class QueueRegistry {
  private readonly queues = new Map<string, EventQueue>();
  private readonly byUser = new Map<number, Set<EventQueue>>();
  private readonly allPublic = new Set<EventQueue>();
  private readonly timers = new Map<EventQueue, QueueTimers>();

  constructor(private readonly store: Store) {
    store.onEvent((emitted) => this.fanOut(emitted));
  }

  /** Set by {@link QueueRegistry.closeAll}: polls still parked here are answered with BAD_EVENT_QUEUE_ID. */
  closed = false;

  /** Number of live queues. */
  get size(): number {
    return this.queues.size;
  }

  /** Allocates a queue for a user; it expires after its lifespan without polls. */
  register(userId: number, options: Partial<QueueOptions> = {}): EventQueue {
    const queue = new EventQueue(this.store.random.uuid(), userId, queueOptions(options));
    this.queues.set(queue.id, queue);
    let mine = this.byUser.get(userId);
    if (!mine) this.byUser.set(userId, (mine = new Set()));
    mine.add(queue);
    if (queue.options.allPublicStreams) this.allPublic.add(queue);
    this.timers.set(queue, {});
    queue.onWaiterFinished = () => {
      this.clear(queue, 'heartbeat');
      this.armExpiry(queue);
    };
    this.armExpiry(queue);
    return queue;
  }

  /** The queue with this id if it exists and belongs to the user (others' queues look unknown). */
  find(queueId: string, userId: number): EventQueue | undefined {
    const queue = this.queues.get(queueId);
    return queue && queue.userId === userId ? queue : undefined;
  }

  /** The queue with this id, whoever owns it (tests and tools). */
  get(queueId: string): EventQueue | undefined {
    return this.queues.get(queueId);
  }

  /** Every live queue with its last poll and expiry time, in registration order (read from the registry). */
  summaries(): QueueSummary[] {
    return [...this.queues.values()].map((queue) => {
      const timers = this.timers.get(queue);
      const idleSince = timers?.idleSince;
      return {
        queue,
        lastPoll: timers?.lastPoll ?? null,
        expiresAt:
          queue.waiter || idleSince === undefined ? null : idleSince + queue.options.lifespanSecs * 1000,
      };
    });
  }

  /** The user's live queues. */
  queuesOf(userId: number): ReadonlySet<EventQueue> {
    return this.byUser.get(userId) ?? new Set();
  }

  /** Destroys a queue; a parked poll on it is answered with what is pending. */
  remove(queue: EventQueue): void {
    if (!this.queues.delete(queue.id)) return;
    const mine = this.byUser.get(queue.userId);
    mine?.delete(queue);
    if (mine?.size === 0) this.byUser.delete(queue.userId);
    this.allPublic.delete(queue);
    queue.onWaiterFinished = undefined;
    queue.finishWaiter();
    this.clear(queue, 'expiry');
    this.clear(queue, 'heartbeat');
    this.timers.delete(queue);
  }

  /** Answers every parked poll with a heartbeat (a server shutting down); returns how many there were. */
  heartbeatParked(): number {
    let parked = 0;
    for (const queue of this.queues.values()) {
      if (!queue.waiter) continue;
      parked++;
      this.clear(queue, 'heartbeat');
      queue.push({ type: 'heartbeat' });
    }
    return parked;
  }

  /**
   * A server restart that keeps its queues: `event` (type restart) goes to every queue that takes restart
   * events (its event_types), merged with a restart still pending there; returns how many queues got it.
   */
  restart(event: EventPayload): number {
    const ctx = deliveryContext(this.store);
    let reached = 0;
    for (const queue of this.queues.values()) {
      const before = queue.nextId;
      this.offer(ctx, queue, event);
      if (queue.nextId !== before) reached++;
    }
    return reached;
  }

  /** Destroys every queue, as a server restart does (a mock reset or restore). */
  closeAll(): void {
    this.closed = true;
    for (const queue of [...this.queues.values()]) this.remove(queue);
  }

  /**
   * Acknowledges `lastEventId` (already checked with `queue.checkAck`) and answers: at once when events
   * are pending or `dontBlock`, else when the next event (or heartbeat) arrives. A poll already parked on
   * the queue is answered first. An aborted `signal` (client gone) frees the wait.
   */
  poll(
    queue: EventQueue,
    lastEventId: number,
    dontBlock: boolean,
    signal?: AbortSignal,
  ): PollAnswer | Promise<PollAnswer> {
    const activity = this.timers.get(queue);
    if (activity) activity.lastPoll = this.store.clock.now();
    queue.prune(lastEventId);
    queue.finishWaiter();
    if (!queue.isEmpty || dontBlock || signal?.aborted) {
      this.armExpiry(queue);
      return { events: queue.contents() };
    }
    return new Promise<PollAnswer>((resolve) => {
      const onAbort = (): void => {
        queue.abandon(waiter);
        resolve({ events: [] });
      };
      const waiter: Waiter = {
        resolve(answer) {
          signal?.removeEventListener('abort', onAbort);
          resolve(answer);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.clear(queue, 'expiry');
      queue.park(waiter);
      const timers = this.timers.get(queue)!;
      // A waiting request's timer: an awaited clock jump lets a poll started before it count from then.
      timers.heartbeat = this.store.clock.setTimer(
        HEARTBEAT_MS,
        () => {
          timers.heartbeat = undefined;
          queue.push({ type: 'heartbeat' });
        },
        { wait: true },
      );
    });
  }

  private clear(queue: EventQueue, kind: 'expiry' | 'heartbeat'): void {
    const timers = this.timers.get(queue);
    const handle = timers?.[kind];
    if (handle) this.store.clock.clearTimer(handle);
    if (timers) timers[kind] = undefined;
  }

  private armExpiry(queue: EventQueue): void {
    this.clear(queue, 'expiry');
    const timers = this.timers.get(queue);
    if (!timers) return;
    timers.idleSince = this.store.clock.now();
    timers.expiry = this.store.clock.setTimer(queue.options.lifespanSecs * 1000, () => {
      timers.expiry = undefined;
      if (!queue.waiter) this.remove(queue);
    });
  }

  private offer(ctx: DeliveryContext, queue: EventQueue, payload: EventPayload): void {
    // A message payload gives at most one event: no list made per queue.
    if (payload.type === 'message') return deliverMessage(ctx, queue, payload);
    for (const event of deliverables(ctx, queue, payload)) queue.push(event);
  }

  /** Delivers one emitted event to the queues of its audience (and to all_public_streams queues). */
  private fanOut({ users, event }: EmittedEvent): void {
    if (this.queues.size === 0) return;
    // One context serves every emit in turn, emptied after each (an emit during fan-out would take a fresh one).
    const ctx = this.spareContext ?? deliveryContext(this.store);
    this.spareContext = undefined;
    try {
      const build = typeof event === 'function' ? event : undefined;
      for (const userId of users) {
        const queues = this.byUser.get(userId);
        if (!queues) continue;
        const payload = build ? build(userId) : (event as EventPayload);
        if (payload) for (const queue of queues) this.offer(ctx, queue, payload);
      }
      if (this.allPublic.size) this.fanOutPublic(ctx, users, build ?? (() => event as EventPayload));
    } finally {
      clearContext(ctx);
      this.spareContext = ctx;
    }
  }

  /** The delivery context of the next emit (undefined while fan-out uses it). */
  private spareContext: DeliveryContext | undefined;

  /** Public-channel messages also reach every all_public_streams queue of a user outside the audience. */
  private fanOutPublic(
    ctx: DeliveryContext,
    users: readonly number[],
    build: (userId: number) => EventPayload | undefined,
  ): void {
    const audience = new Set(users);
    for (const queue of this.allPublic) {
      if (audience.has(queue.userId)) continue;
      const payload = build(queue.userId);
      if (payload?.type !== 'message' || !payload.$publicStream) continue;
      const user = this.store.state.users.get(queue.userId);
      const streamId = (payload.$message as { stream_id: number | null }).stream_id;
      const channel = streamId === null ? undefined : this.store.state.channels.get(streamId);
      if (!user || !channel || !hasContentAccess(this.store.state, user, channel)) continue;
      this.offer(ctx, queue, { ...payload, flags: [], $localEcho: undefined });
    }
  }
}
