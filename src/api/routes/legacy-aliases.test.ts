import { expect, it } from 'vitest';
import { MEMBER } from '../../testing/accounts.js';
import { pollNow, registerQueue } from '../../testing/event-queues.js';
import { describeTransports } from '../../testing/transports.js';

describeTransports('legacy endpoint aliases', (t) => {
  const me = () => t().app.store.state.usersByEmail.get(MEMBER)!;
  const verona = () => t().app.store.state.channelsByName.get('verona')!;
  const subscription = () => t().app.store.state.subscriptions.get(me().user_id)!.get(verona().stream_id)!;

  it('PATCH /users/me/subscriptions/{stream_id} changes one property like the properties endpoint', async () => {
    const queue = await registerQueue(t().as(MEMBER), { event_types: ['subscription'] });
    const res = await t()
      .as(MEMBER)
      .patch(`users/me/subscriptions/${verona().stream_id}`, { property: 'pin_to_top', value: true });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect(subscription().pin_to_top).toBe(true);
    const color = await t()
      .as(MEMBER)
      .patch(`users/me/subscriptions/${verona().stream_id}`, { property: 'color', value: '#abcdef' });
    expect(color.status).toBe(200);
    expect(subscription().color).toBe('#abcdef');
    const events = (await pollNow(t().as(MEMBER), queue, -1)).body.events;
    expect(events.map((e: { property: string; value: unknown }) => [e.property, e.value])).toEqual([
      ['pin_to_top', true],
      ['color', '#abcdef'],
    ]);
  });

  it('PATCH /users/me/subscriptions/{stream_id} refuses what the properties endpoint refuses', async () => {
    const before = JSON.stringify(subscription());
    const res = await t()
      .as(MEMBER)
      .patch(`users/me/subscriptions/${verona().stream_id}`, { property: 'volume', value: true });
    expect(res.body).toEqual({
      result: 'error',
      msg: 'Unknown subscription property: volume',
      code: 'BAD_REQUEST',
    });
    expect(JSON.stringify(subscription())).toBe(before);
  });

  for (const path of ['settings/display', 'settings/notifications']) {
    it(`PATCH /${path} changes settings like PATCH /settings`, async () => {
      const res = await t().as(MEMBER).patch(path, { enter_sends: false, enable_sounds: false });
      expect(res.body).toEqual({ result: 'success', msg: '' });
      expect(me().settings).toMatchObject({ enter_sends: false, enable_sounds: false });
    });
  }

  it('PATCH /users/me/subscriptions/muted_topics mutes and unmutes a topic by channel name or id', async () => {
    const policy = () =>
      t().app.store.state.userTopics.get(`${me().user_id}\u0000${verona().stream_id}\u0000lunch`)
        ?.visibility_policy;
    const add = await t()
      .as(MEMBER)
      .patch('users/me/subscriptions/muted_topics', { stream: 'Verona', topic: 'Lunch', op: 'add' });
    expect(add.body).toEqual({ result: 'success', msg: '' });
    expect(policy()).toBe(1);
    // Muting again succeeds from feature level 169.
    const again = await t().as(MEMBER).patch('users/me/subscriptions/muted_topics', {
      stream_id: verona().stream_id,
      topic: 'lunch',
      op: 'add',
    });
    expect(again.status).toBe(200);
    const remove = await t().as(MEMBER).patch('users/me/subscriptions/muted_topics', {
      stream_id: verona().stream_id,
      topic: 'lunch',
      op: 'remove',
    });
    expect(remove.status).toBe(200);
    expect(policy()).toBeUndefined();
  });

  const refused: Array<[string, Record<string, unknown>, string]> = [
    ['neither stream nor stream_id', { topic: 'x', op: 'add' }, "Please supply 'stream'."],
    [
      'both stream and stream_id',
      { stream: 'Verona', stream_id: 1, topic: 'x', op: 'add' },
      "Please choose one: 'stream' or 'stream_id'.",
    ],
    [
      'an unknown channel name',
      { stream: 'Nowhere', topic: 'x', op: 'add' },
      "Invalid channel name 'Nowhere'",
    ],
    ['unmuting in an unknown channel', { stream_id: 99999, topic: 'x', op: 'remove' }, 'Topic is not muted'],
  ];
  for (const [what, params, msg] of refused) {
    it(`PATCH /users/me/subscriptions/muted_topics refuses ${what}`, async () => {
      const before = t().app.store.state.userTopics.size;
      const res = await t().as(MEMBER).patch('users/me/subscriptions/muted_topics', params);
      expect(res.body).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
      expect(t().app.store.state.userTopics.size).toBe(before);
    });
  }
});

describeTransports(
  'deprecated topic muting at feature level 168',
  (t) => {
    it('refuses muting a muted topic and unmuting an unmuted one', async () => {
      const mute = (op: string) =>
        t().as(MEMBER).patch('users/me/subscriptions/muted_topics', { stream: 'Verona', topic: 'tea', op });
      expect((await mute('remove')).body.msg).toBe('Topic is not muted');
      expect((await mute('add')).status).toBe(200);
      expect((await mute('add')).body.msg).toBe('Topic already muted');
    });
  },
  { featureLevel: 168 },
);

describeTransports(
  'deprecated topic muting at feature level 169',
  (t) => {
    it('accepts muting a muted topic and unmuting an unmuted one', async () => {
      const mute = (op: string) =>
        t().as(MEMBER).patch('users/me/subscriptions/muted_topics', { stream: 'Verona', topic: 'tea', op });
      expect((await mute('remove')).status).toBe(200);
      expect((await mute('add')).status).toBe(200);
      expect((await mute('add')).status).toBe(200);
    });
  },
  { featureLevel: 169 },
);
