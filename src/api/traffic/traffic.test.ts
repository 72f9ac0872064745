import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createManualClock } from '../../store/clock.js';
import { preparedDevRealm } from '../../testing/dev-realm.js';
import { ADMIN, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { basicAuth, describeTransports, TEST_START_MS, type TestClient } from '../../testing/transports.js';
import { createTraffic } from './index.js';

const DENMARK = 3;
const SEED = 42;
const sleeps: number[] = [];
const traffic = createTraffic({
  seed: SEED,
  sleep: (ms) => {
    sleeps.push(ms);
    return Promise.resolve();
  },
});

beforeEach(() => {
  traffic.clear();
  traffic.reseed(SEED);
  sleeps.length = 0;
});

const WINDOW_END_S = String(Math.ceil((TEST_START_MS + 60_000) / 1000));

describeTransports(
  'traffic: latency, faults and rate limits',
  (t) => {
    const messageCount = () => t().app.store.state.messages.size;
    const send = (client: TestClient, content = 'hello') =>
      client.post('messages', { type: 'stream', to: DENMARK, topic: 'traffic', content });

    it('delays each request by a seeded draw from the latency range', async () => {
      traffic.set({ latency: '50..300' });
      for (let i = 0; i < 5; i++) expect((await t().as(MEMBER).get('users/me')).status).toBe(200);
      expect(sleeps).toHaveLength(5);
      for (const ms of sleeps) expect(ms >= 50 && ms <= 300 && Number.isInteger(ms)).toBe(true);
      expect(new Set(sleeps).size).toBeGreaterThan(1);
      const first = [...sleeps];
      traffic.reseed();
      sleeps.length = 0;
      for (let i = 0; i < 5; i++) await t().as(MEMBER).get('users/me');
      expect(sleeps).toEqual(first);
    });

    it('answers 500 with the error envelope at fail rate 1 and changes nothing', async () => {
      traffic.set({ failRate: 1, failKinds: ['500'] });
      const before = messageCount();
      const res = await send(t().as(MEMBER));
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ result: 'error', msg: 'Internal server error' });
      expect(messageCount()).toBe(before);
    });

    it.each([
      [502, 'Bad Gateway'],
      [503, 'Service Unavailable'],
      [504, 'Gateway Timeout'],
    ])('answers %i with a JSON gateway body at fail rate 1', async (status, msg) => {
      traffic.set({ failRate: 1, failKinds: String(status) });
      const res = await t().as(MEMBER).get('users/me', {}, { unchecked: true });
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ result: 'error', msg });
    });

    it('drops the connection, so the client sees a network error', async () => {
      traffic.set({ fail_rate: '1', fail_kinds: 'drop' });
      const before = messageCount();
      await expect(send(t().as(MEMBER))).rejects.toBeInstanceOf(TypeError);
      expect(messageCount()).toBe(before);
      traffic.clear();
      expect((await t().as(MEMBER).get('users/me')).status).toBe(200);
    });

    it('fails a seeded fraction that repeats run after run, mixing the configured kinds', async () => {
      const run = async () => {
        traffic.reseed(7);
        const outcomes: string[] = [];
        for (let i = 0; i < 40; i++) {
          const res = await t()
            .as(MEMBER)
            .get('users/me', {}, { unchecked: true })
            .catch(() => null);
          outcomes.push(res ? String(res.status) : 'drop');
        }
        return outcomes;
      };
      traffic.set({ failRate: 0.3, failKinds: '503,drop' });
      const first = await run();
      const second = await run();
      expect(second).toEqual(first);
      const failures = first.filter((o) => o !== '200');
      expect(failures.length).toBeGreaterThan(3);
      expect(failures.length).toBeLessThan(25);
      expect(new Set(failures)).toEqual(new Set(['503', 'drop']));
    });

    it('limits a user to N requests per window with the real server’s headers and 429 body', async () => {
      traffic.set({ rateLimit: '3/60s' });
      for (let i = 2; i >= 0; i--) {
        const res = await t().as(MEMBER).get('users/me');
        expect(res.status).toBe(200);
        expect(res.headers.get('x-ratelimit-limit')).toBe('3');
        expect(res.headers.get('x-ratelimit-remaining')).toBe(String(i));
        expect(res.headers.get('x-ratelimit-reset')).toBe(WINDOW_END_S);
      }
      t().clock.advance(20_500);
      const before = messageCount();
      const limited = await send(t().as(MEMBER));
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        result: 'error',
        msg: 'API usage exceeded rate limit',
        code: 'RATE_LIMIT_HIT',
        'retry-after': 39.5,
      });
      expect(limited.headers.get('retry-after')).toBe('39.5');
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(limited.headers.get('x-ratelimit-reset')).toBe(WINDOW_END_S);
      expect(messageCount()).toBe(before);
      // Other users have their own bucket.
      expect((await t().as(MEMBER2).get('users/me')).headers.get('x-ratelimit-remaining')).toBe('2');
    });

    it('opens a new window when the manual clock passes the reset time', async () => {
      traffic.set({ rateLimit: '2/10s' });
      await t().as(MEMBER).get('users/me');
      await t().as(MEMBER).get('users/me');
      expect((await t().as(MEMBER).get('users/me')).status).toBe(429);
      t().clock.advance(9_999);
      expect((await t().as(MEMBER).get('users/me')).status).toBe(429);
      t().clock.advance(1);
      const res = await t().as(MEMBER).get('users/me');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining')).toBe('1');
    });

    it('limits unauthenticated requests per client address (100 per 60 s by default)', async () => {
      traffic.set({ rateLimit: true });
      const first = await t().anonymous.get('server_settings');
      expect(first.headers.get('x-ratelimit-limit')).toBe('100');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('99');
      expect((await t().as(MEMBER).get('users/me')).headers.get('x-ratelimit-limit')).toBe('200');
      traffic.set({ ipRateLimit: '1/60s' });
      expect((await t().anonymous.get('server_settings')).status).toBe(200);
      const limited = await t().anonymous.get('server_settings');
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMIT_HIT');
    });

    it('applies per-endpoint settings to that route only', async () => {
      traffic.set({
        endpoints: { 'POST /messages': { rateLimit: '1/60s' }, 'GET /api/v1/users/me': { failRate: 1 } },
      });
      expect(traffic.get().endpoints).toHaveProperty(['GET /users/me']);
      expect((await send(t().as(MEMBER))).status).toBe(200);
      expect((await send(t().as(MEMBER))).status).toBe(429);
      expect((await t().as(MEMBER).get('users/me')).status).toBe(500);
      const other = await t().as(MEMBER).get('users');
      expect(other.status).toBe(200);
      expect(other.headers.get('x-ratelimit-limit')).toBeNull();
    });

    it('applies per-user settings (id or e-mail) over endpoint and global ones', async () => {
      const member2Id = t().app.store.state.usersByEmail.get(MEMBER2)!.user_id;
      traffic.set({
        failRate: 1,
        endpoints: { 'GET /users': { failRate: 0 } },
        users: { [MEMBER]: { failRate: 0 }, [String(member2Id)]: { failRate: 0, latency: 25 } },
      });
      expect((await t().as(ADMIN).get('users/me')).status).toBe(500);
      expect((await t().as(ADMIN).get('users')).status).toBe(200);
      expect((await t().as(MEMBER).get('users/me')).status).toBe(200);
      expect((await t().as(MEMBER2).get('users/me')).status).toBe(200);
      expect(sleeps).toEqual([25]);
      traffic.set({ users: { [MEMBER]: null } });
      expect((await t().as(MEMBER).get('users/me')).status).toBe(500);
    });

    it('never delays, fails or limits the mock-only /svc-mock routes, nor avatars', async () => {
      traffic.set({ latency: '5..10', failRate: 1, rateLimit: '1/60s' });
      const res = await t().anonymous.post(
        '/svc-mock/invitations/accept',
        { email: 'nobody@svc.test', full_name: 'Nobody' },
        { unchecked: true },
      );
      expect(res.status).toBe(400);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
      expect(sleeps).toEqual([]);
      traffic.set({ latency: null, failRate: 0 });
      for (let i = 0; i < 3; i++) {
        const avatar = await t().raw(`/avatar/${MEMBER}`, {
          headers: { authorization: basicAuth(t().app, MEMBER) },
          redirect: 'manual',
        });
        expect(avatar.status).toBe(302);
      }
    });

    it('lets a client retry loop honour Retry-After (advancing the clock) until every send succeeds', async () => {
      traffic.set({ rateLimit: '3/60s' });
      const client = t().as(MEMBER);
      const before = messageCount();
      let waits = 0;
      for (let i = 0; i < 7; i++) {
        for (;;) {
          const res = await send(client, `message ${i}`);
          if (res.status === 200) break;
          expect(res.status).toBe(429);
          waits++;
          t().clock.advance(Math.ceil(Number(res.headers.get('retry-after')) * 1000));
        }
      }
      expect(messageCount()).toBe(before + 7);
      expect(waits).toBe(2);
    });
  },
  { traffic },
);

describe('createTraffic settings', () => {
  it('refuses bad values with clear messages and keeps the old settings', () => {
    const t = createTraffic();
    t.set({ latency: '10..20' });
    expect(() => t.set({ latency: '300..50' })).toThrow(/Invalid latency 300..50/);
    expect(() => t.set({ failRate: 2 })).toThrow(/Invalid fail rate '2'/);
    expect(() => t.set({ failKinds: '500,boom' })).toThrow(/each must be one of 500, 502, 503, 504, drop/);
    expect(() => t.set({ rateLimit: '0/60s' })).toThrow(/Invalid rate limit/);
    expect(() => t.set({ endpoints: { messages: { failRate: 1 } } })).toThrow(/Invalid endpoint 'messages'/);
    expect(() => t.set({ users: { 'not a user': { failRate: 1 } } })).toThrow(/Invalid user/);
    expect(() => t.set({ speed: 3 })).toThrow(/Unknown settings field 'speed'/);
    expect(t.get()).toEqual({ latency: { min: 10, max: 20 }, endpoints: {}, users: {} });
  });

  it('is off by default and clear() turns everything off', async () => {
    const t = createTraffic({ settings: { rateLimit: '1/60s' } });
    const user = { user_id: 1, delivery_email: 'a@b.c' };
    expect(await t.admit({ endpoint: 'GET /users/me', user, now: 0 })).toMatchObject({
      headers: { 'X-RateLimit-Remaining': '0' },
    });
    expect(t.shaping()).toBe(true);
    t.clear();
    expect(t.shaping()).toBe(false);
    expect(t.get()).toEqual({ endpoints: {}, users: {} });
    expect(await t.admit({ endpoint: 'GET /users/me', user, now: 0 })).toEqual({});
    // A rule for one endpoint or user alone is shaping too (the dispatcher then asks admit() per request).
    t.set({ endpoints: { 'GET /users/me': { latency: '0..0' } } });
    expect(t.shaping()).toBe(true);
    t.clear();
    t.set({ users: { 'a@b.c': { rateLimit: '5/60s' } } });
    expect(t.shaping()).toBe(true);
    expect(createTraffic().shaping()).toBe(false);
  });

  it('waits real time, not the manual clock, so a frozen test clock does not hang requests', async () => {
    const clock = createManualClock(TEST_START_MS);
    const app = createApp({
      realm: preparedDevRealm(),
      clock,
      traffic: createTraffic({ settings: { latency: 1 } }),
    });
    const res = await app.fetch(new Request('http://localhost/api/v1/server_settings'));
    expect(res.status).toBe(200);
  });

  it('leaves responses alone without the traffic option', async () => {
    const app = createApp({ realm: preparedDevRealm() });
    const auth = basicAuth(app, MEMBER);
    const res = await app.fetch(
      new Request('http://localhost/api/v1/users/me', { headers: { authorization: auth } }),
    );
    expect(res.status).toBe(200);
    expect([...res.headers.keys()].filter((k) => k.startsWith('x-ratelimit'))).toEqual([]);
  });
});
