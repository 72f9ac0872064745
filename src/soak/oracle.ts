/**
 * The oracle: from the actions the clients sent and the server's answers, which events each user's queues
 * must receive. Every action names its events' keys and their audiences (chosen so that audiences are
 * plain: channels every soak user is subscribed to, direct messages within a client's pair).
 */
import { KeyTable } from './keys.js';

/** One event an action causes: its key and the users whose queues get it. */
export interface Delivery {
  key: string;
  users: readonly number[];
}

/** What the checks need to know about the actions that were answered with success. */
export class Oracle {
  readonly keys = new KeyTable();
  /** Per client, its action ids in the order it sent them (each waited for the previous answer). */
  readonly clientActions: number[][] = [];
  /** Per user: key id → the actions whose event with that key the user gets, in order. */
  private readonly expected = new Map<number, Map<number, number[]>>();
  private readonly counts = new Map<number, number>();
  private readonly labels: string[] = [];
  /** Milliseconds (performance.now) at which each message was sent, by message id. */
  readonly sentAt = new Map<number, number>();

  /** Number of recorded actions. */
  get size(): number {
    return this.labels.length;
  }

  /** Records an answered action of `client`; returns its id. */
  record(client: number, label: string, deliveries: readonly Delivery[]): number {
    const action = this.labels.length;
    this.labels.push(label);
    (this.clientActions[client] ??= []).push(action);
    for (const { key, users } of deliveries) {
      const keyId = this.keys.id(key);
      for (const user of users) {
        let mine = this.expected.get(user);
        if (!mine) this.expected.set(user, (mine = new Map()));
        let list = mine.get(keyId);
        if (!list) mine.set(keyId, (list = []));
        list.push(action);
        this.counts.set(user, (this.counts.get(user) ?? 0) + 1);
      }
    }
    return action;
  }

  /** The events a queue of this user must receive: key id → action per occurrence. */
  expectedFor(user: number): ReadonlyMap<number, readonly number[]> {
    return this.expected.get(user) ?? new Map();
  }

  /** How many events a queue of this user must receive. */
  expectedCount(user: number): number {
    return this.counts.get(user) ?? 0;
  }

  /** A readable name of an action (`client 3: react m:123`). */
  label(action: number): string {
    return this.labels[action] ?? `action ${action}`;
  }
}
