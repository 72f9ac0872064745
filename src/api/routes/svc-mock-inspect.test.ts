import { beforeEach, describe, expect, it } from 'vitest';
import { INSPECTOR_HEADER, createMock } from '../../mock/create-mock.js';
import { MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { preparedDevRealm } from '../../testing/dev-realm.js';
import { MOCK_ORIGIN, basicAuth, describeTransports } from '../../testing/transports.js';
import { createManualClock } from '../../store/clock.js';
import type { MockControl } from '../control.js';

const PATHS = ['/svc-mock/realm', '/svc-mock/queues', '/svc-mock/changes'];

describeTransports('inspector control routes', (t) => {
  let logged = 0;
  beforeEach(() => {
    logged = 0;
    // What these routes read of the control surface: the clock and the newest request log entry.
    t().app.services.control = {
      clock: { now: () => t().clock.now() },
      requests: () => (logged ? [{ id: logged }] : []),
    } as unknown as MockControl;
  });
  const send = (content: string, topic = 'inspect') =>
    t().as(MEMBER).post('/api/v1/messages', { type: 'stream', to: 'Verona', topic, content });

  it('answer the unknown-endpoint 404 when the control API is off', async () => {
    t().app.services.control = undefined;
    for (const path of PATHS) {
      const res = await t().anonymous.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    }
  });

  it('GET /svc-mock/realm summarises users with roles, channels with subscribers and topics, newest messages', async () => {
    const sent = await send('hello **inspector**', 'summary topic');
    const res = await t().anonymous.get('/svc-mock/realm', { messages: 3 });
    expect(res.status).toBe(200);
    const { state } = t().app.store;
    const hamlet = state.usersByEmail.get(MEMBER)!;
    expect(res.body.realm_name).toBe(state.realm.name);
    expect(res.body.user_count).toBe(state.users.size);
    expect(res.body.users).toContainEqual({
      user_id: hamlet.user_id,
      full_name: hamlet.full_name,
      email: MEMBER,
      role: 400,
      is_bot: false,
      is_active: true,
    });
    const verona = res.body.channels.find((c: { name: string }) => c.name === 'Verona');
    expect(verona.subscribers).toContain(hamlet.user_id);
    expect(verona.subscriber_count).toBe(state.subscribers.get(verona.stream_id)!.size);
    expect(verona.topics[0]).toEqual({ name: 'summary topic', max_id: sent.body.id });
    expect(res.body.messages).toHaveLength(3);
    expect(res.body.messages[0]).toMatchObject({
      id: sent.body.id,
      sender_id: hamlet.user_id,
      stream_id: verona.stream_id,
      content: 'hello **inspector**',
      rendered_content: '<p>hello <strong>inspector</strong></p>',
    });
    expect(res.body.messages[1].id).toBeLessThan(sent.body.id);
    expect((await t().anonymous.get('/svc-mock/realm', { messages: 201 })).status).toBe(400);
  });

  it('GET /svc-mock/queues shows each queue: user, types, pending events, last poll, expiry, parked', async () => {
    const registered = await t()
      .as(MEMBER)
      .post('/api/v1/register', { event_types: ['message'] });
    const hamlet = t().app.store.state.usersByEmail.get(MEMBER)!.user_id;
    const now = () => t().clock.now() / 1000;
    const start = now();
    let { queues } = (await t().anonymous.get('/svc-mock/queues')).body;
    expect(queues).toEqual([
      {
        queue_id: registered.body.queue_id,
        user_id: hamlet,
        event_types: ['message'],
        pending_count: 0,
        pending_types: [],
        last_poll: null,
        expires_at: start + 600,
        parked: false,
      },
    ]);
    await send('one pending');
    await t().clock.advance(30_000);
    ({ queues } = (await t().anonymous.get('/svc-mock/queues')).body);
    expect(queues[0]).toMatchObject({ pending_count: 1, pending_types: ['message'], parked: false });

    // A poll that acknowledges everything parks: no expiry while it waits.
    const poll = t()
      .as(MEMBER)
      .get('/api/v1/events', { queue_id: registered.body.queue_id, last_event_id: 0 });
    await t().clock.advance(0);
    ({ queues } = (await t().anonymous.get('/svc-mock/queues')).body);
    expect(queues[0]).toMatchObject({
      pending_count: 0,
      last_poll: start + 30,
      expires_at: null,
      parked: true,
    });
    await send('wakes the poll');
    expect((await poll).body.events).toHaveLength(1);
    ({ queues } = (await t().anonymous.get('/svc-mock/queues')).body);
    expect(queues[0]).toMatchObject({ parked: false, expires_at: start + 30 + 600 });
  });

  it('GET /svc-mock/changes moves when the state changes and when a request is logged, not otherwise', async () => {
    const first = (await t().anonymous.get('/svc-mock/changes')).body;
    expect(first).toMatchObject({ last_request_id: 0, queue_count: 0, now: t().clock.now() / 1000 });
    expect((await t().anonymous.get('/svc-mock/changes')).body.changes).toBe(first.changes);
    await send('a change');
    logged = 7;
    await t().as(MEMBER2).post('/api/v1/register', {});
    const after = (await t().anonymous.get('/svc-mock/changes')).body;
    expect(after.generation).toBe(first.generation);
    expect(after.changes).toBeGreaterThan(first.changes);
    expect(after).toMatchObject({ last_request_id: 7, queue_count: 1 });
  });
});

describe('inspector control routes on createMock', () => {
  it('GET /svc-mock/changes gives a new generation after a reset; inspector requests stay out of the log', async () => {
    const mock = createMock({ realm: preparedDevRealm(), clock: createManualClock(0), logError: () => {} });
    const get = async (path: string, headers: Record<string, string> = {}) =>
      (await mock.fetch(new Request(`${MOCK_ORIGIN}${path}`, { headers }))).json() as Promise<
        Record<string, number>
      >;
    const before = await get('/svc-mock/changes', { [INSPECTOR_HEADER]: '1' });
    expect(mock.requests()).toEqual([]);
    await mock.fetch(
      new Request(`${MOCK_ORIGIN}/api/v1/users/me`, { headers: { Authorization: basicAuth(mock, MEMBER) } }),
    );
    const logged = await get('/svc-mock/changes', { [INSPECTOR_HEADER]: '1' });
    expect(logged.last_request_id).toBe(mock.requests()[0]!.id);
    expect(mock.requests().map((r) => r.path)).toEqual(['/api/v1/users/me']);
    mock.reset();
    const after = await get('/svc-mock/changes');
    expect(after.generation).not.toBe(before.generation);
    expect(mock.requests().map((r) => r.path)).toEqual(['/api/v1/users/me', '/svc-mock/changes']);
  });
  it('GET /svc-mock/changes?since=REVISION waits for the next change, or the timeout on the mock clock', async () => {
    const clock = createManualClock(0);
    const mock = createMock({ realm: preparedDevRealm(), clock, logError: () => {} });
    const changes = async (query: string, signal?: AbortSignal) =>
      (await (
        await mock.fetch(
          new Request(`${MOCK_ORIGIN}/svc-mock/changes?${query}`, {
            headers: { [INSPECTOR_HEADER]: '1' },
            signal,
          }),
        )
      ).json()) as { revision: number };
    const settled = (promise: Promise<unknown>) =>
      Promise.race([
        promise.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 50)),
      ]);
    const { revision } = await changes('');
    // A revision other than the current one answers at once.
    expect((await changes(`since=${revision + 7}&timeout=30`)).revision).toBe(revision);

    const waiting = changes(`since=${revision}&timeout=30`);
    expect(await settled(waiting)).toBe(false);
    const sent = await mock.fetch(
      new Request(`${MOCK_ORIGIN}/api/v1/messages`, {
        method: 'POST',
        headers: { Authorization: basicAuth(mock, MEMBER) },
        body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'wait', content: 'wakes it' }),
      }),
    );
    expect(sent.status).toBe(200);
    expect((await waiting).revision).toBeGreaterThan(revision);

    const current = (await changes('')).revision;
    const timingOut = changes(`since=${current}&timeout=5`);
    expect(await settled(timingOut)).toBe(false);
    await clock.advance(4000);
    expect(await settled(timingOut)).toBe(false);
    await clock.advance(1000);
    expect((await timingOut).revision).toBeGreaterThanOrEqual(current);

    const reset = changes(`since=${(await changes('')).revision}&timeout=30`);
    mock.reset();
    expect((await reset).revision).toBeGreaterThan(current);
  });
});
