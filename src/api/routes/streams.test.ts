import { expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER, MEMBER2, OWNER } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';
import { createChannel } from '../../store/channels/mutate.js';
import { realmSnapshot } from './realm-snapshot.test-util.js';

const names = (body: { streams: Array<{ name: string }> }) => body.streams.map((s) => s.name);

describeTransports('GET /streams', (t) => {
  it('returns public and subscribed channels sorted by name, without archived ones, by default', async () => {
    const res = await t().as(MEMBER2).get('streams');
    expect(names(res.body)).toEqual(['Denmark', 'Rome', 'Scotland', 'Venice', 'Verona', 'announce', 'devel']);
  });

  it('applies each include flag as the table says', async () => {
    const ctx = t();
    const get = async (as: string, params: Record<string, unknown>) =>
      names((await ctx.as(as).get('streams', params)).body);
    expect(await get(MEMBER2, { include_public: false })).toEqual([
      'Denmark',
      'Scotland',
      'Verona',
      'announce',
      'devel',
    ]);
    expect(
      await get(MEMBER2, { include_public: false, include_subscribed: false, include_web_public: true }),
    ).toEqual(['Rome']);
    expect(
      await get(MEMBER2, { include_public: false, include_subscribed: false, include_default: true }),
    ).toEqual(['Verona']);
    expect(await get(MEMBER, { exclude_archived: false })).toContain('old-projects');
    await ctx.as(ADMIN).delete('users/me/subscriptions', { subscriptions: ['core team'] });
    expect(await get(ADMIN, { include_all: true })).toContain('core team');
    expect(await get(MEMBER2, { include_all: true })).not.toContain('core team');
    expect(
      await get(ADMIN, {
        include_public: false,
        include_subscribed: false,
        include_can_access_content: true,
      }),
    ).not.toContain('core team');
    const withDefault = (await ctx.as(MEMBER).get('streams', { include_default: true })).body.streams;
    expect(withDefault.find((s: { name: string }) => s.name === 'Verona').is_default).toBe(true);
    expect((await ctx.as(MEMBER).get('streams')).body.streams[0].is_default).toBeUndefined();
  });

  it('never gives guests unsubscribed public channels', async () => {
    expect(names((await t().as(GUEST).get('streams')).body)).toEqual(['Rome', 'Verona']);
  });

  it('includes the owner’s channels for a bot with include_owner_subscribed', async () => {
    const res = await t()
      .as('default-bot@svc.test')
      .get('streams', { include_public: false, include_owner_subscribed: true });
    expect(names(res.body)).toEqual(['Denmark', 'Rome', 'Verona', 'announce', 'core team', 'devel']);
  });

  it('refuses include_all_active for non-administrators', async () => {
    const res = await t().as(MEMBER).get('streams', { include_all_active: true });
    expect(res.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'User not authorized for this query',
    });
    expect((await t().as(ADMIN).get('streams', { include_all_active: true })).status).toBe(200);
  });
});

describeTransports('GET /streams/{id}', (t) => {
  it('returns the channel with derived fields', async () => {
    const ctx = t();
    const res = await ctx.as(MEMBER).get('streams/7');
    expect(res.body.stream).toMatchObject({
      name: 'announce',
      stream_post_policy: 2,
      is_announcement_only: true,
    });
    expect(res.body.stream.subscriber_count).toBe(ctx.app.store.state.subscribers.get(7)!.size);
  });

  it('answers Invalid channel ID for an unknown or inaccessible channel', async () => {
    for (const path of ['streams/999', 'streams/2']) {
      const res = await t().as(MEMBER2).get(path);
      expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
    }
  });
});

describeTransports('PATCH /streams/{id}', (t) => {
  it('renames, describes and changes privacy with stream/update events', async () => {
    const ctx = t();
    const start = ctx.app.store.journal.length;
    const res = await ctx
      .as(ADMIN)
      .patch('streams/5', { new_name: 'Alba', description: 'A **land**', is_private: true });
    expect(res.status).toBe(200);
    const channel = ctx.app.store.state.channels.get(5)!;
    expect(channel).toMatchObject({ name: 'Alba', invite_only: true, history_public_to_subscribers: false });
    expect(ctx.app.store.state.channelsByName.get('alba')).toBe(channel);
    expect(ctx.app.store.state.channelsByName.has('scotland')).toBe(false);
    const evs = ctx.app.store.journal.slice(start).map((e) => e.event as Record<string, unknown>);
    expect(evs.map((e) => e.property)).toEqual(['name', 'description', 'invite_only']);
    expect(evs[1]).toMatchObject({ name: 'Alba', rendered_description: '<p>A <strong>land</strong></p>' });
    expect(evs[2]).toMatchObject({ value: true, history_public_to_subscribers: false, is_web_public: false });
  });

  it('changes group settings given as a value or as {new, old}', async () => {
    const ctx = t();
    await ctx.as(ADMIN).patch('streams/5', { can_send_message_group: 4 });
    expect(ctx.app.store.state.channels.get(5)!.can_send_message_group).toBe(4);
    expect((await ctx.as(ADMIN).get('streams/5')).body.stream.stream_post_policy).toBe(4);
    const mismatch = await ctx.as(ADMIN).patch('streams/5', { can_send_message_group: { new: 3, old: 7 } });
    expect(mismatch.body.msg).toBe("'old' value does not match the expected value.");
    await ctx.as(ADMIN).patch('streams/5', { can_send_message_group: { new: 3, old: 4 } });
    expect(ctx.app.store.state.channels.get(5)!.can_send_message_group).toBe(3);
  });

  it('lets a can_administer_channel_group member administer, and refuses other members', async () => {
    const ctx = t();
    const me = ctx.app.store.state.usersByEmail.get(MEMBER)!.user_id;
    const before = realmSnapshot(ctx.app);
    const refused = await ctx.as(MEMBER).patch('streams/3', { description: 'x' });
    expect(refused.body).toMatchObject({ msg: 'You do not have permission to administer this channel.' });
    expect(realmSnapshot(ctx.app)).toEqual(before);
    ctx.app.store.state.channels.get(3)!.can_administer_channel_group = {
      direct_members: [me],
      direct_subgroups: [],
    };
    expect((await ctx.as(MEMBER).patch('streams/3', { description: 'x' })).status).toBe(200);
  });

  it('refuses bad values and changes nothing', async () => {
    const ctx = t();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [ADMIN, { new_name: 'z'.repeat(61) }, 'Channel name too long (limit: 60 characters).'],
      [ADMIN, { new_name: 'denmark' }, "Channel name 'denmark' is already taken."],
      [ADMIN, { can_remove_subscribers_group: 4242 }, 'Invalid user group'],
      [
        ADMIN,
        { can_remove_subscribers_group: { direct_members: 'x' } },
        'Invalid can_remove_subscribers_group',
      ],
      [ADMIN, { message_retention_days: 10 }, 'Must be an organization owner'],
      [OWNER, { message_retention_days: 'forever' }, "Bad value for 'message_retention_days': forever"],
      [
        ADMIN,
        { topics_policy: 'empty_topic_only' },
        'To enable this configuration, all messages in this channel must be in the general chat topic.',
      ],
      [ADMIN, { is_default_stream: true, is_private: true }, 'A default channel cannot be private.'],
      [MEMBER2, { is_default_stream: true }, 'You do not have permission to administer this channel.'],
      [ADMIN, { folder_id: 77 }, 'Invalid channel folder ID'],
    ];
    const before = realmSnapshot(ctx.app);
    for (const [as, params, msg] of cases) {
      const res = await ctx.as(as).patch('streams/5', params);
      expect(res.body, JSON.stringify(params)).toMatchObject({
        result: 'error',
        code: expect.any(String),
        msg,
      });
    }
    expect(realmSnapshot(ctx.app)).toEqual(before);
  });

  it('allows empty_topic_only when every message is in the empty topic', async () => {
    const ctx = t();
    const { stream_id: id } = createChannel(ctx.app.store, null, {
      name: 'fresh',
      description: '',
      invite_only: false,
      is_web_public: false,
      history_public_to_subscribers: true,
      is_default: false,
      message_retention_days: null,
      topics_policy: 'inherit',
      folder_id: null,
      settings: {},
    });
    expect((await ctx.as(ADMIN).patch(`streams/${id}`, { topics_policy: 'empty_topic_only' })).status).toBe(
      200,
    );
  });

  it('makes a channel default, retention-limited and web-public for the owner', async () => {
    const ctx = t();
    await ctx
      .as(OWNER)
      .patch('streams/5', { is_default_stream: true, message_retention_days: 30, is_web_public: true });
    expect(ctx.app.store.state.channels.get(5)).toMatchObject({
      is_default: true,
      message_retention_days: 30,
      is_web_public: true,
    });
  });
});

describeTransports('DELETE /streams/{id} and unarchiving', (t) => {
  it('archives keeping name and subscriptions, emits stream/update is_archived, and hides it from GET /streams', async () => {
    const ctx = t();
    const subs = new Set(ctx.app.store.state.subscribers.get(5));
    const start = ctx.app.store.journal.length;
    expect((await ctx.as(ADMIN).delete('streams/5')).status).toBe(200);
    expect(ctx.app.store.state.channels.get(5)).toMatchObject({ name: 'Scotland', is_archived: true });
    expect(ctx.app.store.state.subscribers.get(5)).toEqual(subs);
    expect(ctx.app.store.journal[start]!.event).toEqual({
      type: 'stream',
      op: 'update',
      stream_id: 5,
      name: 'Scotland',
      property: 'is_archived',
      value: true,
    });
    expect(names((await ctx.as(MEMBER2).get('streams')).body)).not.toContain('Scotland');
    expect((await ctx.as(ADMIN).patch('streams/5', { description: 'x' })).body.msg).toBe(
      'Channel is archived.',
    );
    expect((await ctx.as(ADMIN).patch('streams/5', { is_archived: false })).status).toBe(200);
    expect(ctx.app.store.state.channels.get(5)!.is_archived).toBe(false);
  });

  it('refuses members who cannot administer the channel', async () => {
    const ctx = t();
    const before = realmSnapshot(ctx.app);
    const res = await ctx.as(MEMBER).delete('streams/5');
    expect(res.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'You do not have permission to administer this channel.',
    });
    expect(realmSnapshot(ctx.app)).toEqual(before);
  });
});
