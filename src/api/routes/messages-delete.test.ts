import { expect, it } from 'vitest';
import type { App } from '../app.js';
import { sendMessage } from '../../store/messages/send.js';
import type { MessageRecord } from '../../store/state.js';
import { ADMIN, MEMBER, MEMBER2, MODERATOR } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';
import { expectError, fingerprint, userId } from './messages-test-helpers.js';

const DENMARK = 3;
const CORE_TEAM = 2;

function post(app: App, email: string, streamId = DENMARK): MessageRecord {
  const user = app.store.state.users.get(userId(app, email))!;
  return sendMessage(app.store, user, {
    type: 'stream',
    streamId,
    topic: 'doomed',
    content: 'x',
    client: 'website',
  });
}

describeTransports('DELETE /messages/{message_id}', (t) => {
  it('lets administrators delete any message and emits delete_message in bulk form', async () => {
    const { app } = t();
    const m = post(app, MEMBER);
    const readers = [...app.store.state.subscribers.get(DENMARK)!];
    expect((await t().as(ADMIN).delete(`messages/${m.id}`)).status).toBe(200);
    expect(app.store.state.messages.has(m.id)).toBe(false);
    expect(app.store.state.index.byTopic.get(`${DENMARK}\u0000doomed`)).toBeUndefined();
    expect(app.store.state.index.flags.get(userId(app, MEMBER))!.has(m.id)).toBe(false);
    const event = app.store.journal[app.store.journal.length - 1]!;
    expect(event.event).toEqual({
      type: 'delete_message',
      message_ids: [m.id],
      message_type: 'stream',
      stream_id: DENMARK,
      topic: 'doomed',
    });
    expect([...event.users].sort()).toEqual([...new Set([...readers, userId(app, ADMIN)])].sort());
    expectError(await t().as(MEMBER).get(`messages/${m.id}`), 'BAD_REQUEST', 'Invalid message(s)');
  });

  it('refuses members deleting their own messages by default, allows it with can_delete_own_message_group within the limit', async () => {
    const { app, clock } = t();
    const m = post(app, MEMBER);
    const before = fingerprint(app);
    expectError(
      await t().as(MEMBER).delete(`messages/${m.id}`),
      'BAD_REQUEST',
      "You don't have permission to delete this message",
    );
    expect(fingerprint(app)).toBe(before);
    app.store.state.settings.can_delete_own_message_group =
      app.store.state.systemGroupIds.get('role:members')!;
    expectError(
      await t().as(MEMBER2).delete(`messages/${m.id}`),
      'BAD_REQUEST',
      "You don't have permission to delete this message",
    );
    const late = post(app, MEMBER);
    clock.advance(601_000);
    expectError(
      await t().as(MEMBER).delete(`messages/${late.id}`),
      'BAD_REQUEST',
      'The time limit for deleting this message has passed',
    );
    const fresh = post(app, MEMBER);
    expect((await t().as(MEMBER).delete(`messages/${fresh.id}`)).status).toBe(200);
  });

  it("uses the channel's can_delete_any_message_group", async () => {
    const { app } = t();
    const m = post(app, MEMBER);
    app.store.state.channels.get(DENMARK)!.can_delete_any_message_group = {
      direct_members: [userId(app, MEMBER2)],
      direct_subgroups: [],
    };
    expect((await t().as(MEMBER2).delete(`messages/${m.id}`)).status).toBe(200);
  });

  it('refuses messages the caller cannot read and unknown ids', async () => {
    const { app } = t();
    const m = post(app, MEMBER, CORE_TEAM);
    app.store.state.settings.can_delete_any_message_group =
      app.store.state.systemGroupIds.get('role:members')!;
    expectError(await t().as(MEMBER2).delete(`messages/${m.id}`), 'BAD_REQUEST', 'Invalid message(s)');
    expectError(await t().as(ADMIN).delete('messages/999999'), 'BAD_REQUEST', 'Invalid message(s)');
    expect(app.store.state.messages.has(m.id)).toBe(true);
  });
});

describeTransports(
  'DELETE /messages/{message_id} before feature level 281',
  (t) => {
    it('lets only organization administrators delete', async () => {
      const { app } = t();
      const m = post(app, MODERATOR);
      app.store.state.settings.can_delete_own_message_group =
        app.store.state.systemGroupIds.get('role:members')!;
      expectError(
        await t().as(MODERATOR).delete(`messages/${m.id}`),
        'BAD_REQUEST',
        "You don't have permission to delete this message",
      );
      expect((await t().as(ADMIN).delete(`messages/${m.id}`)).status).toBe(200);
    });
  },
  { featureLevel: 280 },
);

describeTransports('POST and DELETE /messages/{message_id}/reactions', (t) => {
  const react = (email: string, id: number, params: Record<string, unknown>) =>
    t().as(email).post(`messages/${id}/reactions`, params);
  const unreact = (email: string, id: number, params: Record<string, unknown>) =>
    t().as(email).delete(`messages/${id}/reactions`, params);

  it('adds a unicode reaction with the code derived from the name, then removes it', async () => {
    const { app } = t();
    const m = post(app, MEMBER);
    expect((await react(MEMBER2, m.id, { emoji_name: 'thumbs_up' })).status).toBe(200);
    expect(m.reactions).toEqual([
      {
        user_id: userId(app, MEMBER2),
        emoji_name: 'thumbs_up',
        emoji_code: '1f44d',
        reaction_type: 'unicode_emoji',
      },
    ]);
    const event = app.store.journal[app.store.journal.length - 1]!.event;
    expect(event).toMatchObject({
      type: 'reaction',
      op: 'add',
      message_id: m.id,
      emoji_code: '1f44d',
      user_id: userId(app, MEMBER2),
    });
    // The user object left reaction events at feature level 484.
    expect(event).not.toHaveProperty('user');
    const got = await t().as(MEMBER).get(`messages/${m.id}`);
    expect(got.body.message.reactions).toEqual(m.reactions);
    expect((await unreact(MEMBER2, m.id, { emoji_name: 'thumbs_up' })).status).toBe(200);
    expect(m.reactions).toEqual([]);
  });

  it('keeps custom, svc and unicode emoji codes in separate namespaces', async () => {
    const { app } = t();
    const m = post(app, MEMBER);
    await react(MEMBER, m.id, { emoji_name: 'green_tick' });
    await react(MEMBER, m.id, { emoji_name: 'svc' });
    await react(MEMBER, m.id, { emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'unicode_emoji' });
    expect(m.reactions.map((r) => [r.reaction_type, r.emoji_code])).toEqual([
      ['realm_emoji', '1'],
      ['svc_extra_emoji', 'svc'],
      ['unicode_emoji', '1f604'],
    ]);
    expect((await unreact(MEMBER, m.id, { emoji_code: '1', reaction_type: 'realm_emoji' })).status).toBe(200);
    expect(m.reactions).toHaveLength(2);
  });

  it('gives a reader without a row a historical row when reacting', async () => {
    const { app } = t();
    const rome = app.store.state.index.byChannel.get(4)![0]!;
    expect(app.store.state.index.flags.get(userId(app, MEMBER2))!.has(rome)).toBe(false);
    await react(MEMBER2, rome, { emoji_name: 'smile' });
    expect(app.store.state.index.flags.get(userId(app, MEMBER2))!.get(rome)).toBe(1 | 256);
  });

  it.each([
    [{ emoji_name: 'not_an_emoji' }, 'BAD_REQUEST', "Emoji 'not_an_emoji' does not exist"],
    [{ emoji_name: 'smile', emoji_code: 'zzzz' }, 'BAD_REQUEST', 'Invalid emoji code.'],
    [{ emoji_name: 'smile', emoji_code: '1f44d' }, 'BAD_REQUEST', 'Invalid emoji name.'],
    [{ emoji_name: 'smile', reaction_type: 'sticker' }, 'BAD_REQUEST', 'Invalid emoji type.'],
    [
      { emoji_name: 'green_tick', emoji_code: '7', reaction_type: 'realm_emoji' },
      'BAD_REQUEST',
      'Invalid custom emoji.',
    ],
    [
      { emoji_name: 'svc', emoji_code: 'other', reaction_type: 'svc_extra_emoji' },
      'BAD_REQUEST',
      'Invalid emoji code.',
    ],
    [{}, 'REQUEST_VARIABLE_MISSING', "Missing 'emoji_name' argument"],
  ])('refuses adding %j', async (params, code, msg) => {
    const { app } = t();
    const m = post(app, MEMBER);
    const before = fingerprint(app);
    expectError(await react(MEMBER, m.id, params), code, msg);
    expect(fingerprint(app)).toBe(before);
  });

  it('refuses duplicates, missing reactions and unknown messages', async () => {
    const { app } = t();
    const m = post(app, MEMBER);
    await react(MEMBER, m.id, { emoji_name: 'smile' });
    const before = fingerprint(app);
    expectError(
      await react(MEMBER, m.id, { emoji_name: 'smile' }),
      'REACTION_ALREADY_EXISTS',
      'Reaction already exists.',
    );
    expectError(
      await unreact(MEMBER2, m.id, { emoji_name: 'smile' }),
      'REACTION_DOES_NOT_EXIST',
      "Reaction doesn't exist.",
    );
    expectError(
      await unreact(MEMBER, m.id, {}),
      'BAD_REQUEST',
      'At least one of the following arguments must be present: emoji_name, emoji_code',
    );
    expectError(await react(MEMBER, 999999, { emoji_name: 'smile' }), 'BAD_REQUEST', 'Invalid message(s)');
    expect(fingerprint(app)).toBe(before);
  });

  it('refuses reactions with a deactivated custom emoji', async () => {
    const { app } = t();
    const m = post(app, MEMBER);
    app.store.state.realmEmoji.get(1)!.deactivated = true;
    expectError(
      await react(MEMBER, m.id, { emoji_name: 'green_tick' }),
      'BAD_REQUEST',
      'This custom emoji has been deactivated.',
    );
  });
});

describeTransports(
  'DELETE /messages/{message_id}/reactions before feature level 193',
  (t) => {
    it('reports a missing reaction as BAD_REQUEST', async () => {
      const { app } = t();
      const m = post(app, MEMBER);
      expectError(
        await t().as(MEMBER).delete(`messages/${m.id}/reactions`, { emoji_name: 'smile' }),
        'BAD_REQUEST',
        "Reaction doesn't exist.",
      );
    });
  },
  { featureLevel: 192 },
);
