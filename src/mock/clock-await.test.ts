// `await clock.advance()` right after starting a long poll (without awaiting the poll) answers it with a
// heartbeat: in-process and through MSW, on a manual clock, on createMock's controllable clock and through
// POST /svc-mock/clock. Callers that do not await keep the synchronous jump.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../adapters/msw/handlers.js';
import { createApp } from '../api/app.js';
import { createManualClock } from '../store/clock.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { MOCK_ORIGIN, TEST_START_MS, basicAuth } from '../testing/transports.js';
import { createMock } from './create-mock.js';

const HAMLET = 'hamlet@svc.test';
type Fetch = (request: Request) => Promise<Response>;

/**
 * Registers a queue; `begin()` then starts a long poll on it without awaiting it (call the clock in the same
 * synchronous run, so the poll is still on its way), and `answered` flips when the poll returns.
 */
async function registerQueue(send: Fetch, auth: string) {
  const registered = await send(
    new Request(`${MOCK_ORIGIN}/api/v1/register`, {
      method: 'POST',
      headers: { authorization: auth },
      body: new URLSearchParams({ event_types: '["message"]' }),
    }),
  );
  const { queue_id } = (await registered.json()) as { queue_id: string };
  const state = { answered: false, body: undefined as unknown, poll: Promise.resolve() };
  const begin = () => {
    state.poll = send(
      new Request(`${MOCK_ORIGIN}/api/v1/events?queue_id=${queue_id}&last_event_id=-1`, {
        headers: { authorization: auth },
      }),
    ).then(async (res) => {
      state.body = await res.json();
      state.answered = true;
    });
    return state;
  };
  return { queue_id, begin };
}

const heartbeat = (queue_id: string) => ({
  result: 'success',
  msg: '',
  events: [{ type: 'heartbeat', id: 0 }],
  queue_id,
});

describe('await clock.advance() settles a poll started just before it', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('createManualClock + createApp, in-process fetch', async () => {
    const clock = createManualClock(TEST_START_MS);
    const app = createApp({ realm: preparedDevRealm(), clock });
    const { queue_id, begin } = await registerQueue((r) => app.fetch(r), basicAuth(app, HAMLET));
    const state = begin();
    await clock.advance(60_000);
    expect(state.answered).toBe(true);
    expect(state.body).toEqual(heartbeat(queue_id));
    expect(clock.now()).toBe(TEST_START_MS + 60_000);
  });

  it('createMock on a manual clock, through MSW', async () => {
    const mock = createMock({ realm: preparedDevRealm(), clock: createManualClock(TEST_START_MS) });
    server.resetHandlers(...createHandlers(mock));
    const { queue_id, begin } = await registerQueue((r) => fetch(r), basicAuth(mock, HAMLET));
    const state = begin();
    await mock.clock.advance('60s');
    expect(state.answered).toBe(true);
    expect(state.body).toEqual(heartbeat(queue_id));
  });

  it('createMock on its default real-time clock, in-process and through MSW', async () => {
    const mock = createMock({ realm: preparedDevRealm() });
    server.resetHandlers(...createHandlers(mock));
    for (const send of [(r: Request) => mock.fetch(r), (r: Request) => fetch(r)]) {
      const { queue_id, begin } = await registerQueue(send, basicAuth(mock, HAMLET));
      const state = begin();
      await mock.clock.advance('60s');
      expect(state.answered).toBe(true);
      expect(state.body).toEqual(heartbeat(queue_id));
    }
  });

  it('POST /svc-mock/clock answers after the poll pending at the jump heard its heartbeat', async () => {
    const mock = createMock({ realm: preparedDevRealm(), clock: createManualClock(TEST_START_MS) });
    server.resetHandlers(...createHandlers(mock));
    const { queue_id, begin } = await registerQueue((r) => fetch(r), basicAuth(mock, HAMLET));
    const state = begin();
    const res = await fetch(`${MOCK_ORIGIN}/svc-mock/clock`, {
      method: 'POST',
      body: new URLSearchParams({ advance: '60s' }),
    });
    expect(res.status).toBe(200);
    expect(state.answered).toBe(true);
    expect(state.body).toEqual(heartbeat(queue_id));
  });

  it('keeps the synchronous jump for callers that do not await', async () => {
    const clock = createManualClock(TEST_START_MS);
    const app = createApp({ realm: preparedDevRealm(), clock });
    const fired: number[] = [];
    clock.setTimer(30_000, () => fired.push(clock.now()));
    void clock.advance(45_000);
    expect(clock.now()).toBe(TEST_START_MS + 45_000);
    expect(fired).toEqual([TEST_START_MS + 30_000]);
    void clock.set(TEST_START_MS + 50_000);
    expect(clock.now()).toBe(TEST_START_MS + 50_000);

    // Not awaited, the jump settles nothing on its way: a poll that arrives after it waits a whole heartbeat
    // interval from its own arrival.
    const { queue_id, begin } = await registerQueue((r) => app.fetch(r), basicAuth(app, HAMLET));
    void clock.advance(60_000);
    const state = begin();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.answered).toBe(false);
    await clock.advance(60_000);
    await state.poll;
    expect(state.body).toEqual(heartbeat(queue_id));
  });

  it('resolves only after the heartbeats it fires are delivered to polls already parked', async () => {
    const clock = createManualClock(TEST_START_MS);
    const app = createApp({ realm: preparedDevRealm(), clock });
    const first = (await registerQueue((r) => app.fetch(r), basicAuth(app, HAMLET))).begin();
    const second = (await registerQueue((r) => app.fetch(r), basicAuth(app, 'cordelia@svc.test'))).begin();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await clock.advance(59_999);
    expect([first.answered, second.answered]).toEqual([false, false]);
    await clock.advance(1);
    expect([first.answered, second.answered]).toEqual([true, true]);
  });
});
