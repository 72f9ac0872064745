import { expect, it } from 'vitest';
import { ADMIN, MEMBER, MEMBER2, MODERATOR, OWNER } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';
import { apiEmail } from '../../store/users.js';
import { realmSnapshot } from './realm-snapshot.test-util.js';

const id = (t: ReturnType<Parameters<Parameters<typeof describeTransports>[1]>[0]>, email: string) =>
  t.app.store.state.usersByEmail.get(email)!.user_id;

describeTransports('POST /users/me/subscriptions', (t) => {
  it('subscribes the caller to an existing channel and reports it keyed by user id', async () => {
    const ctx = t();
    const me = id(ctx, MEMBER);
    const res = await ctx
      .as(MEMBER)
      .post('users/me/subscriptions', { subscriptions: [{ name: 'Scotland' }] });
    expect(res.status).toBe(200);
    expect(res.body.subscribed).toEqual({ [String(me)]: ['Scotland'] });
    expect(res.body.already_subscribed).toEqual({});
    const scotland = ctx.app.store.state.channelsByName.get('scotland')!;
    expect(ctx.app.store.state.subscribers.get(scotland.stream_id)!.has(me)).toBe(true);
  });

  it('reports already subscribed channels and matches names case-insensitively after trimming', async () => {
    const ctx = t();
    const res = await ctx
      .as(MEMBER)
      .post('users/me/subscriptions', { subscriptions: [{ name: '  verona ' }] });
    expect(res.body.subscribed).toEqual({});
    expect(res.body.already_subscribed).toEqual({ [String(id(ctx, MEMBER))]: ['Verona'] });
  });

  it('creates a missing channel with the creation parameters and emits stream/create before subscription/add', async () => {
    const ctx = t();
    // A moderator: a topics policy other than inherit needs the realm's can_set_topics_policy_group.
    const me = id(ctx, MODERATOR);
    const start = ctx.app.store.journal.length;
    const res = await ctx.as(MODERATOR).post('users/me/subscriptions', {
      subscriptions: [{ name: 'new one', description: 'About *this*' }],
      invite_only: true,
      history_public_to_subscribers: true,
      topics_policy: 'disable_empty_topic',
      can_add_subscribers_group: { direct_members: [me], direct_subgroups: [] },
    });
    expect(res.body.subscribed).toEqual({ [String(me)]: ['new one'] });
    const channel = ctx.app.store.state.channelsByName.get('new one')!;
    expect(channel).toMatchObject({
      invite_only: true,
      history_public_to_subscribers: true,
      topics_policy: 'disable_empty_topic',
      description: 'About *this*',
      creator_id: me,
      can_add_subscribers_group: { direct_members: [me], direct_subgroups: [] },
      can_administer_channel_group: { direct_members: [me], direct_subgroups: [] },
    });
    expect(channel.rendered_description).toBe('<p>About <em>this</em></p>');
    const types = ctx.app.store.journal.slice(start).map((e) => {
      const ev = typeof e.event === 'function' ? e.event(me) : e.event;
      return `${ev?.type}/${ev?.op}`;
    });
    expect(types.indexOf('stream/create')).toBeLessThan(types.indexOf('subscription/add'));
    const get = await ctx.as(MODERATOR).get(`streams/${channel.stream_id}`);
    expect(get.body.stream).toMatchObject({
      name: 'new one',
      invite_only: true,
      subscriber_count: 1,
      first_message_id: ctx.app.store.state.index.byChannel.get(channel.stream_id)![0],
    });
  });

  it('makes public channels history-public and private ones protected by default', async () => {
    const ctx = t();
    await ctx.as(MEMBER).post('users/me/subscriptions', {
      subscriptions: [{ name: 'pub' }],
      history_public_to_subscribers: false,
    });
    await ctx
      .as(MEMBER)
      .post('users/me/subscriptions', { subscriptions: [{ name: 'priv' }], invite_only: true });
    expect(ctx.app.store.state.channelsByName.get('pub')!.history_public_to_subscribers).toBe(true);
    expect(ctx.app.store.state.channelsByName.get('priv')!.history_public_to_subscribers).toBe(false);
  });

  it('ignores creation-only parameters for existing channels', async () => {
    const ctx = t();
    const before = structuredClone(ctx.app.store.state.channelsByName.get('scotland')!);
    await ctx.as(MEMBER).post('users/me/subscriptions', {
      subscriptions: [{ name: 'Scotland', description: 'changed?' }],
      invite_only: true,
      topics_policy: 'empty_topic_only',
    });
    expect(ctx.app.store.state.channelsByName.get('scotland')).toEqual(before);
  });

  it('subscribes principals given as ids or e-mails and sends peer_add to others', async () => {
    const ctx = t();
    const other = id(ctx, MEMBER2);
    const res = await ctx.as(ADMIN).post('users/me/subscriptions', {
      subscriptions: [{ name: 'Rome' }],
      principals: [other],
    });
    expect(res.body.subscribed).toEqual({ [String(other)]: ['Rome'] });
    const peer = ctx.app.store.journal.find(
      (e) => typeof e.event !== 'function' && e.event.op === 'peer_add',
    )!;
    expect(peer.event).toMatchObject({ stream_ids: [4], user_ids: [other] });
    expect(peer.users).not.toContain(other);
    expect(peer.users).toContain(id(ctx, MEMBER));
    const byEmail = await ctx.as(ADMIN).post('users/me/subscriptions', {
      subscriptions: [{ name: 'Venice' }],
      principals: [MEMBER],
    });
    expect(byEmail.body.subscribed).toEqual({ [String(id(ctx, MEMBER))]: ['Venice'] });
  });
});

describeTransports(
  'POST /users/me/subscriptions at feature level 288',
  (t) => {
    it('keys the response by API e-mail before feature level 289', async () => {
      const ctx = t();
      const res = await ctx
        .as(MEMBER)
        .post('users/me/subscriptions', { subscriptions: [{ name: 'Scotland' }] });
      const me = ctx.app.store.state.usersByEmail.get(MEMBER)!;
      expect(Object.keys(res.body.subscribed)).toEqual([apiEmail(ctx.app.store.state, me)]);
      expect(Object.keys(res.body.subscribed)[0]).toContain('@');
    });
  },
  { featureLevel: 288 },
);

describeTransports('POST /users/me/subscriptions errors', (t) => {
  const cases: Array<[string, Record<string, unknown>, string, string?]> = [
    [
      'a name over 60 characters',
      { subscriptions: [{ name: 'x'.repeat(61) }] },
      'Channel name too long (limit: 60 characters).',
    ],
    ['an empty name', { subscriptions: [{ name: '   ' }] }, "Channel name can't be empty!"],
    [
      'a control character',
      { subscriptions: [{ name: 'ab\u0001c' }] },
      'Invalid character in channel name, at position 3!',
    ],
    [
      'a subscriptions value that is not a list',
      { subscriptions: { name: 'x' } },
      'subscriptions is not a list',
    ],
    [
      'an item without a name',
      { subscriptions: [{ description: 'x' }] },
      'subscriptions[0]["name"] key is missing',
    ],
    [
      'an unknown group id',
      { subscriptions: [{ name: 'zz' }], can_add_subscribers_group: 9999 },
      'Invalid user group',
    ],
    [
      'a malformed group-setting object',
      { subscriptions: [{ name: 'zz' }], can_add_subscribers_group: { direct_members: [] } },
      'Invalid can_add_subscribers_group',
    ],
    ['an unknown principal', { subscriptions: [{ name: 'Verona' }], principals: [99999] }, 'No such user'],
    [
      'a deactivated principal',
      { subscriptions: [{ name: 'Verona' }], principals: ['ex-employee@svc.test'] },
      'No such user',
    ],
    [
      'a private channel the caller cannot access',
      { subscriptions: [{ name: 'core team' }] },
      'Unable to access channel (core team).',
    ],
    [
      'is_default_stream from a non-administrator',
      { subscriptions: [{ name: 'zz' }], is_default_stream: true },
      'Must be an organization administrator',
    ],
    [
      'message_retention_days from a non-owner',
      { subscriptions: [{ name: 'zz' }], message_retention_days: 30 },
      'Must be an organization owner',
    ],
    [
      'web-public creation without permission',
      { subscriptions: [{ name: 'zz' }], is_web_public: true },
      'Insufficient permission',
    ],
    [
      'subscribing others to a public channel without permission',
      { subscriptions: [{ name: 'Scotland' }], principals: [6] },
      'Insufficient permission',
    ],
  ];
  for (const [what, params, msg] of cases) {
    it(`refuses ${what} and changes nothing`, async () => {
      const ctx = t();
      const as = what.includes('others') || what.includes('private') ? MEMBER2 : MEMBER;
      if (what.includes('others')) ctx.app.store.state.settings.can_add_subscribers_group = 1;
      const before = realmSnapshot(ctx.app);
      const res = await ctx.as(as).post('users/me/subscriptions', params);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
      expect(realmSnapshot(ctx.app)).toEqual(before);
    });
  }

  it('lists refused channels under unauthorized when authorization_errors_fatal is false', async () => {
    const ctx = t();
    const res = await ctx.as(MEMBER2).post('users/me/subscriptions', {
      subscriptions: [{ name: 'core team' }, { name: 'Rome' }],
      authorization_errors_fatal: false,
    });
    expect(res.body).toMatchObject({
      unauthorized: ['core team'],
      subscribed: { [String(id(ctx, MEMBER2))]: ['Rome'] },
    });
  });

  it('lets the owner create web-public, default and retention-limited channels', async () => {
    const ctx = t();
    const res = await ctx.as(OWNER).post('users/me/subscriptions', {
      subscriptions: [{ name: 'webby' }],
      is_web_public: true,
      is_default_stream: true,
      message_retention_days: 'unlimited',
    });
    expect(res.status).toBe(200);
    expect(ctx.app.store.state.channelsByName.get('webby')).toMatchObject({
      is_web_public: true,
      is_default: true,
      message_retention_days: -1,
    });
  });

  it('refuses web-public channels when spectator access is off', async () => {
    const ctx = t();
    ctx.app.store.state.settings.enable_spectator_access = false;
    const res = await ctx
      .as(OWNER)
      .post('users/me/subscriptions', { subscriptions: [{ name: 'w' }], is_web_public: true });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Web-public channels are not enabled.' });
  });

  it('lets a moderator subscribe others by the realm can_add_subscribers_group', async () => {
    const ctx = t();
    const res = await ctx
      .as(MODERATOR)
      .post('users/me/subscriptions', { subscriptions: [{ name: 'Venice' }], principals: [id(ctx, MEMBER)] });
    expect(res.status).toBe(200);
  });
});

describeTransports(
  'POST /users/me/subscriptions before feature level 208',
  (t) => {
    it('answers 403 UNAUTHORIZED_PRINCIPAL for an unknown principal', async () => {
      const ctx = t();
      const before = realmSnapshot(ctx.app);
      const res = await ctx.as(ADMIN).post('users/me/subscriptions', {
        subscriptions: [{ name: 'Verona' }],
        principals: ['nobody@svc.test'],
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL' });
      expect(realmSnapshot(ctx.app)).toEqual(before);
    });

    it('uses the stream wording for names', async () => {
      const res = await t()
        .as(MEMBER)
        .post('users/me/subscriptions', { subscriptions: [{ name: 'y'.repeat(70) }] });
      expect(res.body.msg).toBe('Stream name too long (limit: 60 characters).');
    });
  },
  { featureLevel: 207 },
);
