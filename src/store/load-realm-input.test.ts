import { describe, expect, it } from 'vitest';
import { generateRealm } from '../fixtures/generate/index.js';
import { devRealm } from '../testing/dev-realm.js';
import { createManualClock } from './clock.js';
import { PreparedRealm } from './load-realm.js';
import { addReaction } from './messages/reactions.js';
import { createRandom } from './random.js';

const options = () => ({
  clock: createManualClock(Date.UTC(2025, 0, 1)),
  random: createRandom(1),
  featureLevel: 435,
});

describe('PreparedRealm.from and its input', () => {
  it('leaves the fixture object as it was, defaults and later changes included', () => {
    const fixture = generateRealm({ users: 20, channels: 5, messages: 300, seed: 3 }) as unknown as {
      messages: Array<Record<string, unknown> & { reactions?: unknown[] }>;
    };
    // Without the fields the schema fills in: validation must fill them into its own copy only.
    for (const m of fixture.messages) {
      delete m.client;
      if (!m.reactions?.length) delete m.reactions;
    }
    const before = structuredClone(fixture);
    const prepared = PreparedRealm.from(fixture);
    expect(fixture).toEqual(before);
    const store = prepared.createStore(options());
    const reacted = fixture.messages.find((m) => m.reactions?.length)!;
    expect(Object.isFrozen(reacted.reactions)).toBe(false);
    expect(Object.isFrozen(reacted)).toBe(false);
    const user = [...store.state.users.values()].find((u) => u.is_active && !u.is_bot)!;
    addReaction(store, user, store.state.messages.get(reacted.id as number)!, {
      emoji_name: 'octopus',
      emoji_code: '1f419',
      reaction_type: 'unicode_emoji',
    });
    expect(fixture).toEqual(before);
  });

  it('still reports problems in messages of the wrong shape', () => {
    const fixture = structuredClone(devRealm()) as { messages: unknown[] };
    fixture.messages.push(7, { id: 'x', sender_id: 1, content: 'a', timestamp: 1, reactions: 'none' });
    expect(() => PreparedRealm.from(fixture)).toThrow(/messages\/341[^]*messages\/342/);
  });
});
