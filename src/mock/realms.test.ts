import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../store/clock.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import {
  authOf,
  formRequest,
  jsonRequest,
  openRealmTransport,
  TRANSPORTS,
  type RealmSend,
  type RealmTransport,
} from '../testing/realm-transports.js';
import { formatRequestLine } from '../cli/request-line.js';
import { createMock, type Mock } from './create-mock.js';

const START = Date.UTC(2025, 10, 21);

interface Account {
  email: string;
  api_key: string;
}

const accountOf = (accounts: Account[], email: string): Account => accounts.find((a) => a.email === email)!;

/** Sends a channel message as `account` in the realm at `subdomain`; returns its id. */
async function sendMessage(
  send: RealmSend,
  subdomain: string | undefined,
  account: Account,
  content: string,
) {
  const answer = await send(
    subdomain,
    '/api/v1/messages',
    formRequest('POST', { type: 'stream', to: 'Verona', topic: 'realms', content }, authOf(account)),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id as number;
}

for (const transport of TRANSPORTS) {
  describe(`many realms [${transport}]`, () => {
    let mock: Mock;
    let open: RealmTransport;
    let send: RealmSend;
    beforeEach(async () => {
      mock = createMock({ realm: preparedDevRealm(), clock: createManualClock(START), logError: () => {} });
      open = await openRealmTransport(transport, mock);
      send = open.send;
    });
    afterEach(() => open.close());

    it('creates a realm at its subdomain with its own URL and accounts; the root host keeps the default realm', async () => {
      const created = await send(undefined, '/svc-mock/realms', jsonRequest('POST', { subdomain: 'w1' }));
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.subdomain).toBe('w1');
      expect(created.body.realm_url).toMatch(/^http:\/\/w1\.localhost:\d+$/);
      const iago = accountOf(created.body.accounts, 'iago@svc.test');
      const me = await send('w1', '/api/v1/users/me', { headers: authOf(iago) });
      expect(me.status).toBe(200);
      expect(me.body.email).toBe('iago@svc.test');
      const settings = await send('w1', '/api/v1/server_settings');
      expect(settings.body.realm_url).toBe(created.body.realm_url);
      const rootSettings = await send(undefined, '/api/v1/server_settings');
      expect(rootSettings.body.realm_url).toBe('http://localhost:9991');
      const defaultIago = accountOf(mock.accounts() as Account[], 'iago@svc.test');
      expect((await send(undefined, '/api/v1/users/me', { headers: authOf(defaultIago) })).status).toBe(200);
      const listed = await send('w1', '/svc-mock/realms');
      expect(listed.body.realms).toEqual([
        {
          subdomain: 'w1',
          realm_url: created.body.realm_url,
          source: 'dev',
          feature_level: mock.services.featureLevel,
        },
      ]);
      // A realm at another feature level than the server's.
      const old = await send(
        undefined,
        '/svc-mock/realms',
        formRequest('POST', { subdomain: 'old', feature_level: '300' }),
      );
      expect(old.body.feature_level).toBe(300);
      expect((await send('old', '/api/v1/server_settings')).body.svc_feature_level).toBe(300);
    });

    it("refuses one realm's API key on another, and answers NONEXISTENT_SUBDOMAIN for a subdomain no realm has", async () => {
      const a = await mock.realms.create({ subdomain: 'a' });
      await mock.realms.create({ subdomain: 'b' });
      const aIago = accountOf(a.accounts() as Account[], 'iago@svc.test');
      const defaultIago = accountOf(mock.accounts() as Account[], 'iago@svc.test');
      expect(aIago.api_key).not.toBe(defaultIago.api_key);
      for (const [subdomain, account] of [
        ['b', aIago],
        [undefined, aIago],
        ['a', defaultIago],
      ] as const) {
        const answer = await send(subdomain, '/api/v1/users/me', { headers: authOf(account) });
        expect(answer.status).toBe(401);
        expect(answer.body.msg).toBe('Invalid API key');
      }
      const missing = await send('nope', '/api/v1/users/me', { headers: authOf(aIago) });
      expect(missing).toEqual({
        status: 404,
        body: { result: 'error', msg: 'Invalid subdomain', code: 'NONEXISTENT_SUBDOMAIN' },
      });
    });

    it('keeps messages, ids and control state (reset, clock, request log) to the realm of the Host', async () => {
      const a = await mock.realms.create({ subdomain: 'a' });
      const b = await mock.realms.create({ subdomain: 'b' });
      const aIago = accountOf(a.accounts() as Account[], 'iago@svc.test');
      const bIago = accountOf(b.accounts() as Account[], 'iago@svc.test');
      const inA = await sendMessage(send, 'a', aIago, 'only in a');
      const inB = await sendMessage(send, 'b', bIago, 'only in b');
      expect(inA).not.toBe(inB);
      expect((await send('b', `/api/v1/messages/${inA}`, { headers: authOf(bIago) })).status).toBe(400);
      expect((await send('a', `/api/v1/messages/${inA}`, { headers: authOf(aIago) })).status).toBe(200);
      const defaultIago = accountOf(mock.accounts() as Account[], 'iago@svc.test');
      expect(
        (await send(undefined, `/api/v1/messages/${inB}`, { headers: authOf(defaultIago) })).status,
      ).toBe(400);

      expect((await send('a', '/svc-mock/reset', { method: 'POST' })).status).toBe(200);
      expect((await send('a', `/api/v1/messages/${inA}`, { headers: authOf(aIago) })).status).toBe(400);
      expect((await send('b', `/api/v1/messages/${inB}`, { headers: authOf(bIago) })).status).toBe(200);

      const before = (await send(undefined, '/svc-mock/clock')).body.now as number;
      const moved = await send('a', '/svc-mock/clock', formRequest('POST', { advance: '1h' }));
      expect(moved.status).toBe(200);
      expect((await send(undefined, '/svc-mock/clock')).body.now).toBe(before);
      expect((await send('a', '/svc-mock/clock')).body.now).toBeGreaterThanOrEqual(before + 3600);

      const logged = (await send('b', '/svc-mock/requests')).body.requests as Array<{ path: string }>;
      expect(logged.map((r) => r.path)).toEqual([
        '/api/v1/messages',
        `/api/v1/messages/${inA}`,
        `/api/v1/messages/${inB}`,
      ]);
      const accounts = (await send('a', '/svc-mock/accounts')).body.accounts as Account[];
      expect(accountOf(accounts, 'iago@svc.test').api_key).toBe(aIago.api_key);
    });

    it('refuses a bad subdomain, a taken one and an unknown or invalid source, and changes nothing', async () => {
      await mock.realms.create({ subdomain: 'taken' });
      const refusals: Array<[unknown, RegExp]> = [
        [{ subdomain: 'Upper' }, /Invalid subdomain 'Upper'/],
        [{ subdomain: '-edge' }, /Invalid subdomain/],
        [{ subdomain: 'x'.repeat(64) }, /Invalid subdomain/],
        [{ subdomain: 'a.b' }, /Invalid subdomain/],
        [{ subdomain: 'taken' }, /Subdomain 'taken' is already in use/],
        [{ subdomain: 'fresh', source: 'no-such-fixture' }, /Unknown realm source 'no-such-fixture'/],
        [{ subdomain: 'fresh', source: { users: 'not a list' } }, /Invalid realm source/],
        [{ subdomain: 'fresh', source: { generate: 'users=lots' } }, /Invalid realm source/],
        [{ subdomain: 7 }, /subdomain must be a string/],
        [{ subdomain: 'fresh', feature_level: 99999 }, /Invalid feature_level: Feature level 99999 is newer/],
        [{ subdomain: 'fresh', feature_level: 'new' }, /feature_level must be an integer/],
      ];
      for (const [body, message] of refusals) {
        const answer = await send(undefined, '/svc-mock/realms', jsonRequest('POST', body));
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.code).toBe('BAD_REQUEST');
        expect(answer.body.msg).toMatch(message);
      }
      const malformed = await send(undefined, '/svc-mock/realms', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{',
      });
      expect(malformed.body.code).toBe('INVALID_JSON');
      expect(mock.realms.list().map((r) => r.subdomain)).toEqual(['taken']);
      expect((await send('fresh', '/api/v1/server_settings')).status).toBe(404);
    });

    it('deletes a realm: its host answers NONEXISTENT_SUBDOMAIN and its queues are closed', async () => {
      const gone = await mock.realms.create({ subdomain: 'gone' });
      const iago = accountOf(gone.accounts() as Account[], 'iago@svc.test');
      const registered = await send('gone', '/api/v1/register', formRequest('POST', {}, authOf(iago)));
      expect(registered.status).toBe(200);
      expect(gone.services.queues.size).toBe(1);
      expect((await send(undefined, '/svc-mock/realms/gone', { method: 'DELETE' })).status).toBe(200);
      expect(gone.services.queues.size).toBe(0);
      expect((await send('gone', '/api/v1/users/me', { headers: authOf(iago) })).body.code).toBe(
        'NONEXISTENT_SUBDOMAIN',
      );
      const again = await send(undefined, '/svc-mock/realms/gone', { method: 'DELETE' });
      expect(again.status).toBe(404);
      expect((await send(undefined, '/svc-mock/realms')).body.realms).toEqual([]);
      // The name is free again.
      expect(
        (await send(undefined, '/svc-mock/realms', jsonRequest('POST', { subdomain: 'gone' }))).status,
      ).toBe(200);
    });
  });
}

describe('many realms in process', () => {
  it('makes realms from a snapshot, a generator spec and named sources, sharing a source prepared before', async () => {
    const mock = createMock({
      realm: preparedDevRealm(),
      logError: () => {},
      realmSources: { tiny: mock0() },
    });
    const fromSnapshot = await mock.realms.create({ subdomain: 'snap', source: mock.snapshot() });
    expect(fromSnapshot.store.state.users.size).toBe(mock.store.state.users.size);
    const generated = await mock.realms.create({
      source: { generate: 'users=3,channels=2,messages=5,seed=1' },
    });
    expect(generated.subdomain).toBe('realm-1');
    expect(generated.store.state.messages.size).toBe(5);
    const tiny = await mock.realms.create({ source: 'tiny' });
    expect(tiny.store.state.realm.string_id).toBe('realm-2');
    expect(mock.realm('snap')).toBe(fromSnapshot);
    expect(fromSnapshot.realm('realm-2')).toBe(tiny);
    // A realm from the default source shares its prepared messages: no message record is copied.
    const shared = await mock.realms.create({ subdomain: 'shared' });
    const id = [...mock.store.state.messages.keys()][0]!;
    expect(shared.store.state.messages.get(id)).toBe(mock.store.state.messages.get(id));
    await expect(mock.realms.create({ subdomain: 'shared' })).rejects.toThrow(/already in use/);
  });

  it("keeps a realm's keys across reset and a restore of its own snapshot; another realm's keys are made its own", async () => {
    const mock = createMock({ realm: preparedDevRealm(), logError: () => {} });
    const a = await mock.realms.create({ subdomain: 'a' });
    const keys = (m: Mock) => (m.accounts() as Account[]).map((x) => x.api_key);
    const own = keys(a);
    a.reset();
    expect(keys(a)).toEqual(own);
    a.restore(a.snapshot());
    expect(keys(a)).toEqual(own);
    // The default realm's state, keys included, restored into a: a's own keys again, not the default realm's.
    a.restore(mock.snapshot());
    expect(keys(a)).toEqual(own);
    expect(keys(a).some((key) => keys(mock).includes(key))).toBe(false);
  });

  it('tells onRequest (serve --log) which realm answered', async () => {
    const seen: Array<[string, string | undefined]> = [];
    const mock = createMock({
      realm: preparedDevRealm(),
      logError: () => {},
      onRequest: (entry, subdomain) => seen.push([entry.path, subdomain]),
    });
    await mock.realms.create({ subdomain: 'a' });
    await mock.fetch(new Request('http://a.localhost/api/v1/server_settings'));
    await mock.fetch(new Request('http://localhost/api/v1/server_settings'));
    expect(seen).toEqual([
      ['/api/v1/server_settings', 'a'],
      ['/api/v1/server_settings', undefined],
    ]);
    expect(formatRequestLine({ ...mock.requests()[0]!, duration_ms: 1 }, 'a')).toBe(
      '[a] GET /api/v1/server_settings - 200 1ms',
    );
  });

  it('hands out ids of a new realm beyond every id of another realm', async () => {
    const mock = createMock({ realm: preparedDevRealm(), logError: () => {} });
    const a = await mock.realms.create({ subdomain: 'a' });
    const b = await mock.realms.create({ subdomain: 'b' });
    const next = (m: Mock) => m.store.nextId('message');
    const [fromDefault, fromA, fromB] = [next(mock), next(a), next(b)];
    expect(new Set([fromDefault, fromA, fromB]).size).toBe(3);
    expect(fromA).toBeGreaterThan(fromDefault);
    expect(fromB).toBeGreaterThan(fromA);
  });

  it('serves a subdomain host from the default realm while the mock has no other realm', async () => {
    const mock = createMock({ realm: preparedDevRealm(), logError: () => {} });
    const answer = await mock.fetch(new Request('http://svc-mock.localhost/api/v1/server_settings'));
    expect(answer.status).toBe(200);
    await mock.realms.create({ subdomain: 'a' });
    const after = await mock.fetch(new Request('http://svc-mock.localhost/api/v1/server_settings'));
    expect(after.status).toBe(404);
  });
});

/** The minimal realm fixture as a named source. */
function mock0(): unknown {
  return JSON.parse(readFileSync(new URL('../../fixtures/minimal-realm.json', import.meta.url), 'utf8'));
}
