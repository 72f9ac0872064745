import { describe, expect, it } from 'vitest';
import { devRealm } from '../../testing/dev-realm.js';
import { createManualClock } from '../clock.js';
import { exportRealm } from '../export-realm.js';
import { loadRealm, RealmLoadError } from '../load-realm.js';
import { createRandom } from '../random.js';
import { FLAG_BITS } from '../state.js';
import type { Store } from '../store.js';
import { containsAlertWord } from './alert-words.js';
import { mutedUsersOf } from './muted-users.js';

const load = (fixture: unknown): Store =>
  loadRealm(fixture, {
    clock: createManualClock(Date.UTC(2025, 10, 21)),
    random: createRandom(1),
    featureLevel: 400,
  });

describe('alert word matching', () => {
  const cases: Array<[string, string, boolean]> = [
    ['castle', 'the castle', true],
    ['castle', 'CASTLE!', true],
    ['castle', 'sandcastle', false],
    ['castle', 'castles', false],
    ['castle', '(castle)', true],
    ['castle', '>castle', true],
    ['castle', 'a-castle', false],
    // The server's start check accepts a word that starts at the second character, whatever the first is.
    ['castle', 'xcastle', true],
    ['castle', 'castle-x', false],
    // A double quote after the word is not a boundary for the server (only before it).
    ['castle', '"castle"', false],
    ['castle', '"castle".', false],
    ['castle', 'the "castle', true],
    ['castle', 'the castle" x', false],
    ['big moat', 'a BIG MOAT here', true],
    ['castle', 'no match, castle; yes', true],
  ];
  for (const [word, content, expected] of cases) {
    it(`${expected ? 'matches' : 'does not match'} ${JSON.stringify(word)} in ${JSON.stringify(content)}`, () => {
      expect(containsAlertWord([word], content)).toBe(expected);
    });
  }
});

describe('realm format: alert words, muted users and statuses', () => {
  const fixture = () => {
    const f = structuredClone(devRealm()) as unknown as Record<string, unknown>;
    const castle = (f.messages as Array<{ id: number; content: string }>)[0]!;
    castle.content = 'Meet at the castle.';
    f.alert_words = [{ user_id: 10, alert_words: ['Castle', 'moat'] }];
    f.muted_users = [{ user_id: 10, muted_user_id: 12, timestamp: 1700000000 }];
    f.user_status = [{ user_id: 10, status_text: 'away for lunch', emoji_name: 'car', emoji_code: '1f697' }];
    return { f, messageId: castle.id };
  };

  it('loads them, flags loaded messages with the words, and exports them back unchanged', () => {
    const { f, messageId } = fixture();
    const store = load(f);
    expect(store.state.alertWords.get(10)).toEqual(['Castle', 'moat']);
    expect(mutedUsersOf(store.state, 10)).toEqual([{ id: 12, timestamp: 1700000000 }]);
    // Message 1 went to Verona, where user 10 has a row; user 12 has no alert words.
    expect(store.state.index.flags.get(10)!.get(messageId)! & FLAG_BITS.has_alert_word).toBe(
      FLAG_BITS.has_alert_word,
    );
    expect(store.state.index.flags.get(12)!.get(messageId)! & FLAG_BITS.has_alert_word).toBe(0);
    const exported = exportRealm(store);
    expect(exported.alert_words).toEqual([{ user_id: 10, alert_words: ['Castle', 'moat'] }]);
    expect(exported.muted_users).toEqual([{ user_id: 10, muted_user_id: 12, timestamp: 1700000000 }]);
    expect(exported.user_status).toEqual([
      {
        user_id: 10,
        away: false,
        status_text: 'away for lunch',
        emoji_name: 'car',
        emoji_code: '1f697',
        reaction_type: 'unicode_emoji',
      },
    ]);
    const again = exportRealm(load(exported));
    expect(again.alert_words).toEqual(exported.alert_words);
    expect(again.muted_users).toEqual(exported.muted_users);
    expect(again.user_status).toEqual(exported.user_status);
  });

  it('names unknown users and self-mutes as problems', () => {
    const { f } = fixture();
    f.alert_words = [{ user_id: 999, alert_words: ['x'] }];
    f.muted_users = [{ user_id: 10, muted_user_id: 10, timestamp: 1 }];
    f.user_status = [{ user_id: 998 }];
    let error: unknown;
    try {
      load(f);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RealmLoadError);
    expect((error as RealmLoadError).problems).toEqual(
      expect.arrayContaining([
        '/alert_words/0/user_id: no user with id 999',
        '/muted_users/0/muted_user_id: a user cannot mute themselves',
        '/user_status/0/user_id: no user with id 998',
      ]),
    );
  });
});
