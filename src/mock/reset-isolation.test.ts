// The pattern README.md and docs/testing-msw.md show: one mock for the file, served through MSW, reset before every test.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../adapters/msw/handlers.js';
import { devRealm, preparedDevRealm } from '../testing/dev-realm.js';
import { createManualClock } from '../store/clock.js';
import { MOCK_ORIGIN, TEST_START_MS, basicAuth } from '../testing/transports.js';
import { createMock } from './create-mock.js';

const mock = createMock({ realm: preparedDevRealm(), logError: () => {} });
const server = setupServer(...createHandlers(mock));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => mock.reset());

const headers = () => ({
  Authorization: basicAuth(mock, 'hamlet@svc.test'),
  'Content-Type': 'application/x-www-form-urlencoded',
});

async function topicNames(): Promise<string[]> {
  const verona = mock.store.state.channelsByName.get('verona')!;
  const res = await fetch(`${MOCK_ORIGIN}/api/v1/users/me/${verona.stream_id}/topics`, {
    headers: headers(),
  });
  const body = (await res.json()) as { topics: Array<{ name: string }> };
  return body.topics.map((t) => t.name);
}

describe('createMock under MSW with a reset before each test', () => {
  // Both tests post to the same topic and expect to be the only one that did: they pass in either order.
  for (const name of ['first', 'second']) {
    it(`${name} test sees none of the other test's messages`, async () => {
      expect(await topicNames()).not.toContain('isolation');
      const res = await fetch(`${MOCK_ORIGIN}/api/v1/messages`, {
        method: 'POST',
        headers: headers(),
        body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'isolation', content: name }),
      });
      expect(res.status).toBe(200);
      expect(await topicNames()).toContain('isolation');
      expect(mock.requests().at(-1)).toMatchObject({ method: 'GET', status: 200, email: 'hamlet@svc.test' });
    });
  }

  it('the store seen through mock.store is the one the API changes after a reset', async () => {
    const before = mock.store;
    mock.reset();
    expect(mock.store).not.toBe(before);
    const res = await fetch(`${MOCK_ORIGIN}/api/v1/users/me`, { headers: headers() });
    const me = (await res.json()) as { user_id: number };
    expect(mock.store.state.users.get(me.user_id)?.delivery_email).toBe('hamlet@svc.test');
  });
});

describe('queue ids', () => {
  it('never repeat across mocks, resets and restores in one process', () => {
    const hamlet = mock.store.state.usersByEmail.get('hamlet@svc.test')!.user_id;
    const ids = new Set<string>();
    const other = createMock({ realm: preparedDevRealm(), seed: 1 });
    const again = createMock({ realm: preparedDevRealm(), seed: 1 });
    for (const target of [mock, other, again]) {
      ids.add(target.services.queues.register(hamlet).id);
      target.reset();
      ids.add(target.services.queues.register(hamlet).id);
      target.restore(devRealm());
      ids.add(target.services.queues.register(hamlet).id);
    }
    expect(ids.size).toBe(9);
  });
});

describe('what a reset leaves behind', () => {
  it('a message scheduled before the reset is not delivered by the discarded state', () => {
    const clock = createManualClock(TEST_START_MS);
    const local = createMock({ realm: preparedDevRealm(), clock });
    const hamlet = local.store.state.usersByEmail.get('hamlet@svc.test')!;
    const old = local.store;
    const request = (body: string) => ({
      method: 'POST',
      path: '/api/v1/scheduled_messages',
      query: '',
      header: (name: string) =>
        ({
          authorization: `Basic ${btoa(`${hamlet.delivery_email}:${hamlet.api_key}`)}`,
          'content-type': 'application/x-www-form-urlencoded',
        })[name],
      body,
    });
    return local
      .handle(
        request(
          new URLSearchParams({
            type: 'stream',
            to: String(local.store.state.channelsByName.get('verona')!.stream_id),
            topic: 'later',
            content: 'scheduled',
            scheduled_delivery_timestamp: String(TEST_START_MS / 1000 + 3600),
          }).toString(),
        ),
      )
      .then((res) => {
        expect(res.status).toBe(200);
        const id = (res.body as { scheduled_message_id: number }).scheduled_message_id;
        local.reset();
        clock.advance(2 * 3600 * 1000);
        expect(old.state.scheduledMessages.get(id)?.delivered_message_id ?? null).toBeNull();
      });
  });
});
