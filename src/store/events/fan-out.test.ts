import { expect, it } from 'vitest';
import { ADMIN, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { pollNow, registerQueue } from '../../testing/event-queues.js';
import { describeTransports } from '../../testing/transports.js';

const NULL_OK = { notification_settings_null: true };

describeTransports('event fan-out per queue', (t) => {
  const user = (email: string) => t().app.store.state.usersByEmail.get(email)!;
  const events = async (email: string, queueId: string) =>
    (await pollNow(t().as(email), queueId, -1)).body.events;
  const send = (email: string, to: string, topic = 'fan') =>
    t().as(email).post('messages', { type: 'stream', to, topic, content: 'hi' });

  it('gives each message its own event when messages follow one another, in every viewer shape', async () => {
    const markdown = await registerQueue(t().as(MEMBER2), { apply_markdown: true });
    const raw = await registerQueue(t().as(MEMBER2), { apply_markdown: false });
    const ids: number[] = [];
    for (const content of ['one', 'two **2**', 'three']) {
      const res = await t()
        .as(MEMBER)
        .post('messages', { type: 'stream', to: 'Verona', topic: 'fan', content });
      ids.push(res.body.id);
    }
    const seen = async (queueId: string) =>
      (await events(MEMBER2, queueId)).map((e: { message: { id: number; content: string } }) => [
        e.message.id,
        e.message.content,
      ]);
    expect(await seen(markdown)).toEqual([
      [ids[0], '<p>one</p>'],
      [ids[1], '<p>two <strong>2</strong></p>'],
      [ids[2], '<p>three</p>'],
    ]);
    expect(await seen(raw)).toEqual([
      [ids[0], 'one'],
      [ids[1], 'two **2**'],
      [ids[2], 'three'],
    ]);
  });

  it('gives narrowed queues only the messages that match their narrow', async () => {
    const verona = await registerQueue(t().as(MEMBER2), { narrow: [['channel', 'verona']] });
    const dms = await registerQueue(t().as(MEMBER2), { narrow: [['is', 'dm']] });
    const all = await registerQueue(t().as(MEMBER2));
    await send(MEMBER, 'Verona');
    await t()
      .as(MEMBER)
      .post('messages', { type: 'direct', to: [user(MEMBER2).user_id], content: 'psst' });
    expect((await events(MEMBER2, verona)).map((e: { message: { type: string } }) => e.message.type)).toEqual(
      ['stream'],
    );
    expect((await events(MEMBER2, dms)).map((e: { message: { type: string } }) => e.message.type)).toEqual([
      'private',
    ]);
    expect(await events(MEMBER2, all)).toHaveLength(2);
  });

  it('gives all_public_streams queues public-channel messages of unsubscribed channels, unread-less', async () => {
    const { state } = t().app.store;
    const other = user(MEMBER2);
    const channel = [...state.channels.values()].find(
      (c) => !c.invite_only && !c.is_archived && !state.subscribers.get(c.stream_id)?.has(other.user_id),
    )!;
    const everything = await registerQueue(t().as(MEMBER2), { all_public_streams: true });
    const normal = await registerQueue(t().as(MEMBER2));
    expect((await send(ADMIN, channel.name)).status).toBe(200);
    expect(await events(MEMBER2, everything)).toEqual([
      expect.objectContaining({
        type: 'message',
        flags: [],
        message: expect.objectContaining({ stream_id: channel.stream_id }),
      }),
    ]);
    expect(await events(MEMBER2, normal)).toEqual([]);
  });

  it('splits bulk deletions for queues without bulk_message_deletion', async () => {
    const bulk = await registerQueue(t().as(MEMBER), {
      client_capabilities: { ...NULL_OK, bulk_message_deletion: true },
    });
    const single = await registerQueue(t().as(MEMBER));
    const deletion = {
      type: 'delete_message',
      message_ids: [3, 4],
      message_type: 'stream',
      stream_id: 1,
      topic: 'x',
    };
    t().app.store.emit([user(MEMBER).user_id], deletion);
    expect(await events(MEMBER, bulk)).toEqual([{ ...deletion, id: 0 }]);
    expect(await events(MEMBER, single)).toEqual([
      { type: 'delete_message', message_id: 3, message_type: 'stream', stream_id: 1, topic: 'x', id: 0 },
      { type: 'delete_message', message_id: 4, message_type: 'stream', stream_id: 1, topic: 'x', id: 1 },
    ]);
  });

  it('turns archiving into stream deletion for queues without archived_channels', async () => {
    const modern = await registerQueue(t().as(MEMBER), {
      client_capabilities: { ...NULL_OK, archived_channels: true },
    });
    const old = await registerQueue(t().as(MEMBER));
    const update = {
      type: 'stream',
      op: 'update',
      stream_id: 1,
      name: 'Verona',
      property: 'is_archived',
      value: true,
    };
    t().app.store.emit([user(MEMBER).user_id], update);
    expect(await events(MEMBER, modern)).toEqual([{ ...update, id: 0 }]);
    expect(await events(MEMBER, old)).toEqual([
      {
        type: 'stream',
        op: 'delete',
        id: 0,
        stream_ids: [1],
        streams: [expect.objectContaining({ stream_id: 1, name: 'Verona' })],
      },
    ]);
  });

  it('turns group deactivation into removal for queues without include_deactivated_groups', async () => {
    const modern = await registerQueue(t().as(MEMBER), {
      client_capabilities: { ...NULL_OK, include_deactivated_groups: true },
    });
    const old = await registerQueue(t().as(MEMBER));
    const update = { type: 'user_group', op: 'update', group_id: 20, data: { deactivated: true } };
    t().app.store.emit([user(MEMBER).user_id], update);
    expect(await events(MEMBER, modern)).toEqual([{ ...update, id: 0 }]);
    expect(await events(MEMBER, old)).toEqual([{ type: 'user_group', op: 'remove', group_id: 20, id: 0 }]);
  });

  it('replaces inherited (null) notification settings for queues without notification_settings_null', async () => {
    const modern = await registerQueue(t().as(MEMBER), { client_capabilities: NULL_OK });
    const old = await registerQueue(t().as(MEMBER));
    const update = {
      type: 'subscription',
      op: 'update',
      stream_id: 1,
      property: 'push_notifications',
      value: null,
    };
    t().app.store.emit([user(MEMBER).user_id], update);
    expect(await events(MEMBER, modern)).toEqual([{ ...update, id: 0 }]);
    expect(await events(MEMBER, old)).toEqual([
      { ...update, value: user(MEMBER).settings.enable_stream_push_notifications, id: 0 },
    ]);
  });

  it('delivers only the event types a queue asked for, and never internal hints', async () => {
    const onlyTopics = await registerQueue(t().as(MEMBER), { event_types: ['user_topic'] });
    t().app.store.emit([user(MEMBER).user_id], { type: 'alert_words', alert_words: [] });
    t().app.store.emit([user(MEMBER).user_id], {
      type: 'user_topic',
      stream_id: 1,
      topic_name: 'x',
      last_updated: 1,
      visibility_policy: 1,
      $hint: 'internal',
    });
    expect(await events(MEMBER, onlyTopics)).toEqual([
      { type: 'user_topic', stream_id: 1, topic_name: 'x', last_updated: 1, visibility_policy: 1, id: 0 },
    ]);
  });

  it('reaches only the audience’s queues', async () => {
    const mine = await registerQueue(t().as(MEMBER));
    const theirs = await registerQueue(t().as(MEMBER2));
    t().app.store.emit([user(MEMBER).user_id], { type: 'alert_words', alert_words: ['x'] });
    expect(await events(MEMBER, mine)).toHaveLength(1);
    expect(await events(MEMBER2, theirs)).toEqual([]);
  });
});
