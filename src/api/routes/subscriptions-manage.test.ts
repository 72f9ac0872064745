import { expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';
import { realmSnapshot } from './realm-snapshot.test-util.js';

const events = (
  ctx: { app: { store: { journal: Array<{ users: readonly number[]; event: unknown }> } } },
  from: number,
) =>
  ctx.app.store.journal
    .slice(from)
    .map((e) => ({ users: e.users, event: e.event as Record<string, unknown> }));

describeTransports('DELETE /users/me/subscriptions', (t) => {
  it('removes the caller and lists channels they were not subscribed to', async () => {
    const ctx = t();
    const me = ctx.app.store.state.usersByEmail.get(MEMBER)!.user_id;
    const start = ctx.app.store.journal.length;
    const res = await ctx
      .as(MEMBER)
      .delete('users/me/subscriptions', { subscriptions: ['Denmark', 'Scotland'] });
    expect(res.body).toMatchObject({ removed: ['Denmark'], not_removed: ['Scotland'] });
    expect(ctx.app.store.state.subscribers.get(3)!.has(me)).toBe(false);
    const evs = events(ctx, start);
    expect(evs[0]).toEqual({
      users: [me],
      event: { type: 'subscription', op: 'remove', subscriptions: [{ stream_id: 3, name: 'Denmark' }] },
    });
    expect(evs[1]!.event).toMatchObject({ op: 'peer_remove', stream_ids: [3], user_ids: [me] });
  });

  it('lets administrators remove others and refuses members without can_remove_subscribers_group', async () => {
    const ctx = t();
    const other = ctx.app.store.state.usersByEmail.get(MEMBER2)!.user_id;
    const before = realmSnapshot(ctx.app);
    const refused = await ctx
      .as(MEMBER)
      .delete('users/me/subscriptions', { subscriptions: ['Denmark'], principals: [other] });
    expect(refused.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    expect(realmSnapshot(ctx.app)).toEqual(before);
    const ok = await ctx
      .as(ADMIN)
      .delete('users/me/subscriptions', { subscriptions: ['Denmark'], principals: [other] });
    expect(ok.body.removed).toEqual(['Denmark']);
  });

  it('answers STREAM_DOES_NOT_EXIST for an unknown or invisible channel name', async () => {
    const ctx = t();
    const before = realmSnapshot(ctx.app);
    for (const name of ['Atlantis', 'core team']) {
      const res = await ctx.as(MEMBER2).delete('users/me/subscriptions', { subscriptions: [name] });
      expect(res.body).toEqual({
        result: 'error',
        code: 'STREAM_DOES_NOT_EXIST',
        msg: `Channel '${name}' does not exist`,
        stream: name,
      });
    }
    expect(realmSnapshot(ctx.app)).toEqual(before);
  });
});

describeTransports('GET /users/me/subscriptions', (t) => {
  it('lists active subscriptions sorted by name, without archived channels, with subscribers on request', async () => {
    const ctx = t();
    const plain = await ctx.as(MEMBER).get('users/me/subscriptions');
    const names = plain.body.subscriptions.map((s: { name: string }) => s.name);
    expect(names).toEqual(['Denmark', 'Rome', 'Verona', 'announce', 'core team', 'devel']);
    expect(plain.body.subscriptions[0].subscribers).toBeUndefined();
    const full = await ctx.as(MEMBER).get('users/me/subscriptions', { include_subscribers: true });
    for (const sub of full.body.subscriptions) expect(sub.subscribers).toHaveLength(sub.subscriber_count);
  });
});

describeTransports('POST /users/me/subscriptions/properties', (t) => {
  it('changes colour, pin and notification settings, null meaning inherit', async () => {
    const ctx = t();
    const me = ctx.app.store.state.usersByEmail.get(MEMBER)!.user_id;
    const res = await ctx.as(MEMBER).post('users/me/subscriptions/properties', {
      subscription_data: [
        { stream_id: 1, property: 'color', value: '#ABCDEF' },
        { stream_id: 1, property: 'pin_to_top', value: true },
        { stream_id: 1, property: 'desktop_notifications', value: false },
        { stream_id: 1, property: 'desktop_notifications', value: null },
      ],
    });
    expect(res.status).toBe(200);
    expect(ctx.app.store.state.subscriptions.get(me)!.get(1)).toMatchObject({
      color: '#abcdef',
      pin_to_top: true,
      desktop_notifications: null,
    });
  });

  it('sends the legacy in_home_view event before is_muted, for both spellings', async () => {
    const ctx = t();
    for (const [property, value, muted] of [
      ['is_muted', true, true],
      ['in_home_view', true, false],
    ] as const) {
      const start = ctx.app.store.journal.length;
      await ctx.as(MEMBER).post('users/me/subscriptions/properties', {
        subscription_data: [{ stream_id: 1, property, value }],
      });
      expect(events(ctx, start).map((e) => [e.event.property, e.event.value])).toEqual([
        ['in_home_view', !muted],
        ['is_muted', muted],
      ]);
    }
  });

  it('refuses unknown properties, unsubscribed channels and wrong types without changing anything', async () => {
    const ctx = t();
    const before = realmSnapshot(ctx.app);
    const cases: Array<[unknown, string]> = [
      [{ stream_id: 1, property: 'volume', value: true }, 'Unknown subscription property: volume'],
      [{ stream_id: 5, property: 'pin_to_top', value: true }, 'Not subscribed to channel id 5'],
      // A private channel the member is not in, and one that does not exist: not revealed.
      [{ stream_id: 8, property: 'pin_to_top', value: true }, 'Invalid channel ID'],
      [{ stream_id: 999, property: 'pin_to_top', value: true }, 'Invalid channel ID'],
      [{ stream_id: 1, property: 'pin_to_top', value: 'yes' }, 'pin_to_top is not a boolean'],
      [{ stream_id: 1, property: 'color', value: 'red' }, 'Invalid color'],
    ];
    for (const [item, msg] of cases) {
      const res = await ctx.as(MEMBER).post('users/me/subscriptions/properties', {
        subscription_data: [{ stream_id: 1, property: 'pin_to_top', value: true }, item],
      });
      expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
    }
    expect(realmSnapshot(ctx.app)).toEqual(before);
  });
});

describeTransports('channel membership lookups', (t) => {
  it('GET /streams/{id}/members lists subscribers; private channels are invisible to outsiders', async () => {
    const ctx = t();
    const res = await ctx.as(MEMBER).get('streams/2/members');
    expect(res.body.subscribers).toEqual([...ctx.app.store.state.subscribers.get(2)!].sort((a, b) => a - b));
    const refused = await ctx.as(MEMBER2).get('streams/2/members');
    expect(refused.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
    const admin = await ctx.as(ADMIN).get('streams/2/members');
    expect(admin.status).toBe(200);
  });

  it('GET /users/{id}/subscriptions/{stream_id} answers is_subscribed', async () => {
    const ctx = t();
    const me = ctx.app.store.state.usersByEmail.get(MEMBER)!.user_id;
    expect((await ctx.as(MEMBER2).get(`users/${me}/subscriptions/3`)).body.is_subscribed).toBe(true);
    expect((await ctx.as(MEMBER2).get(`users/${me}/subscriptions/5`)).body.is_subscribed).toBe(false);
    expect((await ctx.as(MEMBER2).get(`users/99999/subscriptions/5`)).body.msg).toBe('No such user');
  });

  it('GET /get_stream_id finds a channel by name and refuses unknown names', async () => {
    const ctx = t();
    expect((await ctx.as(MEMBER).get('get_stream_id', { stream: 'Denmark' })).body.stream_id).toBe(3);
    const bad = await ctx.as(GUEST).get('get_stream_id', { stream: 'core team' });
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST', msg: "Invalid channel name 'core team'" });
  });
});
