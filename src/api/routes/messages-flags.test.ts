import { expect, it } from 'vitest';
import type { App } from '../app.js';
import { sendMessage } from '../../store/messages/send.js';
import { FLAG_BITS, type MessageRecord } from '../../store/state.js';
import { MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';
import { expectError, fingerprint, userId } from './messages-test-helpers.js';

const DENMARK = 3;
const ROME = 4;
const N = 10_000_000_000_000_000;

function post(app: App, topic: string, streamId = DENMARK): MessageRecord {
  const user = app.store.state.users.get(userId(app, MEMBER2))!;
  return sendMessage(app.store, user, { type: 'stream', streamId, topic, content: 'x', client: 'website' });
}
const bits = (app: App, email: string, id: number) =>
  app.store.state.index.flags.get(userId(app, email))!.get(id);
const lastEvent = (app: App) => app.store.journal[app.store.journal.length - 1]!;

describeTransports('POST /messages/flags', (t) => {
  it('stars messages, echoes the list and emits only the changed ids', async () => {
    const { app } = t();
    const [a, b] = [post(app, 'f'), post(app, 'f')];
    await t()
      .as(MEMBER)
      .post('messages/flags', { messages: [a.id], op: 'add', flag: 'starred' });
    const res = await t()
      .as(MEMBER)
      .post('messages/flags', { messages: [a.id, b.id], op: 'add', flag: 'starred' });
    expect(res.body.messages).toEqual([a.id, b.id]);
    expect(bits(app, MEMBER, b.id)! & FLAG_BITS.starred).toBeTruthy();
    expect(lastEvent(app)).toEqual({
      users: [userId(app, MEMBER)],
      event: {
        type: 'update_message_flags',
        op: 'add',
        operation: 'add',
        flag: 'starred',
        messages: [b.id],
        all: false,
      },
    });
  });

  it('marks read and unread; removing read carries message_details', async () => {
    const { app } = t();
    const m = post(app, 'f');
    await t()
      .as(MEMBER)
      .post('messages/flags', { messages: [m.id], op: 'add', flag: 'read' });
    expect(bits(app, MEMBER, m.id)).toBe(FLAG_BITS.read);
    await t()
      .as(MEMBER)
      .post('messages/flags', { messages: [m.id], op: 'remove', flag: 'read' });
    expect(bits(app, MEMBER, m.id)).toBe(0);
    expect(lastEvent(app).event).toMatchObject({
      op: 'remove',
      flag: 'read',
      messages: [m.id],
      message_details: {
        [m.id]: { type: 'stream', stream_id: DENMARK, topic: 'f', unmuted_stream_msg: true },
      },
    });
  });

  it('creates a historical row when starring a readable message without one', async () => {
    const { app } = t();
    const rome = app.store.state.index.byChannel.get(ROME)![0]!;
    await t()
      .as(MEMBER2)
      .post('messages/flags', { messages: [rome], op: 'add', flag: 'starred' });
    expect(bits(app, MEMBER2, rome)).toBe(FLAG_BITS.read | FLAG_BITS.starred | FLAG_BITS.historical);
    const res = await t().as(MEMBER2).get(`messages/${rome}`);
    expect(res.body.message.flags).toEqual(['read', 'starred', 'historical']);
  });

  it.each([
    [{ flag: 'mentioned' }, 'BAD_REQUEST', "Flag not editable: 'mentioned'"],
    [{ flag: 'shiny' }, 'BAD_REQUEST', "Invalid flag: 'shiny'"],
    [{ op: 'toggle' }, 'BAD_REQUEST', "Invalid message flag operation: 'toggle'"],
    [{ messages: [999999] }, 'BAD_REQUEST', 'Invalid message(s)'],
    [{ messages: 'all' }, 'BAD_REQUEST', 'Argument "messages" is not valid JSON.'],
    [{ messages: undefined }, 'REQUEST_VARIABLE_MISSING', "Missing 'messages' argument"],
  ])('refuses %j and changes nothing', async (override, code, msg) => {
    const { app } = t();
    const m = post(app, 'f');
    const before = fingerprint(app);
    expectError(
      await t()
        .as(MEMBER)
        .post('messages/flags', { messages: [m.id], op: 'add', flag: 'starred', ...override }),
      code,
      msg,
    );
    expect(fingerprint(app)).toBe(before);
  });

  it('skips unsubscribed channel messages when removing read, without adding them to the history', async () => {
    const { app } = t();
    const rome = app.store.state.index.byChannel.get(ROME)![0]!;
    const rows = app.store.state.index.flags.get(userId(app, MEMBER2))!;
    expect(app.store.state.subscribers.get(ROME)!.has(userId(app, MEMBER2))).toBe(false);
    expect(rows.has(rome)).toBe(false);
    const res = await t()
      .as(MEMBER2)
      .post('messages/flags', { messages: [rome], op: 'remove', flag: 'read' });
    expect(res.body).toMatchObject({ messages: [rome], ignored_because_not_subscribed_channels: [ROME] });
    expect(rows.has(rome)).toBe(false);
    const history = await t()
      .as(MEMBER2)
      .get('messages', { anchor: 'oldest', num_before: 0, num_after: 5000 });
    expect(history.body.messages.some((m: { id: number }) => m.id === rome)).toBe(false);
    const star = await t()
      .as(MEMBER2)
      .post('messages/flags', { messages: [rome], op: 'add', flag: 'starred' });
    expect(star.body).not.toHaveProperty('ignored_because_not_subscribed_channels');
  });

  it('refuses messages in private channels the user cannot read', async () => {
    const { app } = t();
    const core = app.store.state.index.byChannel.get(2)![0]!;
    expectError(
      await t()
        .as(MEMBER2)
        .post('messages/flags', { messages: [core], op: 'add', flag: 'starred' }),
      'BAD_REQUEST',
      'Invalid message(s)',
    );
    expect(app.store.state.index.flags.get(userId(app, MEMBER2))!.has(core)).toBe(false);
  });
});

describeTransports('POST /messages/flags/narrow', (t) => {
  it('marks the range of a narrow read and reports counts', async () => {
    const { app } = t();
    const [a, b, c] = [post(app, 'batch'), post(app, 'batch'), post(app, 'batch')];
    await t()
      .as(MEMBER)
      .post('messages/flags', { messages: [b.id], op: 'add', flag: 'read' });
    const res = await t()
      .as(MEMBER)
      .post('messages/flags/narrow', {
        anchor: 'oldest',
        num_before: 0,
        num_after: 100,
        narrow: [
          { operator: 'channel', operand: 'Denmark' },
          { operator: 'topic', operand: 'batch' },
        ],
        op: 'add',
        flag: 'read',
      });
    expect(res.body).toMatchObject({
      processed_count: 3,
      updated_count: 2,
      first_processed_id: a.id,
      last_processed_id: c.id,
      found_oldest: true,
      found_newest: true,
    });
    // The key is there only when removing read.
    expect(res.body).not.toHaveProperty('ignored_because_not_subscribed_channels');
    const unread = await t()
      .as(MEMBER)
      .post('messages/flags/narrow', {
        anchor: 'oldest',
        num_before: 0,
        num_after: 100,
        narrow: [
          { operator: 'channel', operand: 'Denmark' },
          { operator: 'topic', operand: 'batch' },
        ],
        op: 'remove',
        flag: 'read',
      });
    expect(unread.body).toMatchObject({ updated_count: 3, ignored_because_not_subscribed_channels: [] });
  });

  it('reports nothing processed for an empty narrow', async () => {
    const res = await t()
      .as(MEMBER)
      .post('messages/flags/narrow', {
        anchor: 'newest',
        num_before: 10,
        num_after: 0,
        narrow: [{ operator: 'topic', operand: 'nothing here' }],
        op: 'add',
        flag: 'starred',
      });
    expect(res.body).toMatchObject({
      processed_count: 0,
      updated_count: 0,
      first_processed_id: null,
      last_processed_id: null,
    });
  });

  it('refuses bad flags and an anchor excluded from the middle of the range', async () => {
    const { app } = t();
    const base = { anchor: 'newest', num_before: 10, num_after: 0, narrow: [], op: 'add', flag: 'read' };
    const before = fingerprint(app);
    expectError(
      await t()
        .as(MEMBER)
        .post('messages/flags/narrow', { ...base, flag: 'historical' }),
      'BAD_REQUEST',
      "Flag not editable: 'historical'",
    );
    expectError(
      await t()
        .as(MEMBER)
        .post('messages/flags/narrow', { ...base, anchor: '1', num_after: 10, include_anchor: false }),
      'BAD_REQUEST',
      'The anchor can only be excluded at an end of the range',
    );
    expect(fingerprint(app)).toBe(before);
  });

  it('clamps an oversized range to 5000 messages instead of refusing it', async () => {
    const { app } = t();
    const ids = Array.from({ length: 2600 }, () => post(app, 'bulk').id);
    const res = await t()
      .as(MEMBER)
      .post('messages/flags/narrow', {
        anchor: 'newest',
        num_before: 4000,
        num_after: 4000,
        narrow: [{ operator: 'topic', operand: 'bulk' }],
        op: 'add',
        flag: 'starred',
      });
    // num_before = min(4000, max(5000 - 4000, 2500)) = 2500.
    expect(res.body).toMatchObject({
      processed_count: 2500,
      updated_count: 2500,
      first_processed_id: ids[100],
      last_processed_id: ids[2599],
      found_oldest: false,
      found_newest: true,
    });
  });
});

describeTransports('mark as read', (t) => {
  it('marks everything read with mark_all_as_read, so first_unread finds nothing', async () => {
    const { app } = t();
    post(app, 'unread');
    const res = await t().as(MEMBER).post('mark_all_as_read');
    expect(res.body.complete).toBe(true);
    for (const value of app.store.state.index.flags.get(userId(app, MEMBER))!.values())
      expect(value & FLAG_BITS.read).toBeTruthy();
    expect(lastEvent(app).event).toEqual({
      type: 'update_message_flags',
      op: 'add',
      operation: 'add',
      flag: 'read',
      messages: [],
      all: true,
    });
    const fetched = await t()
      .as(MEMBER)
      .get('messages', { anchor: 'first_unread', num_before: 1, num_after: 1 });
    expect(fetched.body.anchor).toBe(N);
  });

  it('marks a channel read with mark_stream_as_read', async () => {
    const { app } = t();
    const [a, b] = [post(app, 'x'), post(app, 'y')];
    await t().as(MEMBER).post('mark_stream_as_read', { stream_id: DENMARK });
    expect([bits(app, MEMBER, a.id), bits(app, MEMBER, b.id)]).toEqual([FLAG_BITS.read, FLAG_BITS.read]);
    expect((lastEvent(app).event as unknown as { messages: number[] }).messages).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
  });

  it('marks one topic read with mark_topic_as_read, matching case-insensitively', async () => {
    const { app } = t();
    const [a, b] = [post(app, 'Topic A'), post(app, 'other')];
    await t().as(MEMBER).post('mark_topic_as_read', { stream_id: DENMARK, topic_name: 'topic a' });
    expect([bits(app, MEMBER, a.id), bits(app, MEMBER, b.id)]).toEqual([FLAG_BITS.read, 0]);
    const unread = await t()
      .as(MEMBER)
      .get('messages', {
        anchor: 'first_unread',
        num_before: 0,
        num_after: 0,
        narrow: [
          { operator: 'channel', operand: DENMARK },
          { operator: 'topic', operand: 'other' },
        ],
      });
    expect(unread.body.anchor).toBe(b.id);
  });

  it('refuses unknown channels and topics', async () => {
    const before = fingerprint(t().app);
    expectError(
      await t().as(MEMBER).post('mark_stream_as_read', { stream_id: 9999 }),
      'BAD_REQUEST',
      'Invalid channel ID',
    );
    expectError(
      await t().as(MEMBER2).post('mark_stream_as_read', { stream_id: 2 }),
      'BAD_REQUEST',
      'Invalid channel ID',
    );
    expectError(
      await t().as(MEMBER).post('mark_topic_as_read', { stream_id: DENMARK, topic_name: 'nope' }),
      'BAD_REQUEST',
      "No such topic 'nope'",
    );
    // A topic exists for the user only through messages in their own history.
    const { app } = t();
    const romeTopic = app.store.state.messages.get(app.store.state.index.byChannel.get(ROME)![0]!)!.topic;
    expectError(
      await t().as(MEMBER2).post('mark_topic_as_read', { stream_id: ROME, topic_name: romeTopic }),
      'BAD_REQUEST',
      `No such topic '${romeTopic}'`,
    );
    expectError(
      await t().as(MEMBER).post('mark_topic_as_read', { stream_id: DENMARK }),
      'REQUEST_VARIABLE_MISSING',
      "Missing 'topic_name' argument",
    );
    expect(fingerprint(t().app)).toBe(before);
  });
});
