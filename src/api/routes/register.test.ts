import { expect, it } from 'vitest';
import { GUEST, MEMBER, MEMBER2, NOTIFICATION_BOT } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

describeTransports('POST /register', (t) => {
  const register = (params: Record<string, unknown> = {}, email = MEMBER) =>
    t().as(email).post('register', params);

  it('allocates a queue and returns every snapshot section when no types are given', async () => {
    const res = await register();
    expect(res.status).toBe(200);
    expect(res.body.queue_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(res.body.last_event_id).toBe(-1);
    for (const key of [
      'realm_empty_topic_display_name',
      'max_message_id',
      'unread_msgs',
      'subscriptions',
      'unsubscribed',
      'never_subscribed',
      'streams',
      'realm_users',
      'realm_non_active_users',
      'cross_realm_bots',
      'realm_user_groups',
      'presences',
      'user_settings',
      'drafts',
      'scheduled_messages',
      'saved_snippets',
      'navigation_views',
      'channel_folders',
      'recent_private_conversations',
      'starred_messages',
      'user_topics',
      'realm_linkifiers',
      'realm_playgrounds',
      'realm_emoji',
      'realm_user_settings_defaults',
    ]) {
      expect(res.body, key).toHaveProperty(key);
    }
    expect(res.body).not.toHaveProperty('muted_topics');
    expect(t().app.services.queues.get(res.body.queue_id)?.userId).toBe(
      t().app.store.state.usersByEmail.get(MEMBER)!.user_id,
    );
  });

  it('returns only the sections of fetch_event_types', async () => {
    const res = await register({ fetch_event_types: ['message'], event_types: ['realm_user'] });
    expect(res.body.max_message_id).toEqual(expect.any(Number));
    expect(res.body).not.toHaveProperty('realm_users');
    expect(res.body).not.toHaveProperty('unread_msgs');
    expect(res.body).not.toHaveProperty('realm_name');
  });

  it('returns unread_msgs only when both message and update_message_flags are requested', async () => {
    const res = await register({ event_types: ['message', 'update_message_flags'] });
    expect(res.body.unread_msgs).toMatchObject({ old_unreads_missing: false });
    const { store } = t().app;
    const me = store.state.usersByEmail.get(MEMBER)!;
    const flags = store.state.index.flags.get(me.user_id)!;
    const unread = [...flags].filter(([, bits]) => !(bits & 1)).map(([id]) => id);
    const listed = [
      ...res.body.unread_msgs.pms,
      ...res.body.unread_msgs.streams,
      ...res.body.unread_msgs.huddles,
    ].flatMap((g: { unread_message_ids: number[] }) => g.unread_message_ids);
    expect(listed.sort((a, b) => a - b)).toEqual(unread.sort((a, b) => a - b));
  });

  it('gives subscriber lists with include_subscribers', async () => {
    const res = await register({ event_types: ['subscription'], include_subscribers: true });
    const verona = res.body.subscriptions.find((s: { name: string }) => s.name === 'Verona');
    expect(verona.subscribers).toContain(t().app.store.state.usersByEmail.get(MEMBER)!.user_id);
    const without = await register({ event_types: ['subscription'] });
    expect(without.body.subscriptions[0]).not.toHaveProperty('subscribers');
    const partial = await register({ event_types: ['subscription'], include_subscribers: 'partial' });
    expect(partial.body.subscriptions[0].subscribers).toEqual(expect.any(Array));
  });

  it('with include_subscribers=partial, sends large channels only bots and users active in 14 days', async () => {
    const { state } = t().app.store;
    const id = (email: string) => state.usersByEmail.get(email)!.user_id;
    const active = await t().as(MEMBER2).post('users/me/presence', { status: 'active' });
    expect(active.status).toBe(200);
    // Verona (subscribed) and Venice (never subscribed) grow past the threshold with placeholder ids.
    const members = [id(MEMBER), id(MEMBER2), id(NOTIFICATION_BOT), 7];
    for (const streamId of [1, 6]) {
      const subscribers = state.subscribers.get(streamId)!;
      for (const user of members) subscribers.add(user);
      for (let i = 0; i < 250; i++) subscribers.add(100_000 + i);
    }
    const res = await register({ event_types: ['subscription'], include_subscribers: 'partial' });
    const verona = res.body.subscriptions.find((s: { stream_id: number }) => s.stream_id === 1);
    expect(verona).not.toHaveProperty('subscribers');
    expect(verona.partial_subscribers).toEqual(expect.arrayContaining([id(MEMBER2), id(NOTIFICATION_BOT)]));
    expect(verona.partial_subscribers).not.toContain(7);
    expect(verona.partial_subscribers).not.toContain(100_000);
    const small = res.body.subscriptions.find((s: { stream_id: number }) => s.stream_id === 4);
    expect(small.subscribers).toEqual(expect.any(Array));
    const all = [...res.body.subscriptions, ...res.body.never_subscribed];
    for (const streamId of [1, 6]) {
      const entry = all.find((s: { stream_id: number }) => s.stream_id === streamId);
      expect(entry, `channel ${streamId}`).not.toHaveProperty('subscribers');
      expect(entry.partial_subscribers).toContain(id(MEMBER2));
    }
  });

  it('omits archived channels and deactivated groups unless the client declares the capabilities', async () => {
    const { state } = t().app.store;
    const archived = [...state.channels.values()].find((c) => c.is_archived)!;
    const deactivated = [...state.groups.values()].find((g) => g.deactivated)!;
    const types = ['stream', 'realm_user_groups'];
    const old = await register({
      event_types: types,
      client_capabilities: { notification_settings_null: true },
    });
    expect(old.body.streams.map((s: { stream_id: number }) => s.stream_id)).not.toContain(archived.stream_id);
    expect(old.body.realm_user_groups.map((g: { id: number }) => g.id)).not.toContain(deactivated.id);
    const modern = await register({
      event_types: types,
      client_capabilities: {
        notification_settings_null: true,
        archived_channels: true,
        include_deactivated_groups: true,
      },
    });
    expect(modern.body.streams.map((s: { stream_id: number }) => s.stream_id)).toContain(archived.stream_id);
    expect(modern.body.realm_user_groups.map((g: { id: number }) => g.id)).toContain(deactivated.id);
  });

  it('returns linkifiers only to clients with linkifier_url_template', async () => {
    const caps = { notification_settings_null: false };
    const old = await register({ event_types: ['realm_linkifiers'], client_capabilities: caps });
    expect(old.body.realm_linkifiers).toEqual([]);
    const modern = await register({
      event_types: ['realm_linkifiers'],
      client_capabilities: { ...caps, linkifier_url_template: true },
    });
    expect(modern.body.realm_linkifiers).toEqual(t().app.store.state.linkifiers);
  });

  it('adds the legacy settings sections for clients without user_settings_object', async () => {
    const types = ['user_settings', 'update_display_settings', 'update_global_notifications'];
    const old = await register({ event_types: types });
    expect(old.body).toMatchObject({
      twenty_four_hour_time: expect.any(Boolean),
      enable_sounds: expect.any(Boolean),
    });
    expect(old.body.user_settings.emojiset_choices).toEqual(expect.any(Array));
    const modern = await register({
      event_types: types,
      client_capabilities: { notification_settings_null: true, user_settings_object: true },
    });
    expect(modern.body).not.toHaveProperty('twenty_four_hour_time');
  });

  it('lists realm users without is_active, and the caller’s own account fields', async () => {
    const res = await register({ event_types: ['realm_user'] });
    const me = t().app.store.state.usersByEmail.get(MEMBER)!;
    expect(res.body.realm_users.every((u: object) => !('is_active' in u))).toBe(true);
    expect(res.body).toMatchObject({ user_id: me.user_id, delivery_email: MEMBER, is_admin: false });
  });

  it('shows a guest with limited user access placeholders, or nothing with user_list_incomplete', async () => {
    const { state } = t().app.store;
    state.settings.can_access_all_users_group = state.systemGroupIds.get('role:members')!;
    const guest = state.usersByEmail.get(GUEST)!;
    const visible = (await t().as(GUEST).get('users')).body.members.map(
      (m: { user_id: number }) => m.user_id,
    );
    const stranger = [...state.users.values()].find(
      (u) => u.is_active && !u.is_system_bot && !visible.includes(u.user_id),
    )!;
    expect(stranger).toBeDefined();
    const caps = { notification_settings_null: true };
    const full = await register({ event_types: ['realm_user'], client_capabilities: caps }, GUEST);
    const entry = full.body.realm_users.find((u: { user_id: number }) => u.user_id === stranger.user_id);
    expect(entry).toMatchObject({ full_name: 'Unknown user', delivery_email: null });
    expect(full.body.user_id).toBe(guest.user_id);
    const incomplete = await register(
      { event_types: ['realm_user'], client_capabilities: { ...caps, user_list_incomplete: true } },
      GUEST,
    );
    const ids = incomplete.body.realm_users.map((u: { user_id: number }) => u.user_id);
    expect(ids).not.toContain(stranger.user_id);
    expect(ids).toContain(guest.user_id);
  });

  it('refuses client_capabilities without notification_settings_null, creating no queue', async () => {
    const before = t().app.services.queues.size;
    const res = await register({ client_capabilities: { bulk_message_deletion: true } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: 'notification_settings_null key is missing from client_capabilities',
      code: 'BAD_REQUEST',
    });
    expect(t().app.services.queues.size).toBe(before);
  });

  it('refuses narrow operators other than stream, channel, topic, sender and is', async () => {
    const before = t().app.services.queues.size;
    const res = await register({ narrow: [['search', 'x']] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg: 'Operator search not supported.', code: 'BAD_REQUEST' });
    expect(t().app.services.queues.size).toBe(before);
  });

  it('registers spectators without a queue and refuses what they may not ask for', async () => {
    const before = t().app.services.queues.size;
    const res = await t().anonymous.post('register', { event_types: ['stream', 'realm'] });
    expect(res.status).toBe(200);
    expect(res.body.queue_id).toBeNull();
    expect(res.body.streams.every((s: { is_web_public: boolean }) => s.is_web_public)).toBe(true);
    for (const [key, value] of [
      ['client_extavatar', true],
      ['include_subscribers', true],
    ] as const) {
      const refused = await t().anonymous.post('register', { [key]: value });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        result: 'error',
        msg: `Invalid '${key}' parameter for anonymous request`,
        code: 'BAD_REQUEST',
      });
    }
    expect(t().app.services.queues.size).toBe(before);
  });

  it('keeps queues apart per user', async () => {
    const a = await register({}, MEMBER);
    const b = await register({}, MEMBER2);
    expect(a.body.queue_id).not.toBe(b.body.queue_id);
    expect(a.body.user_id).not.toBe(b.body.user_id);
  });
});
