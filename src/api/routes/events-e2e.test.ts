/**
 * End to end: two users' queues, one action of every kind through the API, then exact per-queue event
 * lists and the property clients rely on — the snapshot before plus the events equals a fresh snapshot.
 */
import { expect, it } from 'vitest';
import { ADMIN, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { applyEvent } from '../../testing/apply-event.js';
import { describeTransports, type TestClient } from '../../testing/transports.js';

/** Modern client: every capability, markdown rendering, slim presence. */
const MODERN = {
  apply_markdown: true,
  slim_presence: true,
  client_capabilities: {
    notification_settings_null: true,
    bulk_message_deletion: true,
    user_avatar_url_field_optional: true,
    stream_typing_notifications: true,
    user_settings_object: true,
    linkifier_url_template: true,
    user_list_incomplete: true,
    include_deactivated_groups: true,
    archived_channels: true,
    empty_topic_name: true,
    simplified_presence_events: true,
  },
};
/** Legacy client: no capabilities, raw Markdown, legacy presence. */
const LEGACY = { apply_markdown: false };

/** Keys that legitimately differ between two registrations (or that clients do not maintain). */
const VOLATILE = new Set([
  'queue_id',
  'last_event_id',
  'server_timestamp',
  'presence_last_update_id',
  'stream_weekly_traffic',
]);

function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!VOLATILE.has(k)) out[k] = normalize(v);
    return out;
  }
  return value;
}

const summary = (events: Array<{ type: string; op?: string }>) =>
  events.map((e) => (e.op ? `${e.type}/${e.op}` : e.type));

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
      scheduled_delivery_timestamp: app.store.now() + 3600,
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

    const eventsA = (
      await a.get('events', { queue_id: beforeA.queue_id, last_event_id: -1, dont_block: true })
    ).body.events;
    const eventsB = (
      await b.get('events', { queue_id: beforeB.queue_id, last_event_id: -1, dont_block: true })
    ).body.events;

    expect(summary(eventsA)).toEqual([
      'message',
      'user_topic',
      'message',
      'typing/start',
      'typing/start',
      'presence',
      'drafts/add',
      'drafts/update',
      'saved_snippets/add',
      'saved_snippets/remove',
      'realm_user_settings_defaults/update',
      'realm_linkifiers',
      'realm_playgrounds',
      'subscription/peer_add',
      'subscription/update',
      'stream/update',
      'user_topic',
      'user_group/add',
      'user_group/add_members',
      'user_group/update',
      'subscription/peer_remove',
      'stream/update',
    ]);
    expect(summary(eventsB)).toEqual([
      'message',
      'message',
      'typing/start',
      'presence',
      'scheduled_messages/add',
      'user_settings/update',
      'update_display_settings',
      'realm_user_settings_defaults/update',
      'realm_playgrounds',
      'subscription/add',
      'message',
      'stream/update',
      'user_group/add',
      'user_group/add_members',
      'user_group/remove',
      'subscription/remove',
      'stream/delete',
    ]);
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

    // The property clients rely on: snapshot before + events = snapshot after.
    for (const [before, events, fresh] of [
      [beforeA, eventsA, registerA],
      [beforeB, eventsB, registerB],
    ] as const) {
      const state = structuredClone(before);
      for (const event of events) applyEvent(state, event);
      const after = (await fresh()).body;
      expect(normalize(state)).toEqual(normalize(after));
    }
  });
});
