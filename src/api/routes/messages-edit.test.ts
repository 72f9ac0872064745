import { expect, it } from 'vitest';
import type { App } from '../app.js';
import { sendMessage } from '../../store/messages/send.js';
import type { MessageRecord } from '../../store/state.js';
import { systemGroupId } from '../../store/groups.js';
import { ADMIN, MEMBER, MEMBER2, OWNER } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';
import { addExtraMembers, expectError, fingerprint, userId } from './messages-test-helpers.js';

const DENMARK = 3;
const SCOTLAND = 5;

function post(app: App, email: string, topic: string, content = 'x', streamId = DENMARK): MessageRecord {
  const user = app.store.state.users.get(userId(app, email))!;
  return sendMessage(app.store, user, { type: 'stream', streamId, topic, content, client: 'website' });
}

const emitted = (app: App, type: string) =>
  app.store.journal.filter((e) => {
    const event = typeof e.event === 'function' ? e.event(e.users[0]!) : e.event;
    return event?.type === type;
  });

describeTransports('PATCH /messages/{message_id}', (t) => {
  it('edits content: new rendering, last_edit_timestamp, edit history newest first and update_message', async () => {
    const { app, clock } = t();
    const m = post(app, MEMBER, 'edits', 'first');
    clock.advance(10_000);
    expect((await t().as(MEMBER).patch(`messages/${m.id}`, { content: 'second' })).status).toBe(200);
    clock.advance(10_000);
    await t().as(MEMBER).patch(`messages/${m.id}`, { content: '**third**' });
    expect(m).toMatchObject({
      content: '**third**',
      rendered_content: '<p><strong>third</strong></p>',
      last_edit_timestamp: app.store.now(),
    });
    const res = await t().as(MEMBER).get(`messages/${m.id}`);
    expect(res.body.message.edit_history.map((e: { prev_content: string }) => e.prev_content)).toEqual([
      'second',
      'first',
    ]);
    expect(res.body.message.last_moved_timestamp).toBeUndefined();
    const [event] = emitted(app, 'update_message').slice(-1);
    const payload = (event!.event as (id: number) => Record<string, unknown>)(userId(app, MEMBER));
    expect(payload).toMatchObject({
      user_id: userId(app, MEMBER),
      message_id: m.id,
      message_ids: [m.id],
      orig_content: 'second',
      content: '**third**',
      rendered_content: '<p><strong>third</strong></p>',
      stream_id: DENMARK,
      stream_name: 'Denmark',
      rendering_only: false,
      flags: ['read'],
    });
  });

  it.each([
    ['someone else', MEMBER2, {}, "You don't have permission to edit this message"],
    [
      'after the time limit',
      MEMBER,
      { advance: 601_000 },
      'The time limit for editing this message has passed',
    ],
    [
      'with editing turned off',
      MEMBER,
      { disable: true },
      'Your organization has turned off message editing',
    ],
  ])('refuses content edits by %s', async (_, email, opts: { advance?: number; disable?: boolean }, msg) => {
    const { app, clock } = t();
    const m = post(app, MEMBER, 'edits');
    if (opts.advance) clock.advance(opts.advance);
    if (opts.disable) app.store.state.settings.allow_message_editing = false;
    const before = fingerprint(app);
    expectError(await t().as(email).patch(`messages/${m.id}`, { content: 'changed' }), 'BAD_REQUEST', msg);
    expect(fingerprint(app)).toBe(before);
    expect(m.content).toBe('x');
  });

  it('moves one, later or all messages of a topic per propagate_mode and posts a notice', async () => {
    const { app } = t();
    const [a, b, c] = [post(app, MEMBER, 'old'), post(app, MEMBER2, 'old'), post(app, MEMBER, 'old')];
    await t().as(MEMBER).patch(`messages/${b.id}`, { topic: 'later', propagate_mode: 'change_later' });
    expect([a.topic, b.topic, c.topic]).toEqual(['old', 'later', 'later']);
    expect(b.last_moved_timestamp).toBe(app.store.now());
    expect(b.last_edit_timestamp).toBeUndefined();
    expect(b.edit_history[0]).toMatchObject({
      prev_topic: 'old',
      topic: 'later',
      user_id: userId(app, MEMBER),
    });
    await t().as(MEMBER).patch(`messages/${a.id}`, { topic: 'one' });
    expect([a.topic, b.topic]).toEqual(['one', 'later']);
    await t().as(MEMBER).patch(`messages/${b.id}`, { subject: 'all', propagate_mode: 'change_all' });
    expect([b.topic, c.topic]).toEqual(['all', 'all']);
    const notices = [...app.store.state.messages.values()].filter(
      (m) => m.client === 'Internal' && m.topic === 'all',
    );
    expect(notices.map((m) => m.content)).toEqual([
      `2 messages were moved here from #**Denmark>old** by @_**King Hamlet|${userId(app, MEMBER)}**.`,
      `This topic was moved here from #**Denmark>later** by @_**King Hamlet|${userId(app, MEMBER)}**.`,
    ]);
  });

  it('posts to the old thread only when asked', async () => {
    const { app } = t();
    const m = post(app, MEMBER, 'from here');
    post(app, MEMBER, 'from here');
    await t().as(MEMBER).patch(`messages/${m.id}`, {
      topic: 'to there',
      send_notification_to_old_thread: true,
      send_notification_to_new_thread: false,
    });
    const notices = [...app.store.state.messages.values()].filter(
      (x) => x.id > m.id && x.client === 'Internal',
    );
    expect(notices.map((x) => [x.topic, x.content])).toEqual([
      [
        'from here',
        `A message was moved from this topic to #**Denmark>to there** by @_**King Hamlet|${userId(app, MEMBER)}**.`,
      ],
    ]);
  });

  it('resolves a topic with the ✔ prefix, announces it and does not count it as a move', async () => {
    const { app } = t();
    const m = post(app, MEMBER, 'bug');
    await t().as(MEMBER2).patch(`messages/${m.id}`, { topic: '✔ bug', propagate_mode: 'change_all' });
    expect(m.topic).toBe('✔ bug');
    expect(m.last_moved_timestamp).toBeUndefined();
    const notice = [...app.store.state.messages.values()].find(
      (x) => x.id > m.id && x.client === 'Internal',
    )!;
    expect(notice).toMatchObject({
      topic: '✔ bug',
      content: `@_**Othello, the Moor of Venice|${userId(app, MEMBER2)}** has marked this topic as resolved.`,
    });
    const resolved = await t()
      .as(MEMBER)
      .get('messages', {
        anchor: 'newest',
        num_before: 10,
        num_after: 0,
        narrow: [{ operator: 'is', operand: 'resolved' }],
      });
    expect(resolved.body.messages.map((x: { id: number }) => x.id)).toContain(m.id);
  });

  it('lets can_resolve_topics_group resolve without the right to move topics', async () => {
    const { app } = t();
    const { state } = app.store;
    const m = post(app, MEMBER, 'issue');
    state.settings.can_move_messages_between_topics_group = state.systemGroupIds.get('role:administrators')!;
    expectError(
      await t().as(MEMBER2).patch(`messages/${m.id}`, { topic: 'other issue' }),
      'BAD_REQUEST',
      "You don't have permission to move this message",
    );
    expect((await t().as(MEMBER2).patch(`messages/${m.id}`, { topic: '✔ issue' })).status).toBe(200);
    state.settings.can_resolve_topics_group = state.systemGroupIds.get('role:administrators')!;
    expectError(
      await t().as(MEMBER2).patch(`messages/${m.id}`, { topic: 'issue' }),
      'BAD_REQUEST',
      "You don't have permission to move this message",
    );
    state.channels.get(DENMARK)!.can_resolve_topics_group = {
      direct_members: [userId(app, MEMBER2)],
      direct_subgroups: [],
    };
    expect((await t().as(MEMBER2).patch(`messages/${m.id}`, { topic: 'issue' })).status).toBe(200);
    expect(m.topic).toBe('issue');
  });

  it('refuses topic moves without can_move_messages_between_topics_group', async () => {
    const { app } = t();
    const m = post(app, MEMBER, 'stay');
    app.store.state.settings.can_move_messages_between_topics_group =
      app.store.state.systemGroupIds.get('role:administrators')!;
    const before = fingerprint(app);
    expectError(
      await t().as(MEMBER).patch(`messages/${m.id}`, { topic: 'elsewhere' }),
      'BAD_REQUEST',
      "You don't have permission to move this message",
    );
    expect(fingerprint(app)).toBe(before);
    expect((await t().as(ADMIN).patch(`messages/${m.id}`, { topic: 'elsewhere' })).status).toBe(200);
  });

  it('moves messages between channels for administrators only', async () => {
    const { app } = t();
    const m = post(app, MEMBER, 'travel');
    expectError(
      await t().as(MEMBER).patch(`messages/${m.id}`, { stream_id: SCOTLAND }),
      'BAD_REQUEST',
      "You don't have permission to move this message",
    );
    expect(
      (await t().as(ADMIN).patch(`messages/${m.id}`, { stream_id: SCOTLAND, topic: 'arrived' })).status,
    ).toBe(200);
    expect(m).toMatchObject({ stream_id: SCOTLAND, topic: 'arrived' });
    expect(m.edit_history[0]).toMatchObject({
      prev_stream: DENMARK,
      stream: SCOTLAND,
      prev_topic: 'travel',
      topic: 'arrived',
    });
    expect(app.store.state.index.byChannel.get(DENMARK)).not.toContain(m.id);
    expect(app.store.state.index.byChannel.get(SCOTLAND)).toContain(m.id);
    const [event] = emitted(app, 'update_message').slice(-1);
    const payload = (event!.event as (id: number) => Record<string, unknown>)(userId(app, ADMIN));
    expect(payload).toMatchObject({
      new_stream_id: SCOTLAND,
      orig_subject: 'travel',
      subject: 'arrived',
      propagate_mode: 'change_one',
      stream_id: DENMARK,
    });
  });

  it('refuses a content edit mentioning a user group outside its can_mention_group', async () => {
    const { app } = t();
    const group = [...app.store.state.groups.values()].find((g) => g.name === 'hamletcharacters')!;
    group.can_mention_group = systemGroupId(app.store.state, 'role:moderators');
    const m = post(app, MEMBER, 'groups', 'hello');
    const before = fingerprint(app);
    expectError(
      await t().as(MEMBER).patch(`messages/${m.id}`, { content: 'hi @*hamletcharacters*' }),
      'BAD_REQUEST',
      "You are not allowed to mention user group 'hamletcharacters'.",
    );
    expect(fingerprint(app)).toBe(before);
    expect(m.content).toBe('hello');
    const silent = await t().as(MEMBER).patch(`messages/${m.id}`, { content: 'hi @_*hamletcharacters*' });
    expect(silent.status).toBe(200);
  });

  it('refuses moving messages into a channel the mover may not post in', async () => {
    const { app } = t();
    const m = post(app, ADMIN, 'travel');
    const scotland = app.store.state.channels.get(SCOTLAND)!;
    scotland.can_send_message_group = systemGroupId(app.store.state, 'role:owners');
    const before = fingerprint(app);
    expectError(
      await t().as(ADMIN).patch(`messages/${m.id}`, { stream_id: SCOTLAND }),
      'BAD_REQUEST',
      'You do not have permission to post in this channel.',
    );
    expect(fingerprint(app)).toBe(before);
    expect(m.stream_id).toBe(DENMARK);
    expect((await t().as(OWNER).patch(`messages/${m.id}`, { stream_id: SCOTLAND })).status).toBe(200);
  });

  it.each([
    [{}, 'Nothing to change'],
    [{ propagate_mode: 'change_all', content: 'y' }, 'Invalid propagate_mode without topic edit'],
    [{ propagate_mode: 'sideways', topic: 'y' }, 'Invalid propagate_mode'],
    [{ stream_id: SCOTLAND, content: 'y' }, 'Cannot change message content while changing channel'],
    [{ stream_id: 9999 }, 'Invalid channel ID'],
    [{ topic: 'a', subject: 'b' }, "Can't decide between 'topic' and 'subject' arguments"],
  ])('refuses %j', async (params, msg) => {
    const { app } = t();
    const m = post(app, ADMIN, 'edits');
    const before = fingerprint(app);
    const res = await t().as(ADMIN).patch(`messages/${m.id}`, params);
    expect(res.body.msg).toBe(msg);
    expect(res.status).toBe(400);
    expect(fingerprint(app)).toBe(before);
  });

  it('refuses a content edit adding a channel or topic wildcard mention the sender may not use here', async () => {
    const { app } = t();
    addExtraMembers(app, 20);
    const subscribers = app.store.state.subscribers.get(DENMARK)!;
    const people = [...app.store.state.users.values()].filter((u) => u.is_active && !u.is_bot);
    for (const user of people) subscribers.add(user.user_id);
    for (const user of people.slice(0, 16)) post(app, user.delivery_email, 'crowd', 'me too');
    const m = post(app, MEMBER, 'crowd', 'hello');
    const before = fingerprint(app);
    expectError(
      await t().as(MEMBER).patch(`messages/${m.id}`, { content: 'hi @**all**' }),
      'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
      'You do not have permission to use channel wildcard mentions in this channel.',
    );
    expectError(
      await t().as(MEMBER).patch(`messages/${m.id}`, { content: 'hi @**topic**' }),
      'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
      'You do not have permission to use topic wildcard mentions in this topic.',
    );
    expect(fingerprint(app)).toBe(before);
    expect(app.store.state.messages.get(m.id)!.content).toBe('hello');
    const own = post(app, ADMIN, 'crowd', 'hello');
    expect((await t().as(ADMIN).patch(`messages/${own.id}`, { content: 'hi @**all**' })).status).toBe(200);
  });

  it('refuses topics and channel moves for direct messages, and unknown messages', async () => {
    const { app } = t();
    const hamlet = app.store.state.users.get(userId(app, MEMBER))!;
    const dm = sendMessage(app.store, hamlet, {
      type: 'private',
      recipientIds: [userId(app, MEMBER2)],
      content: 'x',
      client: 'website',
    });
    expectError(
      await t().as(MEMBER).patch(`messages/${dm.id}`, { topic: 'x' }),
      'BAD_REQUEST',
      'Direct messages cannot have topics.',
    );
    expectError(
      await t().as(MEMBER).patch(`messages/${dm.id}`, { stream_id: DENMARK }),
      'BAD_REQUEST',
      'Direct messages cannot be moved to channels.',
    );
    expectError(
      await t().as(ADMIN).patch(`messages/${dm.id}`, { content: 'x' }),
      'BAD_REQUEST',
      'Invalid message(s)',
    );
    expectError(
      await t().as(MEMBER).patch('messages/999999', { content: 'x' }),
      'BAD_REQUEST',
      'Invalid message(s)',
    );
  });
});

describeTransports('GET /messages/{message_id}/history', (t) => {
  it('lists the original and every edit oldest first', async () => {
    const { app, clock } = t();
    const m = post(app, MEMBER, 'start', 'one');
    clock.advance(5000);
    await t().as(MEMBER).patch(`messages/${m.id}`, { content: 'two' });
    clock.advance(5000);
    await t().as(MEMBER).patch(`messages/${m.id}`, { topic: 'moved' });
    const res = await t().as(MEMBER).get(`messages/${m.id}/history`);
    expect(res.body.message_history).toEqual([
      {
        topic: 'start',
        timestamp: m.timestamp,
        user_id: userId(app, MEMBER),
        content: 'one',
        rendered_content: '<p>one</p>',
      },
      {
        topic: 'start',
        timestamp: m.timestamp + 5,
        user_id: userId(app, MEMBER),
        content: 'two',
        rendered_content: '<p>two</p>',
        prev_content: 'one',
        prev_rendered_content: '<p>one</p>',
      },
      {
        topic: 'moved',
        timestamp: m.timestamp + 10,
        user_id: userId(app, MEMBER),
        content: 'two',
        rendered_content: '<p>two</p>',
        prev_topic: 'start',
      },
    ]);
  });

  it('is refused when edit history is disabled, and for unknown messages', async () => {
    const { app } = t();
    const m = post(app, MEMBER, 'start');
    app.store.state.settings.message_edit_history_visibility_policy = 'none';
    expectError(
      await t().as(MEMBER).get(`messages/${m.id}/history`),
      'BAD_REQUEST',
      'Message edit history is disabled in this organization',
    );
    expectError(await t().as(MEMBER).get('messages/999999/history'), 'BAD_REQUEST', 'Invalid message(s)');
  });
});
