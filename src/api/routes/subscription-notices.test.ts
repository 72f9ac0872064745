import { expect, it } from 'vitest';
import { ADMIN, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { pollNow, registerQueue } from '../../testing/event-queues.js';
import { describeTransports } from '../../testing/transports.js';

describeTransports('Notification Bot notices of subscribing', (t) => {
  it('posts the channel-created message and, with announce, the announcement', async () => {
    const ctx = t();
    const { state } = ctx.app.store;
    const me = state.usersByEmail.get(MEMBER)!;
    await ctx
      .as(MEMBER)
      .post('users/me/subscriptions', { subscriptions: [{ name: 'brand new' }], announce: true });
    const channel = state.channelsByName.get('brand new')!;
    const first = state.messages.get(state.index.byChannel.get(channel.stream_id)![0]!)!;
    expect(first).toMatchObject({
      topic: 'channel events',
      content: `**Public** channel created by @_**${me.full_name}|${me.user_id}**. **Description:**\n\`\`\`\` quote\n*No description.*\n\`\`\`\``,
    });
    expect(state.index.flags.get(me.user_id)!.get(first.id)! & 1).toBe(1);
    const announceId = state.settings.new_stream_announcements_stream_id as number;
    const last = state.index.byChannel.get(announceId)!.at(-1)!;
    expect(state.messages.get(last)).toMatchObject({
      topic: 'new channels',
      content: `@_**${me.full_name}|${me.user_id}** created a new channel #**brand new**.`,
    });
    const res = await ctx.as(MEMBER).get(`streams/${channel.stream_id}`);
    expect(res.body.stream.first_message_id).toBe(first.id);
  });

  it('delivers the channel-created notice to its creator already read, as the stored flags say', async () => {
    const ctx = t();
    const { state } = ctx.app.store;
    const me = state.usersByEmail.get(MEMBER)!;
    const client = ctx.as(MEMBER);
    const queueId = await registerQueue(client, { event_types: ['message'] });
    await client.post('users/me/subscriptions', { subscriptions: [{ name: 'read at once' }] });
    const channel = state.channelsByName.get('read at once')!;
    const [notice] = (await pollNow(client, queueId, -1)).body.events;
    expect(notice).toMatchObject({ type: 'message', message: { stream_id: channel.stream_id } });
    expect(notice.flags).toContain('read');
    expect(state.index.flags.get(me.user_id)!.get(notice.message.id)! & 1).toBe(1);
  });

  it('sends "subscribed you to" direct messages to users subscribed by someone else', async () => {
    const ctx = t();
    const { state } = ctx.app.store;
    const admin = state.usersByEmail.get(ADMIN)!;
    const other = state.usersByEmail.get(MEMBER2)!;
    const res = await ctx.as(ADMIN).post('users/me/subscriptions', {
      subscriptions: [{ name: 'Rome' }],
      principals: [other.user_id],
      send_new_subscription_messages: true,
    });
    expect(res.body.new_subscription_messages_sent).toBe(true);
    const dm = state.messages.get(state.index.byUser.get(other.user_id)!.at(-1)!)!;
    expect(dm).toMatchObject({
      type: 'private',
      content: `@**${admin.full_name}|${admin.user_id}** subscribed you to the channel #**Rome**.`,
    });
  });
});
