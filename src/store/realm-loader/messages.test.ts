import { describe, expect, it } from 'vitest';
import { generateRealm } from '../../fixtures/generate/index.js';
import { createManualClock } from '../clock.js';
import { exportRealm } from '../export-realm.js';
import { PreparedRealm, RealmLoadError } from '../load-realm.js';
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
});
