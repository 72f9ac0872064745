import { describe, expect, it } from 'vitest';
import { generateRealm } from '../../fixtures/generate/index.js';
import { createManualClock } from '../clock.js';
import { exportRealm } from '../export-realm.js';
import { loadRealm, PreparedRealm, RealmLoadError } from '../load-realm.js';
import { mutableMessage } from '../seed-state.js';
import { createRandom } from '../random.js';

type Fixture = Record<string, unknown> & { messages: Array<Record<string, unknown>> };

const options = () => ({
  clock: createManualClock(Date.UTC(2025, 0, 1)),
  random: createRandom(1),
  featureLevel: 435,
});

const fixture = (): Fixture =>
  generateRealm({ users: 20, channels: 5, messages: 300, seed: 9 }) as unknown as Fixture;

const problemsOf = (realm: Fixture): string[] => {
  try {
    PreparedRealm.from(realm, { owned: true });
  } catch (error) {
    if (error instanceof RealmLoadError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadMessages', () => {
  it('loads messages listed out of id order into the same realm, rows and flags included', () => {
    const ordered = exportRealm(PreparedRealm.from(fixture(), { owned: true }).createStore(options()));
    const shuffled = fixture();
    shuffled.messages.reverse();
    const store = PreparedRealm.from(shuffled, { owned: true }).createStore(options());
    expect(exportRealm(store)).toEqual(ordered);
    const rows = [...store.state.index.flags.values()].map((r) => [...r]);
    expect(rows.flat().length).toBeGreaterThan(300);
  });

  it('names the file position of a bad message even when the file is out of id order', () => {
    const realm = fixture();
    realm.messages.reverse();
    const channelMessage = realm.messages.findIndex((m) => m.stream_id !== undefined);
    realm.messages[channelMessage]!.reactions = [
      { user_id: 99_998, emoji_name: 'joy', emoji_code: '1f602', reaction_type: 'unicode_emoji' },
    ];
    realm.messages[channelMessage]!.unread_by = [99_997];
    expect(problemsOf(realm)).toEqual(
      expect.arrayContaining([
        `/messages/${channelMessage}/reactions/0/user_id: no user with id 99998`,
        `/messages/${channelMessage}/unread_by: user 99997 did not receive this message`,
      ]),
    );
  });

  it("a store built on its prepared state can change messages that share the loader's empty lists", () => {
    const store = loadRealm(fixture(), options());
    const bare = [...store.state.messages.values()].filter(
      (m) => m.stream_id !== null && !m.reactions.length && !m.edit_history.length,
    );
    const [a, b] = bare.map((m) => m.id);
    const reaction = { user_id: 1, emoji_name: 'joy', emoji_code: '1f602', reaction_type: 'unicode_emoji' };
    mutableMessage(store.state, a!).reactions.push(reaction as never);
    mutableMessage(store.state, a!).edit_history.unshift({ user_id: 1, timestamp: 1 });
    expect(store.state.messages.get(a!)!.reactions).toHaveLength(1);
    expect(store.state.messages.get(a!)!.edit_history).toHaveLength(1);
    expect(store.state.messages.get(b!)!.reactions).toHaveLength(0);
    expect(store.state.messages.get(b!)!.edit_history).toHaveLength(0);
  });

  it('gives rows to exactly who received each message: late subscribers, senders who are not subscribed', () => {
    const realm = fixture();
    const subs = realm.subscriptions as Array<Record<string, unknown>>;
    const messages = realm.messages;
    const times = messages.map((m) => m.timestamp as number).sort((x, y) => x - y);
    // A third of the subscriptions start halfway through the history, the others before it.
    subs.forEach((s, i) => {
      s.date_subscribed = i % 3 === 0 ? times[Math.floor(times.length / 2)] : times[0]! - 1;
    });
    // Some channel messages come from a user who is not subscribed to the channel.
    const subscribed = new Set(subs.map((s) => `${s.user_id as number}/${s.stream_id as number}`));
    const users = (realm.users as Array<{ user_id: number }>).map((u) => u.user_id);
    let outsiders = 0;
    for (const m of messages.filter((m) => m.stream_id !== undefined).slice(0, 60)) {
      const outsider = users.find((u) => !subscribed.has(`${u}/${m.stream_id as number}`));
      if (outsider === undefined) continue;
      Object.assign(m, { sender_id: outsider, unread_by: [], starred_by: [] });
      outsiders++;
    }
    expect(outsiders).toBeGreaterThan(10);
    const expected = new Map<number, number[]>();
    for (const m of [...messages].sort((x, y) => (x.id as number) - (y.id as number))) {
      const readers = new Set<number>(
        m.to === undefined ? [] : [m.sender_id as number, ...(m.to as number[])],
      );
      for (const s of subs)
        if (s.stream_id === m.stream_id && (s.date_subscribed as number) <= (m.timestamp as number))
          readers.add(s.user_id as number);
      readers.add(m.sender_id as number);
      for (const id of readers) expected.set(id, [...(expected.get(id) ?? []), m.id as number]);
    }
    const store = PreparedRealm.from(realm, { owned: true }).createStore(options());
    const got = new Map([...store.state.index.flags].map(([id, rows]) => [id, [...rows.keys()]]));
    expect(got).toEqual(expected);
  });

  it('still names reference problems when a message the schema refuses has no valid sender', () => {
    const realm = fixture();
    const dm = realm.messages.find((m) => m.to !== undefined)!;
    Object.assign(dm, { sender_id: 99_990, to: 5 });
    const problems = problemsOf(realm);
    expect(problems.some((p) => p.includes('/to') && p.includes('must be array'))).toBe(true);
    expect(problems.some((p) => p.includes('sender_id: no user with id 99990'))).toBe(true);
  });
});
