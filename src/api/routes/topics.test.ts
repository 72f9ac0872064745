import { expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { mutableMessage } from '../../store/seed-state.js';
import { describeTransports } from '../../testing/transports.js';
import { realmSnapshot } from './realm-snapshot.test-util.js';

describeTransports('GET /users/me/{stream_id}/topics', (t) => {
  it('lists topics newest first with max_id and the empty topic under its display name', async () => {
    const ctx = t();
    const { state } = ctx.app.store;
    const res = await ctx.as(MEMBER).get('users/me/1/topics');
    const ids = res.body.topics.map((x: { max_id: number }) => x.max_id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const empty = res.body.topics.find((x: { name: string }) => x.name === 'general chat');
    expect(empty.max_id).toBe(state.index.byTopic.get('1\u0000')!.at(-1));
    const raw = await ctx.as(MEMBER).get('users/me/1/topics', { allow_empty_topic_name: true });
    expect(raw.body.topics.some((x: { name: string }) => x.name === '')).toBe(true);
  });

  it('spells a topic as its newest message does', async () => {
    const ctx = t();
    const { state } = ctx.app.store;
    const lastId = state.index.byTopic.get('3\u0000castle')!.at(-1)!;
    mutableMessage(state, lastId).topic = 'CASTLE';
    const res = await ctx.as(MEMBER).get('users/me/3/topics');
    expect(res.body.topics.find((x: { max_id: number }) => x.max_id === lastId).name).toBe('CASTLE');
  });

  it('shows protected-history topics only from the subscription on', async () => {
    const ctx = t();
    const { state } = ctx.app.store;
    const me = state.usersByEmail.get(MEMBER)!.user_id;
    const all = (await ctx.as(ADMIN).get('users/me/2/topics')).body.topics;
    const sub = state.subscriptions.get(me)!.get(2)!;
    const hiring = state.index.byTopic.get('2\u0000hiring')!;
    const cut = state.messages.get(hiring.at(-1)!)!.timestamp;
    sub.date_subscribed = cut;
    for (const id of [...state.index.byTopic.entries()]
      .filter(([k]) => k.startsWith('2\u0000'))
      .flatMap(([, v]) => v)
      .filter((id) => state.messages.get(id)!.timestamp < cut))
      state.index.flags.get(me)?.delete(id);
    const mine = (await ctx.as(MEMBER).get('users/me/2/topics')).body.topics;
    expect(all.length).toBeGreaterThan(1);
    expect(mine.every((x: { max_id: number }) => state.messages.get(x.max_id)!.timestamp >= cut)).toBe(true);
    expect(mine.map((x: { name: string }) => x.name)).toContain('hiring');
  });

  it('hides a protected-history topic posted just before the subscription, even in the same second', async () => {
    const ctx = t();
    const admin = ctx.as(ADMIN);
    await admin.post('users/me/subscriptions', { subscriptions: [{ name: 'vault' }], invite_only: true });
    const id = (await admin.get('get_stream_id', { stream: 'vault' })).body.stream_id;
    const before = await admin.post('messages', { type: 'channel', to: id, topic: 'before', content: 'a' });
    const me = ctx.app.store.state.usersByEmail.get(MEMBER)!.user_id;
    await admin.post('users/me/subscriptions', { subscriptions: [{ name: 'vault' }], principals: [me] });
    const after = await admin.post('messages', { type: 'channel', to: id, topic: 'after', content: 'b' });
    const mine = (await ctx.as(MEMBER).get(`users/me/${id}/topics`)).body.topics;
    expect(mine).toEqual([{ name: 'after', max_id: after.body.id }]);
    const all = (await admin.get(`users/me/${id}/topics`)).body.topics;
    expect(all.map((x: { max_id: number }) => x.max_id)).toContain(before.body.id);
  });

  it('answers Invalid channel ID for an inaccessible channel', async () => {
    const ctx = t();
    for (const [as, id] of [
      [MEMBER2, 2],
      [GUEST, 3],
      [MEMBER, 999],
    ] as const) {
      const res = await ctx.as(as).get(`users/me/${id}/topics`);
      expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
    }
  });
});

describeTransports('POST /user_topics', (t) => {
  it('stores the policy and emits the legacy muted_topics list, then user_topic, to the caller; 0 removes it', async () => {
    const ctx = t();
    const { store } = ctx.app;
    const me = store.state.usersByEmail.get(MEMBER)!.user_id;
    const start = store.journal.length;
    await ctx.as(MEMBER).post('user_topics', { stream_id: 3, topic: 'castle', visibility_policy: 3 });
    expect(store.journal[start]).toEqual({
      users: [me],
      event: { type: 'muted_topics', muted_topics: [['Verona', 'coffee machine', 1763000000]] },
    });
    expect(store.journal[start + 1]).toEqual({
      users: [me],
      event: {
        type: 'user_topic',
        stream_id: 3,
        topic_name: 'castle',
        last_updated: store.now(),
        visibility_policy: 3,
      },
    });
    expect(
      [...store.state.userTopics.values()].some((x) => x.user_id === me && x.visibility_policy === 3),
    ).toBe(true);
    const muting = store.journal.length;
    await ctx.as(MEMBER).post('user_topics', { stream_id: 3, topic: 'castle', visibility_policy: 1 });
    expect(store.journal[muting]?.event).toEqual({
      type: 'muted_topics',
      muted_topics: [
        ['Verona', 'coffee machine', 1763000000],
        [store.state.channels.get(3)!.name, 'castle', store.now()],
      ],
    });
    await ctx.as(MEMBER).post('user_topics', { stream_id: 3, topic: 'castle', visibility_policy: 0 });
    expect(
      [...store.state.userTopics.values()].some((x) => x.user_id === me && x.topic_name === 'castle'),
    ).toBe(false);
  });

  it('refuses a policy outside 0–3 and inaccessible channels, changing nothing', async () => {
    const ctx = t();
    const before = realmSnapshot(ctx.app);
    const bad = await ctx.as(MEMBER).post('user_topics', { stream_id: 3, topic: 'x', visibility_policy: 7 });
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid visibility_policy' });
    const hidden = await ctx
      .as(MEMBER2)
      .post('user_topics', { stream_id: 2, topic: 'x', visibility_policy: 1 });
    expect(hidden.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
    expect(realmSnapshot(ctx.app)).toEqual(before);
  });
});
