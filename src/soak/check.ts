/**
 * The soak's checks of what the queues received against the oracle: each queue got exactly its events,
 * once each (no loss, no duplicate, nothing unexpected), and every queue saw the actions in an order that
 * one global order explains, which also respects each client's own order.
 */
import type { Oracle } from './oracle.js';

/** What one queue received: its user and the key ids of its events in order. */
export interface ReceivedSequence {
  name: string;
  userId: number;
  received: readonly number[];
}

/** Problems found, by kind, with a few examples each. */
export interface CheckResult {
  missing: number;
  unexpected: number;
  /** Whether the orders seen by the queues (and the clients) fit no single order. */
  orderConflict: boolean;
  examples: string[];
}

const MAX_EXAMPLES = 12;

/** Maps a queue's events to actions (by key and occurrence); counts missing and unexpected ones. */
function actionsOf(oracle: Oracle, queue: ReceivedSequence, result: CheckResult): number[] {
  const expected = oracle.expectedFor(queue.userId);
  const seen = new Map<number, number>();
  const actions: number[] = [];
  for (const keyId of queue.received) {
    const occurrence = seen.get(keyId) ?? 0;
    seen.set(keyId, occurrence + 1);
    const action = expected.get(keyId)?.[occurrence];
    if (action === undefined) {
      result.unexpected++;
      const what = occurrence > 0 ? 'a duplicate of' : 'unexpected';
      if (result.examples.length < MAX_EXAMPLES)
        result.examples.push(`${queue.name}: ${what} ${oracle.keys.name(keyId)}`);
      continue;
    }
    actions.push(action);
  }
  for (const [keyId, list] of expected) {
    const got = seen.get(keyId) ?? 0;
    if (got >= list.length) continue;
    result.missing += list.length - got;
    if (result.examples.length < MAX_EXAMPLES)
      result.examples.push(`${queue.name}: missing ${oracle.keys.name(keyId)} (${oracle.label(list[got]!)})`);
  }
  return actions;
}

/** Whether the "comes before" pairs admit one order of all actions (Kahn's algorithm finds no cycle). */
export function hasOrder(count: number, edges: ReadonlySet<number>): boolean {
  const next: number[][] = Array.from({ length: count }, () => []);
  const incoming = new Int32Array(count);
  for (const edge of edges) {
    const from = Math.floor(edge / count);
    const to = edge % count;
    next[from]!.push(to);
    incoming[to]!++;
  }
  const ready: number[] = [];
  for (let i = 0; i < count; i++) if (incoming[i] === 0) ready.push(i);
  let placed = 0;
  while (ready.length) {
    const node = ready.pop()!;
    placed++;
    for (const to of next[node]!) if (--incoming[to]! === 0) ready.push(to);
  }
  return placed === count;
}

/** Checks every queue's events against the oracle. */
export function checkDeliveries(oracle: Oracle, queues: readonly ReceivedSequence[]): CheckResult {
  const result: CheckResult = { missing: 0, unexpected: 0, orderConflict: false, examples: [] };
  const count = oracle.size;
  const edges = new Set<number>();
  const addChain = (chain: readonly number[]): void => {
    for (let i = 1; i < chain.length; i++)
      if (chain[i - 1] !== chain[i]) edges.add(chain[i - 1]! * count + chain[i]!);
  };
  for (const queue of queues) addChain(actionsOf(oracle, queue, result));
  for (const chain of oracle.clientActions) addChain(chain ?? []);
  if (count > 0 && !hasOrder(count, edges)) {
    result.orderConflict = true;
    result.examples.push('the queues received events in orders that no single order of the actions explains');
  }
  return result;
}
