import { expect, it } from 'vitest';
import { systemGroupId } from '../../store/groups.js';
import { ADMIN, GUEST, MEMBER, MEMBER2, MODERATOR } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';
import { apiEmail } from '../../store/users.js';
import { addExtraMembers, expectError, fingerprint, userId } from './messages-test-helpers.js';

const DENMARK = 3;
const CORE_TEAM = 2;

describeTransports('POST /messages', (t) => {
  const send = (email: string, params: Record<string, unknown>) => t().as(email).post('messages', params);

  it('sends a channel message by channel name and stores it with the topic', async () => {
    const res = await send(MEMBER, { type: 'stream', to: 'Denmark', topic: 'castle', content: 'hello' });
    expect(res.status).toBe(200);
    const record = t().app.store.state.messages.get(res.body.id)!;
    expect(record).toMatchObject({ stream_id: DENMARK, topic: 'castle', content: 'hello', type: 'stream' });
  });

  it('accepts channel IDs, one-element JSON lists and the channel/stream type synonyms', async () => {
    for (const [type, to] of [
      ['channel', DENMARK],
      ['stream', [DENMARK]],
      ['channel', `${DENMARK}`],
    ] as const) {
      const res = await send(MEMBER, { type, to, topic: 't', content: 'x' });
      expect(res.status).toBe(200);
      expect(t().app.store.state.messages.get(res.body.id)!.stream_id).toBe(DENMARK);
    }
  });

  it('sends direct messages to user IDs, JSON e-mail lists and comma-separated e-mails', async () => {
    const { app } = t();
    const ids = [userId(app, MEMBER), userId(app, MEMBER2)].sort((a, b) => a - b);
    // Othello's delivery address is hidden from members: they address him by the display address they see.
    const othello = apiEmail(app.store.state, app.store.state.usersByEmail.get(MEMBER2)!);
    for (const [type, to] of [
      ['direct', [userId(app, MEMBER2)]],
      ['private', JSON.stringify([othello])],
      ['direct', `${othello}, ${MEMBER}`],
    ] as const) {
      const res = await send(MEMBER, { type, to, content: 'hi' });
      expect(res.status).toBe(200);
      expect(app.store.state.messages.get(res.body.id)!.recipients).toEqual(ids);
    }
  });

  it('reads subject as topic and refuses both at once', async () => {
    const ok = await send(MEMBER, { type: 'stream', to: DENMARK, subject: 'old name', content: 'x' });
    expect(t().app.store.state.messages.get(ok.body.id)!.topic).toBe('old name');
    const before = fingerprint(t().app);
    const res = await send(MEMBER, { type: 'stream', to: DENMARK, subject: 'a', topic: 'b', content: 'x' });
    expectError(res, 'REQUEST_CONFUSING_VAR', "Can't decide between 'topic' and 'subject' arguments");
    expect(fingerprint(t().app)).toBe(before);
  });

  it('reads (no topic) and the empty-topic display name as the empty topic', async () => {
    for (const topic of ['(no topic)', 'general chat', '']) {
      const res = await send(MEMBER, { type: 'stream', to: DENMARK, topic, content: 'x' });
      expect(t().app.store.state.messages.get(res.body.id)!.topic).toBe('');
    }
  });

  it('refuses the empty topic where the channel disables it, and forces it in empty_topic_only channels', async () => {
    const before = fingerprint(t().app);
    const res = await send(ADMIN, { type: 'stream', to: 'devel', topic: '', content: 'x' });
    expectError(res, 'BAD_REQUEST', 'Topics are required in this organization');
    expect(fingerprint(t().app)).toBe(before);
    t().app.store.state.channels.get(DENMARK)!.topics_policy = 'empty_topic_only';
    const forced = await send(MEMBER, { type: 'stream', to: DENMARK, topic: 'anything', content: 'x' });
    expect(t().app.store.state.messages.get(forced.body.id)!.topic).toBe('');
  });

  it('refuses the empty topic when the organization requires topics', async () => {
    t().app.store.state.settings.mandatory_topics = true;
    const res = await send(MEMBER, { type: 'stream', to: DENMARK, topic: '(no topic)', content: 'x' });
    expectError(res, 'BAD_REQUEST', 'Topics are required in this organization');
  });

  it('truncates long content and topics the way the server does', async () => {
    const res = await send(MEMBER, {
      type: 'stream',
      to: DENMARK,
      topic: 't'.repeat(70),
      content: 'a'.repeat(10010),
    });
    const record = t().app.store.state.messages.get(res.body.id)!;
    expect(record.topic).toBe(`${'t'.repeat(57)}...`);
    expect(record.content).toHaveLength(10000);
    expect(record.content.endsWith('\n[message truncated]')).toBe(true);
  });

  it('strips leading newlines and trailing whitespace', async () => {
    const res = await send(MEMBER, { type: 'stream', to: DENMARK, topic: 't', content: '\n\n  hi  \n ' });
    expect(t().app.store.state.messages.get(res.body.id)!.content).toBe('  hi');
  });

  it.each([
    [{ content: ' \n ' }, 'BAD_REQUEST', 'Message must not be empty'],
    [{ content: 'a\u0000b' }, 'BAD_REQUEST', 'Message must not contain null bytes'],
    [{ to: 'Atlantis' }, 'STREAM_DOES_NOT_EXIST', "Channel 'Atlantis' does not exist"],
    [{ to: 9999 }, 'STREAM_DOES_NOT_EXIST', "Channel with ID '9999' does not exist"],
    [{ to: [3, 1] }, 'BAD_REQUEST', 'Cannot send to multiple channels'],
    [{ type: 'email' }, 'BAD_REQUEST', 'Invalid type'],
    [{ topic: undefined }, 'BAD_REQUEST', 'Missing topic'],
    [{ content: undefined }, 'REQUEST_VARIABLE_MISSING', "Missing 'content' argument"],
    [{ to: undefined }, 'REQUEST_VARIABLE_MISSING', "Missing 'to' argument"],
    [{ read_by_sender: 'maybe' }, 'BAD_REQUEST', 'Argument "read_by_sender" is not valid JSON.'],
    [{ read_by_sender: 3 }, 'BAD_REQUEST', 'read_by_sender is not a boolean'],
    [{ queue_id: 'abc' }, 'REQUEST_VARIABLE_MISSING', "Missing 'local_id' argument"],
    [{ to: 'core team' }, 'BAD_REQUEST', "Not authorized to send to channel 'core team'"],
    [{ to: 'announce' }, 'BAD_REQUEST', 'You do not have permission to post in this channel.'],
    [{ to: 'old-projects' }, 'BAD_REQUEST', "Not authorized to send to channel 'old-projects'"],
  ])('refuses %j with %s and changes nothing', async (override, code, msg) => {
    const before = fingerprint(t().app);
    const res = await send(MEMBER2, { type: 'stream', to: DENMARK, topic: 't', content: 'x', ...override });
    expectError(res, code, msg);
    expect(fingerprint(t().app)).toBe(before);
  });

  it('gives the STREAM_DOES_NOT_EXIST extra fields', async () => {
    const byName = await send(MEMBER, { type: 'stream', to: 'Atlantis', topic: 't', content: 'x' });
    expect(byName.body.stream).toBe('Atlantis');
    const byId = await send(MEMBER, { type: 'stream', to: 9999, topic: 't', content: 'x' });
    expect(byId.body.stream_id).toBe(9999);
  });

  it('uses the older stream wording before feature level 255', async () => {
    const res = await send(MEMBER, { type: 'stream', to: 'Atlantis', topic: 't', content: 'x' });
    expect(res.body.msg).toBe("Channel 'Atlantis' does not exist");
  });

  it.each([
    [{ to: [99999] }, 'Invalid user ID 99999'],
    [{ to: ['nobody@svc.test'] }, "Invalid email 'nobody@svc.test'"],
    [{ to: [10, 'othello@svc.test'] }, 'Recipient lists may contain emails or user IDs, but not both.'],
    [{ to: [] }, 'Message must have recipients'],
  ])('refuses direct messages to %j', async (override, msg) => {
    const before = fingerprint(t().app);
    const res = await send(MEMBER, { type: 'direct', content: 'x', ...override });
    expectError(res, 'BAD_REQUEST', msg);
    expect(fingerprint(t().app)).toBe(before);
  });

  it('refuses a deactivated recipient', async () => {
    const { app } = t();
    const gone = [...app.store.state.users.values()].find((u) => !u.is_active)!;
    const res = await send(MEMBER, { type: 'direct', to: [gone.user_id], content: 'x' });
    expectError(res, 'BAD_REQUEST', `'${apiEmail(app.store.state, gone)}' is no longer using Svc.`);
  });

  it('applies direct_message_permission_group and direct_message_initiator_group', async () => {
    const { app } = t();
    const { state } = app.store;
    state.settings.direct_message_permission_group = state.systemGroupIds.get('role:nobody')!;
    const disabled = await send(MEMBER, { type: 'direct', to: [userId(app, MEMBER2)], content: 'x' });
    expectError(disabled, 'BAD_REQUEST', 'Direct messages are disabled in this organization.');
    state.settings.direct_message_permission_group = state.systemGroupIds.get('role:administrators')!;
    const unauthorized = await send(MEMBER, { type: 'direct', to: [userId(app, MEMBER2)], content: 'x' });
    expectError(
      unauthorized,
      'BAD_REQUEST',
      'This conversation does not include any users who can authorize it.',
    );
    const withAdmin = await send(MEMBER, { type: 'direct', to: [userId(app, ADMIN)], content: 'x' });
    expect(withAdmin.status).toBe(200);
    state.settings.direct_message_permission_group = state.systemGroupIds.get('role:everyone')!;
    state.settings.direct_message_initiator_group = state.systemGroupIds.get('role:administrators')!;
    const fresh = await send(GUEST, { type: 'direct', to: [userId(app, MEMBER2)], content: 'x' });
    expectError(fresh, 'BAD_REQUEST', 'You do not have permission to initiate direct message conversations.');
    const existing = await send(MEMBER, { type: 'direct', to: [userId(app, ADMIN)], content: 'again' });
    expect(existing.status).toBe(200);
  });

  it('refuses channel wildcard mentions in channels above the threshold for users outside can_mention_many_users_group', async () => {
    const { app } = t();
    addExtraMembers(app, 5);
    const subscribers = app.store.state.subscribers.get(DENMARK)!;
    for (const user of app.store.state.users.values()) if (user.is_active) subscribers.add(user.user_id);
    expect(subscribers.size).toBeGreaterThan(15);
    const before = fingerprint(app);
    const res = await send(MEMBER, { type: 'stream', to: DENMARK, topic: 't', content: 'hi @**all**' });
    expectError(
      res,
      'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
      'You do not have permission to use channel wildcard mentions in this channel.',
    );
    expect(fingerprint(app)).toBe(before);
    const admin = await send(ADMIN, { type: 'stream', to: DENMARK, topic: 't', content: 'hi @**all**' });
    expect(admin.status).toBe(200);
  });

  it('refuses topic wildcard mentions in topics with more than 15 participants', async () => {
    const { app } = t();
    addExtraMembers(app, 5);
    const subscribers = app.store.state.subscribers.get(DENMARK)!;
    const people = [...app.store.state.users.values()].filter((u) => u.is_active);
    expect(people.length).toBeGreaterThan(15);
    const { sendMessage } = await import('../../store/messages/send.js');
    for (const user of people) {
      subscribers.add(user.user_id);
      sendMessage(app.store, user, {
        type: 'stream',
        streamId: DENMARK,
        topic: 'crowd',
        content: 'me too',
        client: 'website',
      });
    }
    const res = await send(MEMBER, {
      type: 'stream',
      to: DENMARK,
      topic: 'crowd',
      content: '@**topic** hello',
    });
    expectError(
      res,
      'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
      'You do not have permission to use topic wildcard mentions in this topic.',
    );
    const small = await send(MEMBER, {
      type: 'stream',
      to: DENMARK,
      topic: 'small',
      content: '@**topic** hello',
    });
    expect(small.status).toBe(200);
  });

  it('refuses mentioning a user group outside its can_mention_group (silent mentions are free), in channels and DMs', async () => {
    const { app } = t();
    const group = [...app.store.state.groups.values()].find((g) => g.name === 'hamletcharacters')!;
    group.can_mention_group = systemGroupId(app.store.state, 'role:moderators');
    const before = fingerprint(app);
    for (const params of [
      { type: 'stream', to: DENMARK, topic: 't', content: 'hi @*hamletcharacters*' },
      { type: 'direct', to: [userId(app, MEMBER2)], content: 'hi @*hamletcharacters*' },
    ])
      expectError(
        await send(MEMBER, params),
        'BAD_REQUEST',
        "You are not allowed to mention user group 'hamletcharacters'.",
      );
    expect(fingerprint(app)).toBe(before);
    const silent = await send(MEMBER, {
      type: 'stream',
      to: DENMARK,
      topic: 't',
      content: 'hi @_*hamletcharacters*',
    });
    expect(silent.status).toBe(200);
    const moderator = await send(MODERATOR, {
      type: 'stream',
      to: DENMARK,
      topic: 't',
      content: 'hi @*hamletcharacters*',
    });
    expect(moderator.status).toBe(200);
  });

  it('marks the sender read for official clients and per read_by_sender, recipients unread', async () => {
    const { app } = t();
    const flagsOf = (email: string, id: number) =>
      app.store.state.index.flags.get(userId(app, email))!.get(id);
    const api = await send(MEMBER, { type: 'direct', to: [userId(app, MEMBER2)], content: 'x' });
    expect(flagsOf(MEMBER, api.body.id)).toBe(0);
    const official = await t()
      .as(MEMBER)
      .post(
        'messages',
        { type: 'direct', to: [userId(app, MEMBER2)], content: 'x' },
        { headers: { 'user-agent': 'SvcMobile/27.1' } },
      );
    expect(flagsOf(MEMBER, official.body.id)).toBe(1);
    expect(app.store.state.messages.get(official.body.id)!.client).toBe('SvcMobile');
    const forced = await send(MEMBER, {
      type: 'direct',
      to: [userId(app, MEMBER2)],
      content: 'x',
      read_by_sender: true,
    });
    expect(flagsOf(MEMBER, forced.body.id)).toBe(1);
    expect(flagsOf(MEMBER2, forced.body.id)).toBe(0);
  });

  it('reports automatic_new_visibility_policy when the sender starts a topic, and emits user_topic', async () => {
    const { app } = t();
    const first = await send(MEMBER, { type: 'stream', to: DENMARK, topic: 'brand new', content: 'x' });
    expect(first.body.automatic_new_visibility_policy).toBe(3);
    const event = app.store.journal.find(
      (e) =>
        typeof e.event !== 'function' && e.event.type === 'user_topic' && e.event.topic_name === 'brand new',
    );
    expect(event?.users).toEqual([userId(app, MEMBER)]);
    const second = await send(MEMBER, { type: 'stream', to: DENMARK, topic: 'brand new', content: 'y' });
    expect(second.body.automatic_new_visibility_policy).toBeUndefined();
  });

  it('sends the message event with local echo data to the sender and the public-channel hint', async () => {
    const { app } = t();
    const res = await send(MEMBER, {
      type: 'stream',
      to: DENMARK,
      topic: 't',
      content: 'x',
      queue_id: 'q1',
      local_id: '1.5',
    });
    const emitted = app.store.journal.find((e) => typeof e.event === 'function')!;
    const build = emitted.event as (id: number) => Record<string, unknown>;
    expect(build(userId(app, MEMBER))).toMatchObject({
      type: 'message',
      flags: [],
      $localEcho: { queueId: 'q1', localId: '1.5' },
      $publicStream: true,
    });
    expect(build(userId(app, MEMBER2)).$localEcho).toBeUndefined();
    expect((build(userId(app, MEMBER)).$message as { id: number }).id).toBe(res.body.id);
  });

  it('unmutes a topic in a muted channel per automatically_unmute_topics_in_muted_streams_policy', async () => {
    const { app } = t();
    const hamlet = app.store.state.users.get(userId(app, MEMBER))!;
    hamlet.settings.automatically_follow_topics_policy = 4;
    hamlet.settings.automatically_unmute_topics_in_muted_streams_policy = 2;
    app.store.state.subscriptions.get(hamlet.user_id)!.get(DENMARK)!.is_muted = true;
    const res = await send(MEMBER, { type: 'stream', to: DENMARK, topic: 'quiet', content: 'x' });
    expect(res.body.automatic_new_visibility_policy).toBe(2);
    hamlet.settings.automatically_unmute_topics_in_muted_streams_policy = 4;
    const never = await send(MEMBER, { type: 'stream', to: DENMARK, topic: 'silent', content: 'x' });
    expect(never.body.automatic_new_visibility_policy).toBeUndefined();
  });

  it('leaves the sender unread with read_by_sender=false even from an official client', async () => {
    const { app } = t();
    const res = await t()
      .as(MEMBER)
      .post(
        'messages',
        { type: 'stream', to: DENMARK, topic: 't', content: 'x', read_by_sender: false },
        { headers: { 'user-agent': 'website' } },
      );
    expect(app.store.state.index.flags.get(userId(app, MEMBER))!.get(res.body.id)).toBe(0);
  });

  it('lets subscribers post to a private channel', async () => {
    const res = await send(MEMBER, { type: 'stream', to: CORE_TEAM, topic: 't', content: 'x' });
    expect(res.status).toBe(200);
  });
});

describeTransports(
  'POST /messages before feature level 229',
  (t) => {
    it('refuses wildcard mentions with BAD_REQUEST', async () => {
      const { app } = t();
      addExtraMembers(app, 5);
      const subscribers = app.store.state.subscribers.get(DENMARK)!;
      for (const user of app.store.state.users.values()) if (user.is_active) subscribers.add(user.user_id);
      const res = await t()
        .as(MEMBER)
        .post('messages', { type: 'stream', to: DENMARK, topic: 't', content: '@**all**' });
      expectError(res, 'BAD_REQUEST', 'You do not have permission to use wildcard mentions in this stream.');
      const missing = await t()
        .as(MEMBER)
        .post('messages', { type: 'stream', to: 'Atlantis', topic: 't', content: 'x' });
      expect(missing.body.msg).toBe("Stream 'Atlantis' does not exist");
    });

    it('refuses type channel before feature level 248 as an invalid type, while stream is accepted', async () => {
      const before = t().app.store.state.messages.size;
      const res = await t()
        .as(MEMBER)
        .post('messages', { type: 'channel', to: DENMARK, topic: 't', content: 'x' });
      expectError(res, 'BAD_REQUEST', 'Invalid type');
      expect(t().app.store.state.messages.size).toBe(before);
      const ok = await t()
        .as(MEMBER)
        .post('messages', { type: 'stream', to: DENMARK, topic: 't', content: 'x' });
      expect(ok.status).toBe(200);
    });
  },
  { featureLevel: 228 },
);

describeTransports('POST /messages/render', (t) => {
  it('renders Markdown', async () => {
    const res = await t().as(MEMBER).post('messages/render', { content: '**bold**' });
    expect(res.body.rendered).toBe('<p><strong>bold</strong></p>');
  });
});

describeTransports('POST /messages/render: long content', (t) => {
  it('cuts content over max_message_length as sending does, ending with [message truncated]', async () => {
    const res = await t()
      .as(MEMBER)
      .post('messages/render', { content: 'word '.repeat(4000) });
    expect(res.status).toBe(200);
    expect(res.body.rendered).toMatch(/\[message truncated\]<\/p>$/);
    expect(res.body.rendered.split('word').length - 1).toBeLessThan(2000);
  });
});
