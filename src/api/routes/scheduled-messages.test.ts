import { expect, it } from 'vitest';
import { ADMIN, MEMBER, MEMBER2, NOTIFICATION_BOT } from '../../testing/accounts.js';
import { describeTransports, TEST_START_MS } from '../../testing/transports.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary event payloads
type Ev = Record<string, any>;

const NOW = TEST_START_MS / 1000;
const DENMARK = 3;

describeTransports('scheduled messages', (t) => {
  const events = (type: string): Ev[] =>
    t().app.store.journal.flatMap((e) =>
      typeof e.event !== 'function' && e.event.type === type ? [{ users: e.users, ...e.event }] : [],
    );
  const state = () => t().app.store.state;
  const idOf = (email: string) => state().usersByEmail.get(email)!.user_id;
  const snapshot = () => JSON.stringify([...state().scheduledMessages.values()]);
  const schedule = (params: Record<string, unknown> = {}) =>
    t()
      .as(MEMBER)
      .post('scheduled_messages', {
        type: 'stream',
        to: DENMARK,
        topic: 'plans',
        content: 'Hello **later**',
        scheduled_delivery_timestamp: NOW + 3600,
        ...params,
      });
  const newest = async (email: string) => {
    const res = await t().as(email).get('messages', { anchor: 'newest', num_before: 1, num_after: 0 });
    return res.body.messages[0];
  };

  it('lists the fixture’s pending message', async () => {
    const res = await t().as(MEMBER).get('scheduled_messages');
    expect(res.body.scheduled_messages).toEqual([
      {
        scheduled_message_id: 1,
        type: 'stream',
        to: DENMARK,
        topic: 'Elsinore',
        content: 'Happy new decade from Elsinore!',
        rendered_content: '<p>Happy new decade from Elsinore!</p>',
        scheduled_delivery_timestamp: 1893456000,
        failed: false,
      },
    ]);
  });

  it('schedules a channel message, emits scheduled_messages/add and lists it soonest first', async () => {
    const res = await schedule();
    expect(res.status).toBe(200);
    const id = res.body.scheduled_message_id;
    const list = (await t().as(MEMBER).get('scheduled_messages')).body.scheduled_messages;
    expect(list.map((s: { scheduled_message_id: number }) => s.scheduled_message_id)).toEqual([id, 1]);
    expect(events('scheduled_messages')).toEqual([
      { users: [idOf(MEMBER)], type: 'scheduled_messages', op: 'add', scheduled_messages: [list[0]] },
    ]);
    expect(list[0]).toMatchObject({ type: 'stream', to: DENMARK, topic: 'plans', failed: false });
  });

  it('schedules a direct message with the other participants as `to`', async () => {
    const res = await schedule({ type: 'direct', to: [idOf(MEMBER2), idOf(MEMBER)], topic: undefined });
    const record = state().scheduledMessages.get(res.body.scheduled_message_id)!;
    const list = (await t().as(MEMBER).get('scheduled_messages')).body.scheduled_messages;
    expect(list[0]).toMatchObject({ type: 'private', to: [idOf(MEMBER2)] });
    expect(list[0].topic).toBeUndefined();
    expect(record.type).toBe('private');
  });

  const refusals: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    [
      'a delivery time in the past',
      { scheduled_delivery_timestamp: NOW },
      { msg: 'Scheduled delivery time must be in the future.' },
    ],
    [
      'an unknown channel',
      { to: 999 },
      { code: 'STREAM_DOES_NOT_EXIST', msg: "Channel with ID '999' does not exist", stream_id: 999 },
    ],
    ['two channels', { to: [3, 4] }, { msg: 'Cannot send to multiple channels' }],
    ['a channel message without topic', { topic: undefined }, { msg: 'Missing topic' }],
    ['empty content', { content: ' \n ' }, { msg: 'Message must not be empty' }],
    [
      'a private channel the sender is not in',
      { to: 8 },
      { msg: "Not authorized to send to channel 'design'" },
    ],
    ['an archived channel', { to: 10 }, { msg: "Not authorized to send to channel 'old-projects'" }],
    ['an unknown user', { type: 'direct', to: [999] }, { msg: 'Invalid user ID 999' }],
    [
      'a deactivated user',
      { type: 'private', to: [18] },
      { msg: "'ex-employee@svc.test' is no longer using Svc." },
    ],
  ];
  for (const [what, params, body] of refusals) {
    it(`refuses ${what}`, async () => {
      const before = snapshot();
      const res = await schedule(params);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', ...body });
      expect(snapshot()).toBe(before);
      expect(events('scheduled_messages')).toEqual([]);
    });
  }

  it('edits content and time, emits scheduled_messages/update and re-arms delivery', async () => {
    const id = (await schedule()).body.scheduled_message_id;
    const res = await t()
      .as(MEMBER)
      .patch(`scheduled_messages/${id}`, { content: 'Edited', scheduled_delivery_timestamp: NOW + 7200 });
    expect(res.status).toBe(200);
    const update = events('scheduled_messages').at(-1)!;
    expect(update).toMatchObject({
      op: 'update',
      scheduled_message: {
        scheduled_message_id: id,
        content: 'Edited',
        scheduled_delivery_timestamp: NOW + 7200,
      },
    });
    t().clock.advance(3601 * 1000);
    expect(state().scheduledMessages.get(id)!.delivered_message_id).toBeNull();
    t().clock.advance(3600 * 1000);
    expect(state().scheduledMessages.get(id)!.delivered_message_id).not.toBeNull();
  });

  it('changes a channel message into a direct message and back', async () => {
    const id = (await schedule()).body.scheduled_message_id;
    await t()
      .as(MEMBER)
      .patch(`scheduled_messages/${id}`, { type: 'direct', to: [idOf(MEMBER2)] });
    expect(state().scheduledMessages.get(id)).toMatchObject({
      type: 'private',
      to: [idOf(MEMBER2)],
      topic: '',
    });
    await t().as(MEMBER).patch(`scheduled_messages/${id}`, { type: 'channel', to: 4, topic: 'back' });
    expect(state().scheduledMessages.get(id)).toMatchObject({ type: 'stream', to: 4, topic: 'back' });
  });

  const patchRefusals: Array<[string, Record<string, unknown>, number, Record<string, unknown>]> = [
    ['nothing to change', {}, 400, { msg: 'Nothing to change' }],
    [
      'a type change without recipients',
      { type: 'direct' },
      400,
      { msg: 'Recipient required when updating type of scheduled message.' },
    ],
    [
      'a change to a channel without topic',
      { type: 'stream', to: 4 },
      400,
      { msg: 'Topic required when updating scheduled message type to channel.' },
    ],
    [
      'a past delivery time',
      { scheduled_delivery_timestamp: NOW - 1 },
      400,
      { msg: 'Scheduled delivery time must be in the future.' },
    ],
    ['an unknown channel', { to: 999 }, 400, { code: 'STREAM_DOES_NOT_EXIST', stream_id: 999 }],
    ['an unknown user', { type: 'direct', to: [999] }, 400, { msg: 'Invalid user ID 999' }],
  ];
  for (const [what, params, status, body] of patchRefusals) {
    it(`refuses an edit with ${what}`, async () => {
      const before = snapshot();
      const res = await t().as(MEMBER).patch('scheduled_messages/1', params);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', ...body });
      expect(snapshot()).toBe(before);
    });
  }

  it('answers 404 for another user’s or an unknown scheduled message', async () => {
    for (const res of [
      await t().as(ADMIN).patch('scheduled_messages/1', { content: 'x' }),
      await t().as(MEMBER).patch('scheduled_messages/99', { content: 'x' }),
      await t().as(ADMIN).delete('scheduled_messages/1'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Scheduled message does not exist' });
    }
    expect(state().scheduledMessages.has(1)).toBe(true);
  });

  it('deletes a scheduled message, emits scheduled_messages/remove and never delivers it', async () => {
    const id = (await schedule()).body.scheduled_message_id;
    expect((await t().as(MEMBER).delete(`scheduled_messages/${id}`)).status).toBe(200);
    expect(events('scheduled_messages').at(-1)).toEqual({
      users: [idOf(MEMBER)],
      type: 'scheduled_messages',
      op: 'remove',
      scheduled_message_id: id,
    });
    const messages = state().messages.size;
    t().clock.advance(7200 * 1000);
    expect(state().messages.size).toBe(messages);
  });

  it('sends the message when the clock passes the delivery time', async () => {
    const id = (await schedule()).body.scheduled_message_id;
    t().clock.advance(3599 * 1000);
    expect(state().scheduledMessages.get(id)!.delivered_message_id).toBeNull();
    t().clock.advance(1000);
    const messageId = state().scheduledMessages.get(id)!.delivered_message_id;
    expect(messageId).not.toBeNull();
    const message = await newest(MEMBER2);
    expect(message).toMatchObject({
      id: messageId,
      sender_id: idOf(MEMBER),
      subject: 'plans',
      content: '<p>Hello <strong>later</strong></p>',
    });
    // A message nobody has flags for is emitted as one payload, one with flags through a builder per user.
    const sent = t().app.store.journal.filter((e) =>
      typeof e.event === 'function'
        ? e.event(idOf(MEMBER2))?.type === 'message'
        : e.event.type === 'message' && e.users.includes(idOf(MEMBER2)),
    );
    expect(sent.length).toBeGreaterThan(0);
    expect(events('scheduled_messages').at(-1)).toMatchObject({ op: 'remove', scheduled_message_id: id });
    expect(
      (await t().as(MEMBER).get('scheduled_messages')).body.scheduled_messages.map(
        (s: { scheduled_message_id: number }) => s.scheduled_message_id,
      ),
    ).toEqual([1]);
    const res = await t().as(MEMBER).patch(`scheduled_messages/${id}`, { content: 'late' });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Scheduled message was already sent' });
  });

  it('delivers the fixture’s message, armed at load', () => {
    t().clock.set(1893456000 * 1000);
    expect(state().scheduledMessages.get(1)!.delivered_message_id).not.toBeNull();
  });

  const failures: Array<[string, () => void, string]> = [
    [
      'the channel was archived',
      () => void (state().channels.get(DENMARK)!.is_archived = true),
      "Not authorized to send to channel 'Denmark'",
    ],
    [
      'the sender lost permission',
      () =>
        void (state().channels.get(DENMARK)!.can_send_message_group =
          state().systemGroupIds.get('role:administrators')!),
      'You do not have permission to post in this channel.',
    ],
  ];
  for (const [what, change, reason] of failures) {
    it(`marks the message failed when ${what}, and tells the sender`, async () => {
      const id = (await schedule()).body.scheduled_message_id;
      change();
      t().clock.advance(3600 * 1000);
      const record = state().scheduledMessages.get(id)!;
      expect(record).toMatchObject({ failed: true, delivered_message_id: null });
      expect(events('scheduled_messages').at(-1)).toMatchObject({
        op: 'update',
        scheduled_message: { scheduled_message_id: id, failed: true },
      });
      const notice = await newest(MEMBER);
      expect(notice.sender_email).toBe(NOTIFICATION_BOT);
      expect(notice.content).toContain(reason);
      const list = (await t().as(MEMBER).get('scheduled_messages')).body.scheduled_messages;
      expect(list.find((s: { scheduled_message_id: number }) => s.scheduled_message_id === id).failed).toBe(
        true,
      );
    });
  }

  it('marks a direct message failed when a recipient was deactivated', async () => {
    const id = (await schedule({ type: 'direct', to: [idOf(MEMBER2)] })).body.scheduled_message_id;
    state().users.get(idOf(MEMBER2))!.is_active = false;
    t().clock.advance(3600 * 1000);
    expect(state().scheduledMessages.get(id)!.failed).toBe(true);
  });

  it('marks the message failed, without event or notice, when the sender was deactivated', async () => {
    const id = (await schedule()).body.scheduled_message_id;
    const journalLength = t().app.store.journal.length;
    const messageCount = state().messages.size;
    state().users.get(idOf(MEMBER))!.is_active = false;
    t().clock.advance(3600 * 1000);
    expect(state().scheduledMessages.get(id)).toMatchObject({ failed: true, delivered_message_id: null });
    expect(t().app.store.journal.length).toBe(journalLength);
    expect(state().messages.size).toBe(messageCount);
    state().users.get(idOf(MEMBER))!.is_active = true;
    const list = (await t().as(MEMBER).get('scheduled_messages')).body.scheduled_messages;
    expect(list.find((s: { scheduled_message_id: number }) => s.scheduled_message_id === id).failed).toBe(
      true,
    );
  });

  it('lets a failed message be edited only with a new delivery time, which re-arms it', async () => {
    const id = (await schedule()).body.scheduled_message_id;
    state().channels.get(DENMARK)!.is_archived = true;
    t().clock.advance(3600 * 1000);
    state().channels.get(DENMARK)!.is_archived = false;
    const refused = await t().as(MEMBER).patch(`scheduled_messages/${id}`, { content: 'again' });
    expect(refused.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Scheduled delivery time must be in the future.',
    });
    expect(state().scheduledMessages.get(id)!.content).toBe('Hello **later**');
    const later = NOW + 7200;
    expect(
      (await t().as(MEMBER).patch(`scheduled_messages/${id}`, { scheduled_delivery_timestamp: later }))
        .status,
    ).toBe(200);
    expect(state().scheduledMessages.get(id)!.failed).toBe(false);
    t().clock.advance(3600 * 1000);
    expect(state().scheduledMessages.get(id)!.delivered_message_id).not.toBeNull();
  });
});

describeTransports(
  'scheduled messages before feature level 248',
  (t) => {
    it('refuses type channel as an invalid type on create and edit, while stream is accepted', async () => {
      const params = { to: DENMARK, topic: 'plans', content: 'x', scheduled_delivery_timestamp: NOW + 3600 };
      const count = t().app.store.state.scheduledMessages.size;
      const refused = await t()
        .as(MEMBER)
        .post('scheduled_messages', { type: 'channel', ...params });
      expect(refused.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid type' });
      const created = await t()
        .as(MEMBER)
        .post('scheduled_messages', { type: 'stream', ...params });
      expect(created.status).toBe(200);
      expect(t().app.store.state.scheduledMessages.size).toBe(count + 1); // only the accepted one
      const id = created.body.scheduled_message_id;
      const edit = await t()
        .as(MEMBER)
        .patch(`scheduled_messages/${id}`, { type: 'channel', to: DENMARK, topic: 'p' });
      expect(edit.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid type' });
    });
  },
  { featureLevel: 228 },
);
