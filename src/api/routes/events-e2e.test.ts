/**
 * End to end: two users' queues, one action of every kind through the API, then exact per-queue event
 * lists and the property clients rely on — the snapshot before plus the events equals a fresh snapshot.
 */
import { expect, it } from 'vitest';
import { ADMIN, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { LEGACY, MODERN, normalize, replay, summary, words } from '../../testing/event-e2e.js';
import { describeTransports, type TestClient } from '../../testing/transports.js';

describeTransports('event fan-out end to end', (t) => {
  it('delivers each action to exactly the right queues, and events keep the snapshot current', async () => {
    const { app } = t();
    const a = t().as(MEMBER);
    const b = t().as(MEMBER2);
    const admin = t().as(ADMIN);
    const id = (email: string) => app.store.state.usersByEmail.get(email)!.user_id;
    const registerA = () => a.post('register', MODERN);
    const registerB = () => b.post('register', LEGACY);
    const [beforeA, beforeB] = [(await registerA()).body, (await registerB()).body];
    const ok = async (client: TestClient, method: 'post' | 'patch' | 'delete', path: string, params = {}) => {
      const res = await client[method](path, params);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    };

    // Messages: a channel message with local echo, then a direct message.
    const sent = await ok(a, 'post', 'messages', {
      type: 'stream',
      to: 'Verona',
      topic: 'fan-out',
      content: 'hello **world**',
      queue_id: beforeA.queue_id,
      local_id: 'local-1',
    });
    await ok(a, 'post', 'messages', { type: 'direct', to: [id(MEMBER2)], content: 'psst' });
    // Typing: direct (both), channel (only the client with stream_typing_notifications).
    await ok(a, 'post', 'typing', { op: 'start', to: [id(MEMBER2)] });
    await ok(a, 'post', 'typing', { type: 'stream', op: 'start', stream_id: 1, topic: 'fan-out' });
    // Presence (to everyone) and personal data (to the owner only).
    await ok(b, 'post', 'users/me/presence', { status: 'active' });
    const draft = await ok(a, 'post', 'drafts', {
      drafts: [{ type: 'stream', to: [1], topic: 't', content: 'd' }],
    });
    await ok(a, 'patch', `drafts/${draft.ids[0]}`, {
      draft: { type: 'stream', to: [1], topic: 't', content: 'd2', timestamp: 5 },
    });
    const snippet = await ok(a, 'post', 'saved_snippets', { title: 'x', content: 'y' });
    await ok(a, 'delete', `saved_snippets/${snippet.saved_snippet_id}`);
    await ok(b, 'post', 'scheduled_messages', {
      type: 'direct',
      to: [id(MEMBER)],
      content: 'later',
      scheduled_delivery_timestamp: app.store.now() + 60,
    });
    // Settings: own (legacy events for B), organization defaults and configuration (everyone).
    await ok(b, 'patch', 'settings', { twenty_four_hour_time: true });
    await ok(admin, 'patch', 'realm/user_settings_defaults', { left_side_userlist: true });
    await ok(admin, 'post', 'realm/filters', {
      pattern: 'FAN-(?<id>[0-9]+)',
      url_template: 'https://x.test/{id}',
    });
    await ok(admin, 'post', 'realm/playgrounds', {
      name: 'Py',
      highlighter_language: 'python',
      url_template: 'https://py.test/?c={code}',
    });

    // Channels and subscriptions: A subscribes B to a channel only A is in; A pins a channel; an
    // administrator edits a description (announced by Notification Bot); A mutes a topic.
    const { state } = app.store;
    const shared = [...state.channels.values()].find(
      (c) =>
        !c.invite_only &&
        !c.is_archived &&
        state.subscribers.get(c.stream_id)?.has(id(MEMBER)) &&
        !state.subscribers.get(c.stream_id)?.has(id(MEMBER2)),
    )!;
    await ok(a, 'post', 'users/me/subscriptions', {
      subscriptions: [{ name: shared.name }],
      principals: [id(MEMBER2)],
    });
    await ok(a, 'post', 'users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: 1, property: 'pin_to_top', value: true }],
    });
    await ok(admin, 'patch', `streams/${shared.stream_id}`, { description: 'Now with events' });
    await ok(a, 'post', 'user_topics', { stream_id: 1, topic: 'fan-out', visibility_policy: 1 });
    // User groups: created, extended, deactivated (a removal for B, which lacks the capability).
    const group = await ok(a, 'post', 'user_groups/create', {
      name: 'fan-out team',
      description: 'testing',
      members: [id(MEMBER)],
    });
    await ok(a, 'post', `user_groups/${group.group_id}/members`, { add: [id(MEMBER2)] });
    await ok(a, 'patch', `user_groups/${group.group_id}`, { description: 'tested' });
    await ok(a, 'post', `user_groups/${group.group_id}/members`, { delete: [id(MEMBER2)] });
    await ok(a, 'post', `user_groups/${group.group_id}/deactivate`);

    // B leaves the channel again; an administrator archives another channel both can see.
    await ok(b, 'delete', 'users/me/subscriptions', { subscriptions: [shared.name] });
    const archived = [...state.channels.values()].find(
      (c) =>
        !c.invite_only &&
        !c.is_archived &&
        c.stream_id !== shared.stream_id &&
        c.stream_id !== 1 &&
        state.subscribers.get(c.stream_id)?.has(id(MEMBER)) &&
        state.subscribers.get(c.stream_id)?.has(id(MEMBER2)),
    )!;
    await ok(admin, 'delete', `streams/${archived.stream_id}`);

    // Message changes: a content edit, a whole-topic move, a move to another channel, a deletion,
    // a reaction added and removed.
    await ok(a, 'patch', `messages/${sent.id}`, { content: 'hello **again**' });
    await ok(a, 'patch', `messages/${sent.id}`, { topic: 'fan-out moved', propagate_mode: 'change_all' });
    const elsewhere = [...state.channels.values()].find(
      (c) =>
        !c.invite_only &&
        !c.is_archived &&
        c.stream_id !== 1 &&
        state.subscribers.get(c.stream_id)?.has(id(MEMBER)) &&
        state.subscribers.get(c.stream_id)?.has(id(MEMBER2)),
    )!;
    await ok(admin, 'patch', `messages/${sent.id}`, {
      stream_id: elsewhere.stream_id,
      propagate_mode: 'change_one',
    });
    const doomed = await ok(b, 'post', 'messages', {
      type: 'stream',
      to: 'Verona',
      topic: 'x',
      content: 'oops',
    });
    await ok(admin, 'delete', `messages/${doomed.id}`);
    await ok(b, 'post', `messages/${sent.id}/reactions`, { emoji_name: 'smile' });
    await ok(b, 'delete', `messages/${sent.id}/reactions`, { emoji_name: 'smile' });
    // Flags: A reads, stars and unreads B's message; B marks everything as read.
    const flagged = await ok(b, 'post', 'messages', {
      type: 'stream',
      to: 'Verona',
      topic: 'flags',
      content: 'flag me',
    });
    for (const [op, flag] of [
      ['add', 'read'],
      ['add', 'starred'],
      ['remove', 'read'],
    ])
      await ok(a, 'post', 'messages/flags', { messages: [flagged.id], op, flag });
    await ok(b, 'post', 'mark_all_as_read');
    // Typing stops.
    await ok(a, 'post', 'typing', { op: 'stop', to: [id(MEMBER2)] });
    await ok(a, 'post', 'typing', { type: 'stream', op: 'stop', stream_id: 1, topic: 'fan-out' });

    // Users: a role change, a deactivation and reactivation, a user who accepts an invitation.
    await ok(admin, 'patch', `users/${id('cordelia@svc.test')}`, { role: 300 });
    await ok(admin, 'delete', `users/${id('prospero@svc.test')}`);
    await ok(admin, 'post', `users/${id('prospero@svc.test')}/reactivate`);
    await ok(a, 'post', 'invites', { invitee_emails: 'newcomer@example.com', stream_ids: [1] });
    await ok(t().anonymous, 'post', '/svc-mock/invitations/accept', {
      email: 'newcomer@example.com',
      full_name: 'New Comer',
    });
    // Channels: one created by subscribing, one renamed; organization defaults once more.
    await ok(a, 'post', 'users/me/subscriptions', { subscriptions: [{ name: 'fan-out new' }] });
    await ok(admin, 'patch', `streams/${elsewhere.stream_id}`, { new_name: 'Renamed' });
    await ok(admin, 'patch', 'realm/user_settings_defaults', { twenty_four_hour_time: true });
    // The scheduled message is delivered when the clock passes its time.
    t().clock.advance(61_000);

    const eventsA = (
      await a.get('events', { queue_id: beforeA.queue_id, last_event_id: -1, dont_block: true })
    ).body.events;
    const eventsB = (
      await b.get('events', { queue_id: beforeB.queue_id, last_event_id: -1, dont_block: true })
    ).body.events;

    const peers = (op: string) => Array(6).fill(`subscription/${op}`).join(' ');
    expect(summary(eventsA)).toEqual(
      words(`message user_topic message typing/start typing/start presence
        drafts/add drafts/update saved_snippets/add saved_snippets/remove
        realm_user_settings_defaults/update realm_linkifiers realm_playgrounds
        subscription/peer_add subscription/update stream/update muted_topics user_topic
        user_group/add user_group/add_members user_group/update user_group/remove_members user_group/update
        subscription/peer_remove stream/update
        update_message update_message message update_message message message delete_message
        reaction/add reaction/remove message
        update_message_flags/add update_message_flags/add update_message_flags/remove typing/stop typing/stop
        realm_user/update user_group/add_members user_group/remove_members user_group/remove_members
        ${peers('peer_remove')} realm_user/update user_group/remove_members user_group/remove_members
        realm_user/update ${peers('peer_add')} user_group/add_members user_group/add_members
        invites_changed realm_user/add user_group/add_members user_group/add_members subscription/peer_add
        invites_changed message message
        stream/create subscription/add message stream/update stream/update
        realm_user_settings_defaults/update message`),
    );
    expect(summary(eventsB)).toEqual(
      words(`message message typing/start presence scheduled_messages/add
        user_settings/update realm_user_settings_defaults/update realm_playgrounds
        subscription/add message stream/update
        user_group/add user_group/add_members user_group/update user_group/remove_members user_group/remove
        subscription/remove stream/delete
        update_message update_message message update_message message message user_topic delete_message
        reaction/add reaction/remove message user_topic
        update_message_flags/add typing/stop
        realm_user/update user_group/add_members user_group/remove_members user_group/remove_members
        ${peers('peer_remove')} realm_user/update user_group/remove_members user_group/remove_members
        realm_user/update ${peers('peer_add')} user_group/add_members user_group/add_members
        realm_user/add user_group/add_members user_group/add_members subscription/peer_add
        stream/create subscription/peer_add stream/update stream/update
        realm_user_settings_defaults/update message scheduled_messages/remove`),
    );
    for (const events of [eventsA, eventsB]) {
      expect(events.map((e: { id: number }) => e.id)).toEqual(events.map((_: unknown, i: number) => i));
    }
    // Per-queue formatting: echo only to the sender's queue; content per apply_markdown.
    expect(eventsA[0]).toMatchObject({
      local_message_id: 'local-1',
      message: { id: sent.id, content_type: 'text/html' },
    });
    expect(eventsB[0]).not.toHaveProperty('local_message_id');
    expect(eventsB[0].message).toMatchObject({
      id: sent.id,
      content: 'hello **world**',
      content_type: 'text/x-markdown',
    });
    expect(eventsA[5]).toEqual({ type: 'presence', id: 5, presences: { [id(MEMBER2)]: expect.any(Object) } });
    expect(eventsB[3]).toMatchObject({ user_id: id(MEMBER2), presence: { website: { status: 'active' } } });
    // Message changes: bulk deletion for A, one event per message for B; moves carry their mode.
    const kind = (events: Array<Record<string, unknown>>, type: string) =>
      events.filter((e) => e.type === type);
    const [, moveA, channelMoveA] = kind(eventsA, 'update_message');
    expect(moveA).toMatchObject({
      orig_subject: 'fan-out',
      subject: 'fan-out moved',
      propagate_mode: 'change_all',
    });
    expect(channelMoveA).toMatchObject({ new_stream_id: elsewhere.stream_id, propagate_mode: 'change_one' });
    expect(kind(eventsA, 'delete_message')).toEqual([
      expect.objectContaining({ message_ids: [doomed.id], message_type: 'stream', stream_id: 1, topic: 'x' }),
    ]);
    expect(kind(eventsB, 'delete_message')).toEqual([
      expect.objectContaining({ message_id: doomed.id, message_type: 'stream', stream_id: 1, topic: 'x' }),
    ]);
    expect(kind(eventsA, 'update_message_flags').at(-1)).toMatchObject({
      op: 'remove',
      flag: 'read',
      messages: [flagged.id],
      message_details: { [flagged.id]: { type: 'stream', stream_id: 1, topic: 'flags' } },
    });
    expect(kind(eventsB, 'update_message_flags')).toEqual([
      expect.objectContaining({ all: true, messages: [] }),
    ]);
    // A new channel: created empty (the peer_add counts its creator), its notice already read by A,
    // then its first message id.
    const [created] = kind(eventsB, 'stream').filter((e) => e.op === 'create') as Array<{
      streams: unknown[];
    }>;
    expect(created!.streams).toEqual([expect.objectContaining({ name: 'fan-out new', subscriber_count: 0 })]);
    const notice = eventsA[summary(eventsA).lastIndexOf('subscription/add') + 1];
    expect(notice).toMatchObject({
      type: 'message',
      flags: ['read'],
      message: { subject: 'channel events' },
    });
    expect(kind(eventsB, 'stream').at(-2)).toMatchObject({
      property: 'first_message_id',
      value: notice.message.id,
    });
    // Users: deactivation and reactivation as is_active updates; the invited user arrives whole.
    const persons = kind(eventsB, 'realm_user').map((e) => e.person);
    expect(persons.slice(0, 3)).toEqual([
      { user_id: id('cordelia@svc.test'), role: 300 },
      { user_id: id('prospero@svc.test'), is_active: false },
      { user_id: id('prospero@svc.test'), is_active: true },
    ]);
    expect(persons[3]).toMatchObject({ email: 'newcomer@example.com', full_name: 'New Comer', role: 400 });
    // The scheduled message is delivered to A and leaves B's list.
    expect(eventsA.at(-1)).toMatchObject({ type: 'message', message: { content: '<p>later</p>' } });
    expect(eventsB.at(-1)).toMatchObject({ type: 'scheduled_messages', op: 'remove' });

    // The property clients rely on: snapshot before + events = snapshot after.
    for (const [before, events, fresh] of [
      [beforeA, eventsA, registerA],
      [beforeB, eventsB, registerB],
    ] as const) {
      const after = (await fresh()).body;
      expect(normalize(replay(before, events))).toEqual(normalize(after));
    }
  });
});
