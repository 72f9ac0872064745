/**
 * An event queue reuses its slots after acknowledgements (pending events between a head and a tail): against a
 * plain list model of the queue (copy on prune, splice on coalescing), seeded random pushes, flag events that
 * coalesce and acknowledgements give the same contents and the same verdict on every acknowledgement.
 */
import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../store.js';
import { queueOptions } from './options.js';
import { EventQueue } from './queue.js';

/** The queue as plain lists, as it was kept before slots were reused. */
class ListModel {
  payloads: EventPayload[] = [];
  ids: number[] = [];
  next = 0;
  newestPruned = -1;
  absorbed = new Set<number>();

  private static key(event: EventPayload): string | null {
    if (event.type !== 'update_message_flags') return null;
    if (event.op === 'remove' && event.flag === 'read') return null;
    return `${String(event.op)}/${String(event.flag)}`;
  }

  push(payload: EventPayload): void {
    const id = this.next++;
    const key = ListModel.key(payload);
    let event = payload;
    const at = key === null ? -1 : this.payloads.findIndex((e) => ListModel.key(e) === key);
    if (at >= 0) {
      const previous = this.payloads[at]!;
      this.absorbed.add(this.ids[at]!);
      this.payloads.splice(at, 1);
      this.ids.splice(at, 1);
      event = {
        ...previous,
        messages: [...(previous.messages as number[]), ...(payload.messages as number[])],
      };
    }
    this.payloads.push(event);
    this.ids.push(id);
  }

  check(last: number): string | null {
    if (last < this.newestPruned) return 'pruned';
    let newest = this.newestPruned;
    for (const id of this.ids) {
      if (id > last) break;
      newest = id;
    }
    return newest !== last && !this.absorbed.has(last) ? 'unknown' : null;
  }

  prune(last: number): void {
    const drop = this.ids.filter((id) => id <= last).length;
    this.payloads = this.payloads.slice(drop);
    this.ids = this.ids.slice(drop);
    if (last > this.newestPruned) this.newestPruned = last;
    for (const id of this.absorbed) if (id <= last) this.absorbed.delete(id);
  }

  contents(): Array<EventPayload & { id: number }> {
    return this.payloads.map((p, i) => ({ ...p, id: this.ids[i]! }));
  }
}

const READ: readonly string[] = ['read'];
const NO_FLAGS: readonly string[] = [];

describe('event queue slots', () => {
  it('behaves as the plain list model through pushes, coalescing and acknowledgements', () => {
    // mulberry32: 32-bit integer steps (a float LCG loses its low bits past 2^53 and repeats a few values).
    let seed = 11;
    const next = (n: number): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    for (let round = 0; round < 40; round++) {
      const queue = new EventQueue(`q${round}`, 1, queueOptions());
      const model = new ListModel();
      for (let step = 0; step < 400; step++) {
        const roll = next(12);
        if (roll >= 10) {
          // A message event kept as its message and flags (what fan-out pushes): the same event when read.
          const message = { id: step, content: `m${step}` };
          const flags = next(2) ? READ : NO_FLAGS;
          queue.pushMessage(message, flags);
          model.push({ type: 'message', message, flags });
        } else if (roll < 6) {
          const payload: EventPayload =
            roll < 4
              ? { type: 'message', n: step }
              : {
                  type: 'update_message_flags',
                  op: next(2) ? 'add' : 'remove',
                  flag: next(2) ? 'read' : 'starred',
                  messages: [step],
                };
          queue.push(payload);
          model.push(payload);
        } else {
          // Any id up to the newest, valid or not: both must give the same verdict, and prune alike when valid.
          const last = next(model.next + 1) - 1;
          expect(queue.checkAck(last)).toBe(model.check(last));
          if (model.check(last) === null) {
            queue.prune(last);
            model.prune(last);
          }
        }
        expect(queue.contents()).toEqual(model.contents());
        expect(queue.size).toBe(model.ids.length);
        expect(queue.isEmpty).toBe(model.ids.length === 0);
      }
    }
  });

  it('drains and refills many times, every event acknowledged once, nothing left behind', () => {
    const queue = new EventQueue('q', 1, queueOptions());
    let sent = 0;
    for (let round = 0; round < 50; round++) {
      const count = 1 + ((round * 37) % 300);
      for (let i = 0; i < count; i++) queue.push({ type: 'message', n: sent++ });
      // Half first (the rest moves up when more slots are free than pending), then all.
      const half = queue.contents()[Math.floor(count / 2)]!.id;
      queue.prune(half);
      expect(queue.contents().map((e) => e.n)).toEqual(
        Array.from(
          { length: count - Math.floor(count / 2) - 1 },
          (_, i) => sent - count + Math.floor(count / 2) + 1 + i,
        ),
      );
      queue.prune(queue.nextId - 1);
      expect(queue.isEmpty).toBe(true);
      expect(queue.checkAck(queue.nextId - 1)).toBeNull();
      // Released slots keep no event alive (the slots themselves are kept for the next round).
      const slots = (queue as unknown as { payloads: unknown[] }).payloads;
      expect(slots.length).toBeGreaterThan(0);
      expect(slots.filter((p) => p !== undefined)).toEqual([]);
    }
  });
});
