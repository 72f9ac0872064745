/** Caps on event queues, per user and in total: registering past a cap first garbage-collects the oldest idle queue. */
import type { QueueOptions } from './options.js';
import type { EventQueue, QueueRegistry } from './queues.js';

/** How many queues may live at once. */
export interface QueueLimits {
  maxQueuesPerUser: number;
  maxQueues: number;
}

// Every queue registered through here, in registration order (dead ones are swept out now and then).
const registered = new WeakMap<QueueRegistry, Set<EventQueue>>();

const isLive = (registry: QueueRegistry, queue: EventQueue): boolean => registry.get(queue.id) === queue;

/** Removes the oldest queue without a parked poll; when every one is polling, the oldest of all. */
function evictOldest(registry: QueueRegistry, queues: Iterable<EventQueue>): void {
  let oldest: EventQueue | undefined;
  for (const queue of queues) {
    if (!isLive(registry, queue)) continue;
    if (!queue.waiter) return registry.remove(queue);
    oldest ??= queue;
  }
  if (oldest) registry.remove(oldest);
}

/** Registers a queue for a user, first making room under the limits (the user's own oldest idle queue first). */
export function registerWithinLimits(
  registry: QueueRegistry,
  userId: number,
  options: Partial<QueueOptions>,
  limits: QueueLimits,
): EventQueue {
  let all = registered.get(registry);
  if (!all) registered.set(registry, (all = new Set()));
  if (all.size > 2 * registry.size + 64)
    for (const queue of all) if (!isLive(registry, queue)) all.delete(queue);
  // A user's queues are kept in registration order by the registry.
  if (registry.queuesOf(userId).size >= limits.maxQueuesPerUser)
    evictOldest(registry, registry.queuesOf(userId));
  if (registry.size >= limits.maxQueues) evictOldest(registry, all);
  const queue = registry.register(userId, options);
  all.add(queue);
  return queue;
}
