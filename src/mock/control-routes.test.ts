import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../adapters/node/server.js';
import { createApp } from '../api/app.js';
import { createManualClock, type ManualClock } from '../store/clock.js';
import { devRealm, preparedDevRealm } from '../testing/dev-realm.js';
import { MOCK_ORIGIN, TEST_START_MS, basicAuth } from '../testing/transports.js';
import { listAccounts } from './accounts.js';
import { createMock, type Mock } from './create-mock.js';

const HAMLET = 'hamlet@svc.test';
type Send = (path: string, init?: RequestInit) => Promise<Response>;

for (const transport of ['in-process', 'http'] as const) {
  describe(`control API [${transport}]`, () => {
    let mock: Mock;
    let clock: ManualClock;
    let server: RunningServer | undefined;
    let agent: Agent | undefined;
    const target = {
      handle: (r: Parameters<Mock['handle']>[0]) => mock.handle(r),
      fetch: (r: Request) => mock.fetch(r),
    };
    let send: Send = (path, init) => target.fetch(new Request(`${MOCK_ORIGIN}${path}`, init));

    beforeAll(async () => {
      clock = createManualClock(TEST_START_MS);
      mock = createMock({ realm: preparedDevRealm(), clock, logError: () => {} });
      if (transport === 'http') {
        server = await startServer(target, { port: 0, host: '127.0.0.1' });
        agent = new Agent({ keepAliveTimeout: 1000 });
        const origin = server.url;
        send = (path, init) =>
          undiciFetch(`${origin}${path}`, {
            ...(init as object),
            dispatcher: agent,
          } as never) as unknown as Promise<Response>;
      }
    });
    afterAll(async () => {
      await agent?.close();
      await server?.close();
    });
    beforeEach(() => mock.reset());

    const auth = () => ({ Authorization: basicAuth(mock, HAMLET) });
    const form = (params: Record<string, string>, method = 'POST'): RequestInit => ({
      method,
      headers: { ...auth(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    const json = async (response: Promise<Response>) => {
      const res = await response;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary API bodies
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const sendMessage = (content: string) =>
      json(send('/api/v1/messages', form({ type: 'stream', to: 'Verona', topic: 'control', content })));
    const register = async () =>
      (await json(send('/api/v1/register', form({ event_types: '["message","heartbeat"]' })))).body
        .queue_id as string;
    const poll = (queueId: string, lastEventId = -1) =>
      json(send(`/api/v1/events?queue_id=${queueId}&last_event_id=${lastEventId}`, { headers: auth() }));

    it('reset drops what the API changed and every event queue; queue ids never repeat', async () => {
      const sent = await sendMessage('before reset');
      expect(sent.status).toBe(200);
      const queueId = await register();
      expect((await json(send('/svc-mock/reset', { method: 'POST' }))).status).toBe(200);
      const fetched = await json(send(`/api/v1/messages/${sent.body.id}`, { headers: auth() }));
      expect(fetched.status).toBe(400);
      const stale = await poll(queueId);
      expect(stale.body).toMatchObject({ result: 'error', code: 'BAD_EVENT_QUEUE_ID' });
      expect(await register()).not.toBe(queueId);
    });

    it('a poll parked during a reset is answered with BAD_EVENT_QUEUE_ID', async () => {
      const queueId = await register();
      const parked = poll(queueId);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await send('/svc-mock/reset', { method: 'POST' });
      expect((await parked).body).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: queueId });
    });

    it('advancing the clock sends a heartbeat to a parked poll, then expires the idle queue', async () => {
      const queueId = await register();
      const parked = poll(queueId);
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Other tests of this app move the clock too: the advance is measured from where it is now.
      const before = (await json(send('/svc-mock/clock'))).body.now as number;
      const moved = await json(
        send('/svc-mock/clock', { method: 'POST', body: new URLSearchParams({ advance: '1m' }) }),
      );
      expect(moved.body.now).toBe(before + 60);
      const answer = await parked;
      expect(answer.body.events.map((e: { type: string }) => e.type)).toEqual(['heartbeat']);
      await send('/svc-mock/clock', { method: 'POST', body: new URLSearchParams({ advance: '11m' }) });
      expect((await poll(queueId, 0)).body.code).toBe('BAD_EVENT_QUEUE_ID');
    });

    it('GET /svc-mock/clock answers the time; set moves it and never backwards; bad values are refused', async () => {
      const now = await json(send('/svc-mock/clock'));
      const later = Math.floor(now.body.now) + 3600;
      const set = await json(
        send('/svc-mock/clock', { method: 'POST', body: new URLSearchParams({ set: String(later) }) }),
      );
      expect(set.body).toMatchObject({
        result: 'success',
        now: later,
        iso: new Date(later * 1000).toISOString(),
      });
      const back = await json(
        send('/svc-mock/clock', { method: 'POST', body: new URLSearchParams({ set: '1000' }) }),
      );
      expect(back.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
      const bad = await json(
        send('/svc-mock/clock', { method: 'POST', body: new URLSearchParams({ advance: 'soon' }) }),
      );
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toContain('advance');
      expect((await json(send('/svc-mock/clock'))).body.now).toBe(later);
    });

    it('a jump past the last time a date can hold is refused (400), and the clock stays where it was', async () => {
      const before = (await json(send('/svc-mock/clock'))).body.now;
      for (const params of [[['set', '9007199254740993']], [['advance', '99999999999999d']]]) {
        const answer = await json(
          send('/svc-mock/clock', { method: 'POST', body: new URLSearchParams(params) }),
        );
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
      }
      expect((await json(send('/svc-mock/clock'))).body.now).toBe(before);
    });

    it('GET /svc-mock/accounts lists what the accounts command lists', async () => {
      const res = await json(send('/svc-mock/accounts'));
      expect(res.body.accounts).toEqual(listAccounts(mock.store));
      expect(res.body.accounts.some((a: { email: string }) => a.email === HAMLET)).toBe(true);
    });

    it('GET /svc-mock/requests logs method, path, user and status, with limit and since', async () => {
      const before = (await json(send('/svc-mock/requests'))).body.requests as Array<{ id: number }>;
      const since = before.at(-1)?.id ?? 0;
      await send('/api/v1/users/me', { headers: auth() });
      await send('/api/v1/nowhere');
      const all = (await json(send(`/svc-mock/requests?since=${since}`))).body.requests.filter(
        (r: { path: string }) => r.path.startsWith('/api/'),
      );
      expect(all.slice(0, 2)).toMatchObject([
        { method: 'GET', path: '/api/v1/users/me', email: HAMLET, status: 200 },
        { method: 'GET', path: '/api/v1/nowhere', user_id: null, status: 404 },
      ]);
      const last = (await json(send(`/svc-mock/requests?since=${since}&limit=1`))).body.requests;
      expect(last).toHaveLength(1);
      expect(last[0].path).toBe('/svc-mock/requests');
    });

    it('the request log names the sender and shows the body, whether or not the route reads them', async () => {
      const since = ((await json(send('/svc-mock/requests'))).body.requests as Array<{ id: number }>).at(
        -1,
      )!.id;
      const sent = await sendMessage('logged **text**');
      // A route that takes no credentials, sent some; credentials refused; a body never read (404).
      await send('/api/v1/server_settings', { headers: auth() });
      await send('/api/v1/users/me', { headers: { Authorization: 'Basic aGFtbGV0QHN2Yy50ZXN0Ondyb25n' } });
      await send('/api/v1/nowhere', form({ left: 'unread' }));
      const logged = (await json(send(`/svc-mock/requests?since=${since}`))).body.requests.filter(
        (r: { path: string }) => r.path.startsWith('/api/'),
      );
      const hamlet = listAccounts(mock.store).find((a) => a.email === HAMLET)!;
      expect(logged).toMatchObject([
        {
          path: '/api/v1/messages',
          user_id: hamlet.user_id,
          email: HAMLET,
          status: 200,
          request_body: new URLSearchParams({
            type: 'stream',
            to: 'Verona',
            topic: 'control',
            content: 'logged **text**',
          }).toString(),
          response_body: JSON.stringify(sent.body),
        },
        { path: '/api/v1/server_settings', user_id: hamlet.user_id, email: HAMLET, status: 200 },
        { path: '/api/v1/users/me', user_id: null, email: null, status: 401 },
        // Over HTTP a refused body is never read; in process fetch has it already.
        {
          path: '/api/v1/nowhere',
          user_id: hamlet.user_id,
          status: 404,
          request_body: transport === 'http' ? null : 'left=unread',
        },
      ]);
    });

    it('restore with a bad body is refused with a 400 naming the problem and changes nothing', async () => {
      const sent = await sendMessage('kept');
      const broken = { ...(devRealm() as object), users: 'nobody' };
      const res = await json(
        send('/svc-mock/restore', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(broken),
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/users/);
      const notJson = await json(
        send('/svc-mock/restore', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{',
        }),
      );
      expect(notJson.status).toBe(400);
      const fetched = await json(send(`/api/v1/messages/${sent.body.id}`, { headers: auth() }));
      expect(fetched.body.message.content).toBe('<p>kept</p>');
    });

    it('restore with a realm fixture replaces the state', async () => {
      const sent = await sendMessage('replaced');
      const res = await json(
        send('/svc-mock/restore', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(devRealm()),
        }),
      );
      expect(res.body).toEqual({ result: 'success', msg: '' });
      expect((await json(send(`/api/v1/messages/${sent.body.id}`, { headers: auth() }))).status).toBe(400);
    });
  });
}

describe('control off', () => {
  const paths = [
    ['POST', '/svc-mock/reset'],
    ['GET', '/svc-mock/clock'],
    ['GET', '/svc-mock/accounts'],
    ['GET', '/svc-mock/requests'],
    ['POST', '/svc-mock/restore'],
  ] as const;
  for (const [name, make] of [
    ['createApp', () => createApp({ realm: preparedDevRealm(), logError: () => {} })],
    ['createMock({ control: false })', () => createMock({ realm: preparedDevRealm(), control: false })],
  ] as const) {
    it(`${name} answers 404 with the error envelope on every control route`, async () => {
      const app = make();
      for (const [method, path] of paths) {
        const res = await app.fetch(new Request(`${MOCK_ORIGIN}${path}`, { method }));
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({
          result: 'error',
          code: 'BAD_REQUEST',
          msg: `Not Found: no endpoint ${method} ${path}`,
        });
      }
    });
  }
});
