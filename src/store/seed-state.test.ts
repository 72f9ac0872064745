import { describe, expect, it } from 'vitest';
import { devRealm } from '../testing/dev-realm.js';
import { createManualClock } from './clock.js';
import { PreparedRealm } from './load-realm.js';
import { unindexLocation } from './message-index.js';
import { createRandom } from './random.js';
import { freezeForSharing, mutableMessage, seedState } from './seed-state.js';
import type { RealmState } from './state.js';

const options = () => ({
  clock: createManualClock(Date.UTC(2025, 0, 1)),
  random: createRandom(1),
  featureLevel: 435,
});

/** The prepared realm's own state (private; the tests look at it to prove it never changes). */
const stateOf = (prepared: PreparedRealm): RealmState => (prepared as unknown as { state: RealmState }).state;

describe('seedState', () => {
  it('gives a state equal to the prepared one, with the same records under the by-key maps', () => {
    const shared = stateOf(PreparedRealm.from(devRealm()));
    freezeForSharing(shared);
    const seeded = seedState(shared);
    // The message table is a CopyOnWriteMap over the shared one: compared by its entries.
    const withoutRows = (state: RealmState) => ({
      ...state,
      messages: new Map(state.messages),
      index: { ...state.index, flags: 0, byUser: 0 },
    });
    expect(withoutRows(seeded)).toEqual(withoutRows(shared));
    for (const [userId, rows] of shared.index.flags)
      expect([...seeded.index.flags.get(userId)!]).toEqual([...rows]);
    expect(seeded.users).not.toBe(shared.users);
    for (const [key, user] of seeded.usersByEmail) {
      expect(user).toBe(seeded.users.get(user.user_id));
      expect(user).not.toBe(shared.usersByEmail.get(key));
    }
    for (const user of seeded.usersByApiKey.values()) expect(user).toBe(seeded.users.get(user.user_id));
    for (const channel of seeded.channelsByName.values())
      expect(channel).toBe(seeded.channels.get(channel.stream_id));
    expect([...seeded.index.flags.keys()]).toEqual([...shared.index.flags.keys()]);
    const [userId, rows] = [...shared.index.flags][0]!;
    expect(seeded.byOwner).toEqual(shared.byOwner);
    expect(seeded.index.byUser.get(userId)).toEqual(rows.messageIds);
  });

  it('shares frozen message records, lists and rows: a write that skips the copy throws', () => {
    const shared = stateOf(PreparedRealm.from(devRealm()));
    freezeForSharing(shared);
    const seeded = seedState(shared);
    const message = [...seeded.messages.values()].find((m) => m.reactions.length && m.stream_id !== null)!;
    expect(message).toBe(shared.messages.get(message.id));
    expect(() => {
      message.content = 'changed in place';
    }).toThrow(TypeError);
    expect(() => message.reactions.push({ ...message.reactions[0]! })).toThrow(TypeError);
    expect(() => {
      message.reactions[0]!.emoji_name = 'changed';
    }).toThrow(TypeError);
    expect(() => seeded.index.byChannel.get(message.stream_id!)!.push(1e9)).toThrow(TypeError);
  });

  it('mutableMessage copies a shared record once and leaves the prepared one as it was', () => {
    const shared = stateOf(PreparedRealm.from(devRealm()));
    freezeForSharing(shared);
    const seeded = seedState(shared);
    const id = [...shared.messages.values()].find((m) => m.reactions.length)!.id;
    const before = structuredClone(shared.messages.get(id));
    const own = mutableMessage(seeded, id);
    expect(own).not.toBe(shared.messages.get(id));
    expect(own).toEqual(before);
    expect(mutableMessage(seeded, id)).toBe(own);
    own.content = 'changed';
    own.reactions.pop();
    own.edit_history.unshift({ user_id: 1, timestamp: 1 });
    own.mentioned_user_ids = new Set([12345]);
    expect(shared.messages.get(id)).toEqual(before);
    expect(seeded.messages.get(id)).toBe(own);
  });

  it('a store loaded once (no sharing) keeps writing its records in place', () => {
    const store = PreparedRealm.loadOnce(devRealm(), options());
    const message = [...store.state.messages.values()][0]!;
    expect(Object.isFrozen(message)).toBe(false);
    expect(mutableMessage(store.state, message.id)).toBe(message);
  });

  it('stores created from one prepared realm never see each other’s row and list changes', () => {
    const prepared = PreparedRealm.from(devRealm());
    const a = prepared.createStore(options());
    const b = prepared.createStore(options());
    const [userId, rows] = [...a.state.index.flags][0]!;
    const messageId = rows.messageIds[0]!;
    const bits = rows.get(messageId)!;
    rows.set(messageId, bits ^ 2);
    rows.delete(rows.messageIds.at(-1)!);
    const channelId = [...a.state.index.byChannel.keys()][0]!;
    const channelIds = [...b.state.index.byChannel.get(channelId)!];
    unindexLocation(a.state.index, a.state.messages.get(channelIds[0]!)!);
    a.state.messages.delete(channelIds[0]!);
    expect(a.state.index.byChannel.get(channelId)).toEqual(channelIds.slice(1));
    expect(b.state.index.byChannel.get(channelId)).toEqual(channelIds);
    expect(b.state.index.flags.get(userId)!.get(messageId)).toBe(bits);
    expect(b.state.index.flags.get(userId)!.size).toBe(rows.size + 1);
    expect(b.state.messages.has(channelIds[0]!)).toBe(true);
    expect(prepared.createStore(options()).state.index.flags.get(userId)!.get(messageId)).toBe(bits);
  });
});
