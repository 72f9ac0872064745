import { expect, it } from 'vitest';
import { MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { pollNow, registerQueue, untilParked } from '../../testing/event-queues.js';
import { describeTransports } from '../../testing/transports.js';

describeTransports('GET /events', (t) => {
  const userId = (email: string): number => t().app.store.state.usersByEmail.get(email)!.user_id;
  const emit = (email: string, { n }: { n: number }): void =>
    t().app.store.emit([userId(email)], { type: 'alert_words', alert_words: [String(n)] });

  it('returns nothing for a fresh queue with dont_block, without a queue_id key', async () => {
    const queueId = await registerQueue(t().as(MEMBER));
    const res = await pollNow(t().as(MEMBER), queueId, -1);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', events: [] });
  });

  it('numbers events from 0 and returns every unacknowledged one, oldest first', async () => {
    const queueId = await registerQueue(t().as(MEMBER));
    emit(MEMBER, { n: 1 });
    emit(MEMBER, { n: 2 });
    const res = await pollNow(t().as(MEMBER), queueId, -1);
    expect(res.body.events).toEqual([
      { type: 'alert_words', alert_words: ['1'], id: 0 },
      { type: 'alert_words', alert_words: ['2'], id: 1 },
    ]);
    emit(MEMBER, { n: 3 });
    const next = await pollNow(t().as(MEMBER), queueId, 0);
    expect(next.body.events.map((e: { id: number }) => e.id)).toEqual([1, 2]);
  });

  it('answers a parked poll when an event arrives, with queue_id in the body', async () => {
    const queueId = await registerQueue(t().as(MEMBER));
    const pending = t().as(MEMBER).get('events', { queue_id: queueId, last_event_id: -1 });
    await untilParked(t().app, queueId);
    emit(MEMBER, { n: 1 });
    const res = await pending;
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      events: [{ type: 'alert_words', alert_words: ['1'], id: 0 }],
      queue_id: queueId,
    });
  });

  it('delivers everything one change emits in a single answer', async () => {
    const queueId = await registerQueue(t().as(MEMBER));
    const pending = t().as(MEMBER).get('events', { queue_id: queueId, last_event_id: -1 });
    await untilParked(t().app, queueId);
    emit(MEMBER, { n: 1 });
    emit(MEMBER, { n: 2 });
    expect((await pending).body.events).toHaveLength(2);
  });

  it('answers the parked poll with no events when a second poll arrives', async () => {
    const queueId = await registerQueue(t().as(MEMBER));
    const first = t().as(MEMBER).get('events', { queue_id: queueId, last_event_id: -1 });
    await untilParked(t().app, queueId);
    const second = t().as(MEMBER).get('events', { queue_id: queueId, last_event_id: -1 });
    expect((await first).body).toEqual({ result: 'success', msg: '', events: [], queue_id: queueId });
    await untilParked(t().app, queueId);
    emit(MEMBER, { n: 1 });
    expect((await second).body.events).toEqual([{ type: 'alert_words', alert_words: ['1'], id: 0 }]);
  });

  it('refuses an acknowledgement older than what was pruned, keeping the queue', async () => {
    const queueId = await registerQueue(t().as(MEMBER));
    emit(MEMBER, { n: 1 });
    emit(MEMBER, { n: 2 });
    await pollNow(t().as(MEMBER), queueId, 0);
    const res = await pollNow(t().as(MEMBER), queueId, -1);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: 'An event newer than -1 has already been pruned!',
      code: 'BAD_REQUEST',
    });
    expect((await pollNow(t().as(MEMBER), queueId, 0)).body.events).toEqual([
      { type: 'alert_words', alert_words: ['2'], id: 1 },
    ]);
  });

  it('refuses an acknowledgement of an id the queue never issued, pruning nothing', async () => {
    const queueId = await registerQueue(t().as(MEMBER));
    emit(MEMBER, { n: 1 });
    const res = await pollNow(t().as(MEMBER), queueId, 5);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg: 'Event 5 was not in this queue', code: 'BAD_REQUEST' });
    expect((await pollNow(t().as(MEMBER), queueId, -1)).body.events).toHaveLength(1);
  });

  it('answers BAD_EVENT_QUEUE_ID for an unknown queue and for another user’s queue', async () => {
    const unknown = await pollNow(t().as(MEMBER), 'no-such-queue', -1);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      result: 'error',
      msg: 'Bad event queue ID: no-such-queue',
      code: 'BAD_EVENT_QUEUE_ID',
      queue_id: 'no-such-queue',
    });
    const queueId = await registerQueue(t().as(MEMBER));
    emit(MEMBER, { n: 1 });
    const foreign = await pollNow(t().as(MEMBER2), queueId, -1);
    expect(foreign.body).toEqual({
      result: 'error',
      msg: `Bad event queue ID: ${queueId}`,
      code: 'BAD_EVENT_QUEUE_ID',
      queue_id: queueId,
    });
    expect((await pollNow(t().as(MEMBER), queueId, -1)).body.events).toHaveLength(1);
  });

  it('requires queue_id unless dont_block, and last_event_id with a queue_id', async () => {
    const before = t().app.services.queues.size;
    const noQueue = await t().as(MEMBER).get('events', {});
    expect(noQueue.status).toBe(400);
    expect(noQueue.body).toEqual({
      result: 'error',
      msg: "Missing 'queue_id' argument",
      code: 'BAD_REQUEST',
    });
    const queueId = await registerQueue(t().as(MEMBER));
    const noLast = await t().as(MEMBER).get('events', { queue_id: queueId });
    expect(noLast.body).toEqual({
      result: 'error',
      msg: "Missing 'last_event_id' argument",
      code: 'BAD_REQUEST',
    });
    expect(t().app.services.queues.size).toBe(before + 1);
  });

  it('creates a queue on the fly for dont_block without queue_id, and returns its id', async () => {
    const res = await t()
      .as(MEMBER)
      .get('events', { dont_block: true, event_types: ['alert_words'] });
    expect(res.body.events).toEqual([]);
    const queue = t().app.services.queues.get(res.body.queue_id)!;
    expect(queue.userId).toBe(userId(MEMBER));
    emit(MEMBER, { n: 1 });
    expect((await pollNow(t().as(MEMBER), res.body.queue_id, -1)).body.events).toHaveLength(1);
  });

  it('merges pending update_message_flags events of the same op and flag, keeping the newest id', async () => {
    const queueId = await registerQueue(t().as(MEMBER));
    const flags = (messages: number[], op = 'add', flag = 'starred') => ({
      type: 'update_message_flags',
      op,
      operation: op,
      flag,
      messages,
      all: false,
    });
    const { store } = t().app;
    store.emit([userId(MEMBER)], flags([1]));
    store.emit([userId(MEMBER)], flags([5], 'remove', 'read'));
    store.emit([userId(MEMBER)], flags([2]));
    store.emit([userId(MEMBER)], flags([6], 'remove', 'read'));
    const res = await pollNow(t().as(MEMBER), queueId, -1);
    expect(res.body.events).toEqual([
      { ...flags([5], 'remove', 'read'), id: 1 },
      { ...flags([1, 2]), id: 2 },
      { ...flags([6], 'remove', 'read'), id: 3 },
    ]);
  });

  it('accepts the acknowledgement of an event that was since merged into a newer one', async () => {
    const queueId = await registerQueue(t().as(MEMBER));
    const flags = (messages: number[]) => ({
      type: 'update_message_flags',
      op: 'add',
      operation: 'add',
      flag: 'read',
      messages,
      all: false,
    });
    t().app.store.emit([userId(MEMBER)], flags([1]));
    await pollNow(t().as(MEMBER), queueId, -1);
    t().app.store.emit([userId(MEMBER)], flags([2]));
    const res = await pollNow(t().as(MEMBER), queueId, 0);
    expect(res.status).toBe(200);
    expect(res.body.events).toEqual([{ ...flags([1, 2]), id: 1 }]);
  });

  it('frees the wait when the client goes away', async () => {
    const { app } = t();
    const queueId = await registerQueue(t().as(MEMBER));
    const abort = new AbortController();
    const user = app.store.state.usersByEmail.get(MEMBER)!;
    const pending = t()
      .raw(`/api/v1/events?queue_id=${queueId}&last_event_id=-1`, {
        headers: { authorization: `Basic ${btoa(`${user.delivery_email}:${user.api_key}`)}` },
        signal: abort.signal,
      })
      .catch(() => 'aborted');
    const queue = await untilParked(app, queueId);
    abort.abort();
    await pending;
    for (let i = 0; i < 500 && queue.waiter; i++) await new Promise((r) => setTimeout(r, 1));
    expect(queue.waiter).toBeNull();
    emit(MEMBER, { n: 1 });
    expect((await pollNow(t().as(MEMBER), queueId, -1)).body.events).toHaveLength(1);
  });

  it('counts a disconnected poll as the queue’s last connection for expiry', async () => {
    const { app } = t();
    const queueId = await registerQueue(t().as(MEMBER));
    const abort = new AbortController();
    const user = app.store.state.usersByEmail.get(MEMBER)!;
    const pending = t()
      .raw(`/api/v1/events?queue_id=${queueId}&last_event_id=-1`, {
        headers: { authorization: `Basic ${btoa(`${user.delivery_email}:${user.api_key}`)}` },
        signal: abort.signal,
      })
      .catch(() => 'aborted');
    const queue = await untilParked(app, queueId);
    t().clock.advance(30_000);
    abort.abort();
    await pending;
    for (let i = 0; i < 500 && queue.waiter; i++) await new Promise((r) => setTimeout(r, 1));
    expect(queue.waiter).toBeNull();
    // Idle from the disconnection on: no heartbeat is queued, and ten minutes later the queue is gone.
    t().clock.advance(10 * 60_000 - 1);
    expect(app.services.queues.get(queueId)).toBeDefined();
    expect(queue.isEmpty).toBe(true);
    t().clock.advance(1);
    expect((await pollNow(t().as(MEMBER), queueId, -1)).body.code).toBe('BAD_EVENT_QUEUE_ID');
  });
});

describeTransports('GET /events heartbeats and expiry', (t) => {
  it('sends a heartbeat to a parked poll after one minute', async () => {
    const queueId = await registerQueue(t().as(MEMBER));
    const pending = t().as(MEMBER).get('events', { queue_id: queueId, last_event_id: -1 });
    await untilParked(t().app, queueId);
    t().clock.advance(59_999);
    expect(t().app.services.queues.get(queueId)!.waiter).not.toBeNull();
    t().clock.advance(1);
    expect((await pending).body).toEqual({
      result: 'success',
      msg: '',
      events: [{ type: 'heartbeat', id: 0 }],
      queue_id: queueId,
    });
  });

  it('sends heartbeats regardless of the queue’s event_types', async () => {
    const queueId = await registerQueue(t().as(MEMBER), { event_types: ['message'] });
    const pending = t().as(MEMBER).get('events', { queue_id: queueId, last_event_id: -1 });
    await untilParked(t().app, queueId);
    t().clock.advance(60_000);
    expect((await pending).body.events).toEqual([{ type: 'heartbeat', id: 0 }]);
  });

  it('discards a queue not polled for ten minutes', async () => {
    const queueId = await registerQueue(t().as(MEMBER));
    t().clock.advance(9 * 60_000);
    expect((await pollNow(t().as(MEMBER), queueId, -1)).status).toBe(200);
    t().clock.advance(10 * 60_000 - 1);
    expect((await pollNow(t().as(MEMBER), queueId, -1)).status).toBe(200);
    t().clock.advance(10 * 60_000);
    const res = await pollNow(t().as(MEMBER), queueId, -1);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: `Bad event queue ID: ${queueId}`,
      code: 'BAD_EVENT_QUEUE_ID',
      queue_id: queueId,
    });
  });

  it('keeps a queue alive while a poll is parked on it', async () => {
    const queueId = await registerQueue(t().as(MEMBER));
    const pending = t().as(MEMBER).get('events', { queue_id: queueId, last_event_id: -1 });
    await untilParked(t().app, queueId);
    // Heartbeats answer the poll every minute; the queue must survive the client's next poll after it.
    t().clock.advance(60_000);
    await pending;
    t().clock.advance(9 * 60_000);
    expect((await pollNow(t().as(MEMBER), queueId, 0)).status).toBe(200);
  });

  it('honours queue_lifespan_secs', async () => {
    const queueId = await registerQueue(t().as(MEMBER), { queue_lifespan_secs: 30 });
    t().clock.advance(30_000);
    expect((await pollNow(t().as(MEMBER), queueId, -1)).body.code).toBe('BAD_EVENT_QUEUE_ID');
  });
});

describeTransports('DELETE /events', (t) => {
  it('destroys the queue and answers its parked poll', async () => {
    const queueId = await registerQueue(t().as(MEMBER));
    const pending = t().as(MEMBER).get('events', { queue_id: queueId, last_event_id: -1 });
    await untilParked(t().app, queueId);
    const res = await t().as(MEMBER).delete('events', { queue_id: queueId });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect((await pending).body).toEqual({ result: 'success', msg: '', events: [], queue_id: queueId });
    expect((await pollNow(t().as(MEMBER), queueId, -1)).body.code).toBe('BAD_EVENT_QUEUE_ID');
  });

  it('refuses another user’s queue, leaving it alive', async () => {
    const queueId = await registerQueue(t().as(MEMBER));
    const res = await t().as(MEMBER2).delete('events', { queue_id: queueId });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      msg: `Bad event queue ID: ${queueId}`,
      code: 'BAD_EVENT_QUEUE_ID',
      queue_id: queueId,
    });
    expect(t().app.services.queues.get(queueId)).toBeDefined();
  });
});
