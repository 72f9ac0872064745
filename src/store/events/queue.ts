/** One event queue: ids, acknowledgement and pruning, flag-event coalescing, and its one parked poll. */
import type { EventPayload } from '../store.js';
import { hasCapability, type QueueOptions } from './options.js';

/** An event as delivered: its payload plus the queue's id for it. */
export type QueuedEvent = EventPayload & { id: number };

/** What a poll answers: the pending events, plus `queue_id` when the answer completes a parked poll. */
export interface PollAnswer {
  events: QueuedEvent[];
  queue_id?: string;
}

/** A parked GET /events: resolved once with the queue's contents. */
export interface Waiter {
  resolve(answer: PollAnswer): void;
}

/** Why an acknowledgement was refused (reference A.1). */
export type AckProblem = 'pruned' | 'unknown' | null;

/**
 * Coalescing key of update_message_flags events (every op/flag pair except remove+read) and of restart events
 * (a pending restart gives way to the newer one: one reload, for the newest server).
 */
function coalesceKey(event: EventPayload): string | null {
  if (event.type === 'restart') return 'restart';
  if (event.type !== 'update_message_flags') return null;
  if (event.op === 'remove' && event.flag === 'read') return null;
  return `${event.all === true ? 'all' : 'some'}/${String(event.op)}/${String(event.flag)}`;
}

/** A drained queue keeps lists of up to this many slots for its next events (larger ones are let go). */
const KEPT_SLOTS = 1 << 16;

/**
 * A queue's events and its parked poll; timers and fan-out live in the registry. Pending events are kept as the
 * payloads fan-out delivered (one object shared by every queue that receives the same event) beside their ids,
 * a message event as its formatted message and flags list; the event with its id is made when a poll reads it.
 * The pending ones are the slots `head` to `tail` of aligned lists that acknowledgements do not copy: a drained
 * queue writes its next events from the start again into the slots it has, so a queue acknowledged now and then
 * does not grow new lists each time.
 */
export class EventQueue {
  private payloads: Array<EventPayload | object | undefined> = [];
  private ids: number[] = [];
  /**
   * The flags of a message event kept as its message object alone (see pushMessage), else undefined: a channel's
   * queues keep one formatted message per send between them, and no event object each.
   */
  private messageFlags: Array<readonly string[] | undefined> = [];
  private head = 0;
  private tail = 0;
  private nextEventId = 0;
  private newestPrunedId = -1;
  /** Ids already handed out that were merged into a later coalesced event (still acknowledgeable). */
  private readonly absorbedIds = new Set<number>();
  private flushScheduled = false;
  waiter: Waiter | null = null;
  /** Whether message events reach the queue (its event_types), worked out once rather than per message. */
  readonly takesMessages: boolean;
  /**
   * How the queue's message objects are formatted, as bits: 4 apply_markdown, 2 client_gravatar, 1 the
   * empty_topic_name capability (fixed at registration, so a message's fan-out reads them per queue).
   */
  readonly messageFormat: number;

  constructor(
    readonly id: string,
    readonly userId: number,
    readonly options: QueueOptions,
  ) {
    this.takesMessages = options.eventTypes === null || options.eventTypes.has('message');
    this.messageFormat =
      (options.applyMarkdown ? 4 : 0) |
      (options.clientExtavatar ? 2 : 0) |
      (hasCapability(options, 'empty_topic_name') ? 1 : 0);
  }

  /** The id the next event will get. */
  get nextId(): number {
    return this.nextEventId;
  }

  /**
   * Appends an event (merging flag events with a pending one of the same kind) and wakes the waiter. The
   * payload is kept, not copied: it must not change once pushed (fan-out builds each payload for delivery).
   */
  push(payload: EventPayload): void {
    const id = this.nextEventId++;
    const key = coalesceKey(payload);
    let event = payload;
    if (key !== null) {
      let at = this.head;
      // A slot kept as a message alone (messageFlags set) holds a message event, which never coalesces.
      while (
        at < this.tail &&
        (this.messageFlags[at] !== undefined || coalesceKey(this.payloads[at] as EventPayload) !== key)
      )
        at++;
      if (at < this.tail) {
        const previous = this.payloads[at] as EventPayload;
        this.absorbedIds.add(this.ids[at]!);
        // The later events move up one slot, as a splice would move them.
        this.payloads.copyWithin(at, at + 1, this.tail);
        this.ids.copyWithin(at, at + 1, this.tail);
        this.messageFlags.copyWithin(at, at + 1, this.tail);
        this.payloads[--this.tail] = undefined;
        if (key !== 'restart') {
          const messages = [...(previous.messages as number[]), ...(payload.messages as number[])];
          event = { ...previous, messages };
        }
      }
    }
    this.append(event, undefined, id);
  }

  /**
   * Appends the message event `{ type: 'message', message, flags }` and wakes the waiter, keeping the message and
   * the flags list (both shared, never changed once pushed) rather than an event object.
   */
  pushMessage(message: object, flags: readonly string[]): void {
    this.append(message, flags, this.nextEventId++);
  }

  private append(item: EventPayload | object, flags: readonly string[] | undefined, id: number): void {
    const at = this.tail;
    if (at < this.payloads.length) {
      this.payloads[at] = item;
      this.ids[at] = id;
      this.messageFlags[at] = flags;
    } else {
      this.payloads.push(item);
      this.ids.push(id);
      this.messageFlags.push(flags);
    }
    this.tail = at + 1;
    this.scheduleFlush();
  }

  /** Checks an acknowledgement without changing anything. */
  checkAck(lastEventId: number): AckProblem {
    if (lastEventId < this.newestPrunedId) return 'pruned';
    let newest = this.newestPrunedId;
    for (let i = this.head; i < this.tail; i++) {
      const id = this.ids[i]!;
      if (id > lastEventId) break;
      newest = id;
    }
    if (newest !== lastEventId && !this.absorbedIds.has(lastEventId)) return 'unknown';
    return null;
  }

  /** Discards every event up to and including `lastEventId` (call after {@link checkAck}). */
  prune(lastEventId: number): void {
    let head = this.head;
    // Released slots hold no payload, so a pruned event is not kept alive by its slot. A client acknowledging
    // all it has seen releases every slot at once, without reading each id.
    if (head < this.tail && this.ids[this.tail - 1]! <= lastEventId) {
      this.payloads.fill(undefined, head, this.tail);
      head = this.tail;
    }
    while (head < this.tail && this.ids[head]! <= lastEventId) this.payloads[head++] = undefined;
    if (head === this.tail) {
      head = this.tail = 0;
      if (this.payloads.length > KEPT_SLOTS) {
        this.payloads = [];
        this.ids = [];
        this.messageFlags = [];
      }
    } else if (head > this.tail - head) {
      // More released slots before the pending events than pending events: these move to the start.
      const count = this.tail - head;
      this.payloads.copyWithin(0, head, this.tail).fill(undefined, count, this.tail);
      this.ids.copyWithin(0, head, this.tail);
      this.messageFlags.copyWithin(0, head, this.tail);
      head = 0;
      this.tail = count;
    }
    this.head = head;
    if (lastEventId > this.newestPrunedId) this.newestPrunedId = lastEventId;
    for (const id of this.absorbedIds) if (id <= lastEventId) this.absorbedIds.delete(id);
  }

  /** Pending events, oldest first, each a new object: its payload's keys, then `id`. */
  contents(): QueuedEvent[] {
    const out: QueuedEvent[] = [];
    for (let i = this.head; i < this.tail; i++) {
      const flags = this.messageFlags[i];
      if (flags !== undefined) {
        out.push({ type: 'message', message: this.payloads[i], flags, id: this.ids[i]! });
        continue;
      }
      // Object.assign then a set gives the spread's key order ({ ...payload, id }) at a tenth of its cost on V8.
      const event = Object.assign({}, this.payloads[i]) as QueuedEvent;
      event.id = this.ids[i]!;
      out.push(event);
    }
    return out;
  }

  /** Number of pending events. */
  get size(): number {
    return this.tail - this.head;
  }

  /** Whether any event is pending. */
  get isEmpty(): boolean {
    return this.tail === this.head;
  }

  /** Parks a poll; an earlier parked poll is answered at once with the current contents. */
  park(waiter: Waiter): void {
    this.finishWaiter();
    this.waiter = waiter;
    if (!this.isEmpty) this.scheduleFlush();
  }

  /** Answers the parked poll (if any) with the current contents; returns whether one was parked. */
  finishWaiter(): boolean {
    const waiter = this.waiter;
    if (!waiter) return false;
    this.waiter = null;
    waiter.resolve({ events: this.contents(), queue_id: this.id });
    this.onWaiterFinished?.();
    return true;
  }

  /** Drops a parked poll whose client went away, without answering it. */
  abandon(waiter: Waiter): void {
    if (this.waiter !== waiter) return;
    this.waiter = null;
    this.onWaiterFinished?.();
  }

  /** Set by the registry: called whenever the parked poll ends (answered or abandoned). */
  onWaiterFinished?: () => void;

  /**
   * Answers the waiter after the current synchronous change completes, so that all events one request
   * emits (a message and its user_topic, say) arrive in one answer.
   */
  private scheduleFlush(): void {
    if (!this.waiter || this.flushScheduled) return;
    this.flushScheduled = true;
    queueMicrotask(() => {
      this.flushScheduled = false;
      if (!this.isEmpty) this.finishWaiter();
    });
  }
}
