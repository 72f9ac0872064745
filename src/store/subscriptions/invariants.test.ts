/** Property-based: random subscribe / unsubscribe / archive / deactivate sequences keep counts and peer events consistent. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { devRealm } from '../../testing/dev-realm.js';
import { TEST_START_MS } from '../../testing/transports.js';
import { hasMetadataAccess } from '../access.js';
import { formatChannel } from '../channels/format.js';
import { changeChannel } from '../channels/mutate.js';
import { createManualClock } from '../clock.js';
import type { Store } from '../store.js';
import { deactivateUser, reactivateUser } from '../users/mutate.js';
import { subscribeUsers, unsubscribeUsers } from './subscribe.js';

/** The observer whose client view is rebuilt from events: an administrator (sees every subscriber list). */
const OBSERVER = 11;
const USERS = [6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17];
const CHANNELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

type Op =
  | { kind: 'subscribe' | 'unsubscribe'; users: number[]; channels: number[] }
  | { kind: 'archive' | 'unarchive'; channel: number }
  | { kind: 'deactivate' | 'reactivate'; user: number };

const pick = <T>(xs: T[]) => fc.subarray(xs, { minLength: 1, maxLength: 3 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('subscribe' as const, 'unsubscribe' as const),
    users: pick(USERS),
    channels: pick(CHANNELS),
  }),
  fc.record({
    kind: fc.constantFrom('archive' as const, 'unarchive' as const),
    channel: fc.constantFrom(...CHANNELS),
  }),
  fc.record({
    kind: fc.constantFrom('deactivate' as const, 'reactivate' as const),
    user: fc.constantFrom(...USERS),
  }),
);

function apply(store: Store, op: Op): void {
  const { state } = store;
  if (op.kind === 'subscribe' || op.kind === 'unsubscribe') {
    const active = op.users.filter((id) => state.users.get(id)!.is_active);
    (op.kind === 'subscribe' ? subscribeUsers : unsubscribeUsers)(store, op.channels, active);
  } else if (op.kind === 'archive' || op.kind === 'unarchive') {
    const channel = state.channels.get(op.channel)!;
    const value = op.kind === 'archive';
    if (channel.is_archived !== value) changeChannel(store, channel, { property: 'is_archived', value });
  } else if (op.kind === 'deactivate' || op.kind === 'reactivate') {
    const user = state.users.get(op.user)!;
    if (op.kind === 'deactivate' && user.is_active) deactivateUser(store, user);
    if (op.kind === 'reactivate' && !user.is_active) reactivateUser(store, user);
  }
}

describe('subscription invariants under random sequences', () => {
  it('keeps subscriber_count, subscriber sets and peer events consistent', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 25 }), (ops) => {
        const store = createApp({ realm: devRealm(), clock: createManualClock(TEST_START_MS) }).store;
        const { state } = store;
        const view = new Map([...state.subscribers].map(([id, set]) => [id, new Set(set)]));
        const problems: string[] = [];
        store.onEvent(({ users, event }) => {
          const payload = typeof event === 'function' ? undefined : event;
          if (
            payload?.type === 'subscription' &&
            (payload.op === 'peer_add' || payload.op === 'peer_remove')
          ) {
            const [streamId] = payload.stream_ids as number[];
            const channel = state.channels.get(streamId!)!;
            for (const id of users) {
              if ((payload.user_ids as number[]).includes(id))
                problems.push(`peer event sent to its subject ${id}`);
              if (!hasMetadataAccess(state, state.users.get(id)!, channel))
                problems.push(`peer event to ${id} without access`);
            }
          }
          if (!users.includes(OBSERVER)) return;
          const ev = typeof event === 'function' ? event(OBSERVER) : event;
          if (ev?.type !== 'subscription') return;
          if (ev.op === 'peer_add' || ev.op === 'peer_remove') {
            for (const s of ev.stream_ids as number[])
              for (const u of ev.user_ids as number[])
                if (ev.op === 'peer_add') view.get(s)!.add(u);
                else view.get(s)!.delete(u);
          } else if (ev.op === 'add') {
            for (const sub of ev.subscriptions as Array<{ stream_id: number; subscribers: number[] }>)
              view.set(sub.stream_id, new Set(sub.subscribers));
          } else if (ev.op === 'remove') {
            for (const sub of ev.subscriptions as Array<{ stream_id: number }>)
              view.get(sub.stream_id)!.delete(OBSERVER);
          }
        });
        for (const op of ops) {
          apply(store, op);
          for (const channel of state.channels.values()) {
            const expected = new Set(
              [...state.users.values()]
                .filter(
                  (u) => u.is_active && state.subscriptions.get(u.user_id)?.get(channel.stream_id)?.active,
                )
                .map((u) => u.user_id),
            );
            expect(state.subscribers.get(channel.stream_id)).toEqual(expected);
            expect(
              formatChannel(state, channel, undefined, store.now(), store.featureLevel).subscriber_count,
            ).toBe(expected.size);
            expect(view.get(channel.stream_id), `observer view of ${channel.name} after ${op.kind}`).toEqual(
              expected,
            );
          }
        }
        expect(problems).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
