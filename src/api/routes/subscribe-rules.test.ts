import { expect, it } from 'vitest';
import { GUEST, MEMBER, MODERATOR } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';
import { realmSnapshot } from './realm-snapshot.test-util.js';

describeTransports('Subscription rules from the reference server', (t) => {
  it('treats an empty principals list as the caller when subscribing', async () => {
    const ctx = t();
    const me = ctx.app.store.state.usersByEmail.get(MEMBER)!.user_id;
    const res = await ctx
      .as(MEMBER)
      .post('users/me/subscriptions', { subscriptions: [{ name: 'Scotland' }], principals: [] });
    expect(res.status).toBe(200);
    expect(res.body.subscribed).toEqual({ [String(me)]: ['Scotland'] });
    const scotland = ctx.app.store.state.channelsByName.get('scotland')!;
    expect(ctx.app.store.state.subscribers.get(scotland.stream_id)!.has(me)).toBe(true);
  });

  it('treats an empty principals list as the caller when unsubscribing', async () => {
    const ctx = t();
    const me = ctx.app.store.state.usersByEmail.get(MEMBER)!.user_id;
    const res = await ctx
      .as(MEMBER)
      .delete('users/me/subscriptions', { subscriptions: ['Verona'], principals: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ removed: ['Verona'], not_removed: [] });
    const verona = ctx.app.store.state.channelsByName.get('verona')!;
    expect(ctx.app.store.state.subscribers.get(verona.stream_id)!.has(me)).toBe(false);
  });

  const refusals: Array<[string, string, Record<string, unknown>, string]> = [
    [
      'a guest subscribing to a public channel',
      GUEST,
      { subscriptions: [{ name: 'Denmark' }] },
      'Not allowed for guest users',
    ],
    ['a guest creating a channel', GUEST, { subscriptions: [{ name: 'zz' }] }, 'Not allowed for guest users'],
    [
      'a member creating a channel with a topics policy',
      MEMBER,
      { subscriptions: [{ name: 'zz' }], topics_policy: 'disable_empty_topic' },
      'Insufficient permission',
    ],
    [
      'a member creating a channel with can_delete_any_message_group',
      MEMBER,
      { subscriptions: [{ name: 'zz' }], can_delete_any_message_group: 3 },
      'Insufficient permission',
    ],
    [
      'a member creating a channel with can_delete_own_message_group',
      MEMBER,
      {
        subscriptions: [{ name: 'zz' }],
        can_delete_own_message_group: { direct_members: [10], direct_subgroups: [] },
      },
      'Insufficient permission',
    ],
  ];
  for (const [what, who, params, msg] of refusals) {
    it(`refuses ${what} and changes nothing`, async () => {
      const ctx = t();
      const before = realmSnapshot(ctx.app);
      const res = await ctx.as(who).post('users/me/subscriptions', params);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
      expect(realmSnapshot(ctx.app)).toEqual(before);
    });
  }

  it('lets a moderator create a channel with a topics policy and delete-message groups', async () => {
    const ctx = t();
    const nobody = ctx.app.store.state.systemGroupIds.get('role:nobody')!;
    const mods = ctx.app.store.state.systemGroupIds.get('role:moderators')!;
    const res = await ctx.as(MODERATOR).post('users/me/subscriptions', {
      subscriptions: [{ name: 'zz' }],
      topics_policy: 'empty_topic_only',
      can_delete_any_message_group: mods,
      can_delete_own_message_group: nobody,
    });
    expect(res.status).toBe(200);
    expect(ctx.app.store.state.channelsByName.get('zz')).toMatchObject({
      topics_policy: 'empty_topic_only',
      can_delete_any_message_group: mods,
      can_delete_own_message_group: nobody,
    });
  });

  it('lets a member create a channel with topics_policy inherit and can_delete groups set to nobody', async () => {
    const ctx = t();
    const nobody = ctx.app.store.state.systemGroupIds.get('role:nobody')!;
    const res = await ctx.as(MEMBER).post('users/me/subscriptions', {
      subscriptions: [{ name: 'zz' }],
      topics_policy: 'inherit',
      can_delete_any_message_group: nobody,
    });
    expect(res.status).toBe(200);
    expect(ctx.app.store.state.channelsByName.get('zz')!.topics_policy).toBe('inherit');
  });

  it('turns newlines in a new channel description into spaces', async () => {
    const ctx = t();
    const res = await ctx.as(MEMBER).post('users/me/subscriptions', {
      subscriptions: [{ name: 'zz', description: 'line one\nline two' }],
    });
    expect(res.status).toBe(200);
    const channel = ctx.app.store.state.channelsByName.get('zz')!;
    expect(channel.description).toBe('line one line two');
    expect(channel.rendered_description).toBe('<p>line one line two</p>');
  });

  it("lets a member unsubscribe their own bot without remove-subscribers rights, but not another's", async () => {
    const ctx = t();
    const denmark = ctx.app.store.state.channelsByName.get('denmark')!;
    const subscribers = ctx.app.store.state.subscribers.get(denmark.stream_id)!;
    expect(subscribers.has(16)).toBe(true); // default-bot, owned by the member
    const res = await ctx
      .as(MEMBER)
      .delete('users/me/subscriptions', { subscriptions: ['Denmark'], principals: [16] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ removed: ['Denmark'], not_removed: [] });
    expect(subscribers.has(16)).toBe(false);
    const before = realmSnapshot(ctx.app);
    const other = await ctx
      .as(MEMBER)
      .delete('users/me/subscriptions', { subscriptions: ['devel'], principals: [17] });
    expect(other.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    expect(realmSnapshot(ctx.app)).toEqual(before);
  });
});
