/** The store: realm state plus injected time and ids, and the single path by which changes emit events. */
import type { Clock } from './clock.js';
import type { Random } from './random.js';
import type { RealmState } from './state.js';

/** An event as queued for a user: `type` plus its payload (the queue adds `id`). */
export interface EventPayload {
  type: string;
  [key: string]: unknown;
}

/** An event for a set of users; `build` may tailor it per user (flags) or skip a user (undefined). */
export interface EmittedEvent {
  users: readonly number[];
  event: EventPayload | ((userId: number) => EventPayload | undefined);
}

/** Receives every emitted event (the event-queue manager, the change journal, tests). */
export type EventSink = (emitted: EmittedEvent) => void;

/** Kinds of sequential ids the store hands out. */
export type IdKind =
  | 'message'
  | 'user'
  | 'channel'
  | 'group'
  | 'draft'
  | 'snippet'
  | 'scheduled'
  | 'invitation'
  | 'linkifier'
  | 'playground'
  | 'emoji'
  | 'folder'
  | 'attachment'
  | 'profile_field'
  | 'submessage'
  | 'device'
  | 'call';

/** Emitted events the journal keeps unless told otherwise. */
export const JOURNAL_SIZE = 1000;

/** Holds one realm. Domain modules (users.ts, messages/…) mutate `state` and call {@link Store.emit}. */
export class Store {
  /**
   * The last emitted events, oldest first, for tests that look at what a change emitted (at most `journalSize`;
   * none when it is 0).
   */
  readonly journal: EmittedEvent[] = [];
  /** How many changes were emitted so far: a cheap "did anything change" check (periodic saves compare it). */
  changes = 0;
  private readonly sinks = new Set<EventSink>();
  private readonly nextIds: Map<IdKind, number>;

  constructor(
    readonly state: RealmState,
    readonly clock: Clock,
    readonly random: Random,
    readonly featureLevel: number,
    firstIds: Record<IdKind, number>,
    private readonly journalSize = JOURNAL_SIZE,
  ) {
    this.nextIds = new Map(Object.entries(firstIds) as Array<[IdKind, number]>);
  }

  /** Current time in whole UNIX seconds. */
  now(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  /**
   * Moves every id sequence forward by `offset`: the realms of one server (seeded from one source) then hand
   * out ids no other realm of it has, as the real server's ids are unique across its realms.
   */
  offsetIds(offset: number): void {
    for (const [kind, next] of this.nextIds) this.nextIds.set(kind, next + offset);
  }

  /** The next id of a kind; ids only grow. */
  nextId(kind: IdKind): number {
    const id = this.nextIds.get(kind) ?? 1;
    this.nextIds.set(kind, id + 1);
    return id;
  }

  /** The change path's last step: hands an event to every sink and the bounded journal. */
  emit(users: Iterable<number>, event: EmittedEvent['event']): void {
    const emitted: EmittedEvent = { users: [...users], event };
    this.changes++;
    if (this.journalSize > 0) {
      if (this.journal.length >= this.journalSize) this.journal.shift();
      this.journal.push(emitted);
    }
    for (const sink of this.sinks) sink(emitted);
  }

  /** Subscribes to emitted events; returns the unsubscribe function. */
  onEvent(sink: EventSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }

  /** Ids of every active user (the audience of realm-wide events). */
  activeUserIds(): number[] {
    const ids: number[] = [];
    for (const user of this.state.users.values()) if (user.is_active) ids.push(user.user_id);
    return ids;
  }
}
