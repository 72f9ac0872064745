// Stores seeded from one prepared realm share its records copy-on-write: every kind of change must land in the
// changed store only, so a reset, another mock and the prepared realm itself all still show the initial state.
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../store/clock.js';
import { PreparedRealm } from '../store/load-realm.js';
import { deleteMessages } from '../store/messages/delete.js';
import { editMessage } from '../store/messages/edit.js';
import { markAllAsRead, updateFlags } from '../store/messages/flag-updates.js';
import { addReaction, removeReaction } from '../store/messages/reactions.js';
import { sendMessage } from '../store/messages/send.js';
import type { MessageRecord } from '../store/state.js';
import { devRealm } from '../testing/dev-realm.js';
import { MOCK_ORIGIN, TEST_START_MS, basicAuth } from '../testing/transports.js';
import { createMock, type Mock } from './create-mock.js';

async function ok(mock: Mock, email: string, method: string, path: string, params: Record<string, unknown>) {
  const body = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
  const res = await mock.fetch(
    new Request(`${MOCK_ORIGIN}${path}`, {
      method,
      headers: {
        Authorization: basicAuth(mock, email),
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': 'SvcTest/1.0',
      },
      body,
    }),
  );
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
}

/** Changes fixture messages (the shared records) through every write path, and other state through the API. */
async function changeEverything(mock: Mock): Promise<void> {
  const { store } = mock;
  const { state } = store;
  const user = (email: string) => state.usersByEmail.get(email)!;
  const iago = user('iago@svc.test');
  const hamlet = user('hamlet@svc.test');
  const messages = [...state.messages.values()];
  const inTopic = (name: string): MessageRecord[] => messages.filter((m) => m.topic === name);
  const [castle, ...moreCastle] = inTopic('castle');
  editMessage(store, iago, castle!, {
    content: 'rewritten',
    propagateMode: 'change_one',
    notifyOld: false,
    notifyNew: false,
  });
  editMessage(store, iago, moreCastle[0]!, {
    topic: 'castle walls',
    propagateMode: 'change_all',
    notifyOld: true,
    notifyNew: true,
  });
  const hiring = inTopic('hiring')[0]!;
  editMessage(store, iago, hiring, {
    streamId: state.channelsByName.get('denmark')!.stream_id,
    propagateMode: 'change_later',
    notifyOld: true,
    notifyNew: true,
  });
  const reacted = messages.find((m) => m.reactions.length > 0)!;
  const reaction = reacted.reactions[0]!;
  removeReaction(store, state.users.get(reaction.user_id)!, reacted, reaction);
  addReaction(store, hamlet, state.messages.get(reacted.id)!, {
    emoji_name: 'octopus',
    emoji_code: '1f419',
    reaction_type: 'unicode_emoji',
  });
  const mine = state.index.byUser
    .get(hamlet.user_id)!
    .slice(0, 5)
    .map((id) => state.messages.get(id)!);
  updateFlags(store, hamlet, mine, 'add', 'starred');
  updateFlags(store, hamlet, mine, 'remove', 'read');
  markAllAsRead(store, user('othello@svc.test'));
  const dm = messages.find((m) => m.stream_id === null)!;
  deleteMessages(store, iago.user_id, [state.messages.get(dm.id)!]);
  sendMessage(store, hamlet, {
    type: 'stream',
    streamId: castle!.stream_id!,
    topic: 'castle',
    content: 'more',
    client: 'website',
  });
  await ok(mock, 'hamlet@svc.test', 'PATCH', '/api/v1/settings', {
    full_name: 'Hamlet Renamed',
    enter_sends: true,
  });
  await ok(mock, 'hamlet@svc.test', 'POST', '/api/v1/users/me/subscriptions', {
    subscriptions: [{ name: 'reset-room' }],
  });
  await ok(mock, 'iago@svc.test', 'PATCH', '/api/v1/realm/user_settings_defaults', { enter_sends: true });
  await ok(mock, 'iago@svc.test', 'POST', '/api/v1/realm/filters', {
    pattern: '#(?P<id>[0-9]+)',
    url_template: 'https://tracker.example.com/{id}',
  });
  await ok(mock, 'hamlet@svc.test', 'POST', '/api/v1/user_topics', {
    stream_id: castle!.stream_id,
    topic: 'castle',
    visibility_policy: 1,
  });
}

describe('copy-on-write seeding', () => {
  it('reset after changes of every kind gives back exactly the initial snapshot', async () => {
    const mock = createMock({
      realm: PreparedRealm.from(devRealm()),
      clock: createManualClock(TEST_START_MS),
      logError: () => {},
    });
    const initial = mock.snapshot();
    await changeEverything(mock);
    expect(mock.snapshot()).not.toEqual(initial);
    mock.reset();
    expect(mock.snapshot()).toEqual(initial);
  });

  it('two mocks from one prepared realm stay independent, and the prepared realm stays as it was', async () => {
    const prepared = PreparedRealm.from(devRealm());
    const clock = createManualClock(TEST_START_MS);
    const a = createMock({ realm: prepared, clock, logError: () => {} });
    const b = createMock({ realm: prepared, clock, logError: () => {} });
    const initial = b.snapshot();
    await changeEverything(a);
    const changed = a.snapshot();
    expect(b.snapshot()).toEqual(initial);
    await changeEverything(b);
    expect(b.snapshot()).toEqual(changed);
    expect(createMock({ realm: prepared, clock, logError: () => {} }).snapshot()).toEqual(initial);
  });
});
