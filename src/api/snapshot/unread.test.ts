import { expect, it } from 'vitest';
import { MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';
import { unreadMessages } from './unread.js';

const VERONA = 1;
const DENMARK = 3;
const UNREAD_TYPES = ['message', 'update_message_flags'];

describeTransports('register unread_msgs', (t) => {
  const id = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;
  /** Hamlet starts with nothing unread; Othello sends; returns the new message's id. */
  const fresh = async () => expect((await t().as(MEMBER).post('mark_all_as_read')).status).toBe(200);
  const send = async (params: Record<string, unknown>): Promise<number> => {
    const res = await t().as(MEMBER2).post('messages', params);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id as number;
  };
  const unread = async () =>
    (await t().as(MEMBER).post('register', { event_types: UNREAD_TYPES })).body.unread_msgs;

  it('sorts group conversations by their user id string, as text', async () => {
    await fresh();
    const first = await send({ type: 'direct', to: [id(MEMBER), 9], content: 'a' });
    const second = await send({ type: 'direct', to: [id(MEMBER), 11], content: 'b' });
    expect((await unread()).huddles).toEqual([
      { user_ids_string: '10,11,12', unread_message_ids: [second] },
      { user_ids_string: '9,10,12', unread_message_ids: [first] },
    ]);
  });

  it('groups channel unreads by topic case-insensitively, sorted by the lowercased topic', async () => {
    await fresh();
    const zeta = await send({ type: 'stream', to: VERONA, topic: 'Zeta', content: 'z' });
    const alpha = await send({ type: 'stream', to: VERONA, topic: 'alpha', content: 'a' });
    const alpha2 = await send({ type: 'stream', to: VERONA, topic: 'ALPHA', content: 'A' });
    expect((await unread()).streams).toEqual([
      { stream_id: VERONA, topic: 'alpha', unread_message_ids: [alpha, alpha2] },
      { stream_id: VERONA, topic: 'Zeta', unread_message_ids: [zeta] },
    ]);
  });

  it('leaves out unread messages of channels the user has unsubscribed from', async () => {
    await fresh();
    await send({ type: 'stream', to: DENMARK, topic: 'gone', content: 'x' });
    const kept = await send({ type: 'stream', to: VERONA, topic: 'kept', content: 'y' });
    const res = await t()
      .as(MEMBER)
      .delete('users/me/subscriptions', { subscriptions: ['Denmark'] });
    expect(res.status).toBe(200);
    const u = await unread();
    expect(u.streams).toEqual([{ stream_id: VERONA, topic: 'kept', unread_message_ids: [kept] }]);
    expect(u.count).toBe(1);
  });

  it('keeps muted channels and topics out of count and of wildcard mentions, but not direct mentions', async () => {
    await fresh();
    const me = id(MEMBER);
    // A mention would otherwise make Hamlet follow the muted topic.
    const settings = { automatically_follow_topics_where_mentioned: false };
    expect((await t().as(MEMBER).patch('settings', settings)).status).toBe(200);
    const props = [{ stream_id: DENMARK, property: 'is_muted', value: true }];
    expect(
      (await t().as(MEMBER).post('users/me/subscriptions/properties', { subscription_data: props })).status,
    ).toBe(200);
    const policy = (stream_id: number, topic: string, visibility_policy: number) =>
      t().as(MEMBER).post('user_topics', { stream_id, topic, visibility_policy });
    expect((await policy(VERONA, 'hush', 1)).status).toBe(200);
    expect((await policy(DENMARK, 'loud', 3)).status).toBe(200);
    const mutedChannel = await send({ type: 'stream', to: DENMARK, topic: 'quiet', content: '@**all** x' });
    const mutedTopic = await send({ type: 'stream', to: VERONA, topic: 'hush', content: '@**all** y' });
    const followed = await send({ type: 'stream', to: DENMARK, topic: 'loud', content: '@**all** z' });
    const direct = await send({ type: 'stream', to: VERONA, topic: 'hush', content: '@**King Hamlet** w' });
    const dm = await send({ type: 'direct', to: [me], content: 'dm' });
    const u = await unread();
    expect(u.count).toBe(2); // followed and dm; the other three are muted
    expect([...u.mentions].sort((a: number, b: number) => a - b)).toEqual([followed, direct]);
    expect(u.streams.flatMap((g: { unread_message_ids: number[] }) => g.unread_message_ids).sort()).toEqual(
      [mutedChannel, mutedTopic, followed, direct].sort(),
    );
    expect(u.pms).toEqual([{ other_user_id: id(MEMBER2), sender_id: id(MEMBER2), unread_message_ids: [dm] }]);
  });

  it('reports old_unreads_missing once the cap is reached, keeping the newest', async () => {
    await fresh();
    const ids = [];
    for (const topic of ['a', 'b', 'c'])
      ids.push(await send({ type: 'stream', to: VERONA, topic, content: topic }));
    const { state } = t().app.store;
    const capped = unreadMessages(state, id(MEMBER), { allowEmptyTopicName: true, limit: 2 });
    expect(capped.streams.flatMap((g) => g.unread_message_ids)).toEqual(ids.slice(1));
    expect(capped.old_unreads_missing).toBe(true);
    const exact = unreadMessages(state, id(MEMBER), { allowEmptyTopicName: true, limit: 3 });
    expect(exact.count).toBe(3);
    expect(exact.old_unreads_missing).toBe(true);
    const under = unreadMessages(state, id(MEMBER), { allowEmptyTopicName: true, limit: 4 });
    expect(under.old_unreads_missing).toBe(false);
  });
});
