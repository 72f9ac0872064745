import { expect, it } from 'vitest';
import { apiEmail } from '../../store/users.js';
import { MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { pollNow, registerQueue } from '../../testing/event-queues.js';
import { describeTransports } from '../../testing/transports.js';

describeTransports('POST /typing', (t) => {
  const user = (email: string) => t().app.store.state.usersByEmail.get(email)!;
  const caps = { notification_settings_null: true, stream_typing_notifications: true };

  it('tells every participant of a direct conversation, the sender included', async () => {
    const me = user(MEMBER);
    const other = user(MEMBER2);
    const mine = await registerQueue(t().as(MEMBER));
    const theirs = await registerQueue(t().as(MEMBER2));
    const res = await t()
      .as(MEMBER)
      .post('typing', { op: 'start', to: [other.user_id] });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const expected = {
      type: 'typing',
      op: 'start',
      id: 0,
      message_type: 'direct',
      sender: { user_id: me.user_id, email: apiEmail(t().app.store.state, me) },
      recipients: [me, other]
        .sort((a, b) => a.user_id - b.user_id)
        .map((u) => ({ user_id: u.user_id, email: expect.any(String) })),
    };
    expect((await pollNow(t().as(MEMBER), mine, -1)).body.events).toEqual([expected]);
    expect((await pollNow(t().as(MEMBER2), theirs, -1)).body.events).toEqual([expected]);
  });

  it('sends channel typing only to queues with stream_typing_notifications', async () => {
    const modern = await registerQueue(t().as(MEMBER2), { client_capabilities: caps });
    const old = await registerQueue(t().as(MEMBER2));
    const res = await t()
      .as(MEMBER)
      .post('typing', { type: 'channel', op: 'stop', stream_id: 1, topic: 'x' });
    expect(res.status).toBe(200);
    expect((await pollNow(t().as(MEMBER2), modern, -1)).body.events).toEqual([
      expect.objectContaining({
        type: 'typing',
        op: 'stop',
        message_type: 'stream',
        stream_id: 1,
        topic: 'x',
      }),
    ]);
    expect((await pollNow(t().as(MEMBER2), old, -1)).body.events).toEqual([]);
  });

  it('shows the empty topic by its display name to clients without empty_topic_name', async () => {
    const modern = await registerQueue(t().as(MEMBER2), {
      client_capabilities: { ...caps, empty_topic_name: true },
    });
    const old = await registerQueue(t().as(MEMBER2), { client_capabilities: caps });
    await t().as(MEMBER).post('typing', { type: 'stream', op: 'start', stream_id: 1, topic: '(no topic)' });
    expect((await pollNow(t().as(MEMBER2), modern, -1)).body.events[0].topic).toBe('');
    expect((await pollNow(t().as(MEMBER2), old, -1)).body.events[0].topic).toBe(
      t().app.store.state.settings.empty_topic_display_name,
    );
  });

  for (const [name, params, msg] of [
    ['without to', { op: 'start' }, "Missing 'to' argument"],
    ['with an empty to', { op: 'start', to: [] }, "Empty 'to' list"],
    ['with an unknown user', { op: 'start', to: [9999] }, 'Invalid user ID 9999'],
    ['for a channel without stream_id', { type: 'stream', op: 'start', topic: 'x' }, 'Missing stream_id'],
    ['for a channel without topic', { type: 'stream', op: 'start', stream_id: 1 }, 'Missing topic'],
    [
      'for an unknown channel',
      { type: 'stream', op: 'start', stream_id: 9999, topic: 'x' },
      'Invalid channel ID',
    ],
    ['with type private', { type: 'private', op: 'start', to: [1] }, 'Invalid type'],
    ['with an unknown op', { op: 'typing', to: [1] }, 'Invalid op'],
  ] as const) {
    it(`refuses a notification ${name}, emitting nothing`, async () => {
      const queue = await registerQueue(t().as(MEMBER));
      const res = await t().as(MEMBER).post('typing', params);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
      expect((await pollNow(t().as(MEMBER), queue, -1)).body.events).toEqual([]);
    });
  }

  it('refuses when the user turned off typing notifications', async () => {
    const me = user(MEMBER);
    me.settings.send_private_typing_notifications = false;
    const res = await t()
      .as(MEMBER)
      .post('typing', { op: 'start', to: [user(MEMBER2).user_id] });
    expect(res.body).toEqual({
      result: 'error',
      msg: 'User has disabled typing notifications for direct messages',
      code: 'BAD_REQUEST',
    });
  });
});

describeTransports('presence', (t) => {
  const user = (email: string) => t().app.store.state.usersByEmail.get(email)!;

  it('records presence, tells everyone in the queue’s format, and returns all presences', async () => {
    const legacy = await registerQueue(t().as(MEMBER));
    const modern = await registerQueue(t().as(MEMBER), {
      client_capabilities: { notification_settings_null: true, simplified_presence_events: true },
    });
    const res = await t().as(MEMBER2).post('users/me/presence', { status: 'active', slim_presence: true });
    const now = t().app.store.now();
    const other = user(MEMBER2);
    expect(res.body.presences).toEqual({ [other.user_id]: { active_timestamp: now, idle_timestamp: now } });
    expect((await pollNow(t().as(MEMBER), modern, -1)).body.events).toEqual([
      {
        type: 'presence',
        id: 0,
        presences: { [other.user_id]: { active_timestamp: now, idle_timestamp: now } },
      },
    ]);
    expect((await pollNow(t().as(MEMBER), legacy, -1)).body.events).toEqual([
      {
        type: 'presence',
        id: 0,
        user_id: other.user_id,
        email: expect.any(String),
        server_timestamp: now,
        presence: { website: { client: 'website', status: 'active', timestamp: now, pushable: false } },
      },
    ]);
    const realm = await t().as(MEMBER).get('realm/presence');
    expect(Object.values(realm.body.presences)).toEqual([
      {
        aggregated: { client: 'website', status: 'active', timestamp: now },
        website: { client: 'website', status: 'active', timestamp: now, pushable: false },
      },
    ]);
  });

  it('sends no event for a repeated active ping, and one when the user goes idle', async () => {
    const queue = await registerQueue(t().as(MEMBER));
    await t().as(MEMBER2).post('users/me/presence', { status: 'active', ping_only: true });
    t().clock.advance(60_000);
    await t().as(MEMBER2).post('users/me/presence', { status: 'active', ping_only: true });
    t().clock.advance(120_000);
    await t().as(MEMBER2).post('users/me/presence', { status: 'idle', ping_only: true });
    const events = (await pollNow(t().as(MEMBER), queue, -1)).body.events;
    expect(
      events.map((e: { presence: { website: { status: string } } }) => e.presence.website.status),
    ).toEqual(['active', 'idle']);
  });

  it('refuses an unknown status, recording nothing', async () => {
    const res = await t().as(MEMBER2).post('users/me/presence', { status: 'away' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg: 'Invalid status: away', code: 'BAD_REQUEST' });
    expect((await t().as(MEMBER).get('realm/presence')).body.presences).toEqual({});
  });
});
