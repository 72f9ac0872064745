/**
 * 20 realms × 10 event queues under concurrent sends: every queue gets exactly the messages of its own realm,
 * over the node server (a Host per realm) and in process. The longer run: src/soak/realms.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../adapters/node/server.js';
import {
  realmsOverHttp,
  soakRealms,
  type RealmFetch,
  type RealmMaker,
  type SoakRealmAccount,
} from '../soak/realms-soak.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { fetchWithHost } from '../testing/realm-transports.js';
import { createMock, type Mock } from './create-mock.js';

/** Makes realms in process. */
const maker =
  (mock: Mock): RealmMaker =>
  async (subdomain) =>
    (await mock.realms.create({ subdomain })).accounts() as SoakRealmAccount[];

const SIZE = { realms: 20, queues: 10, sends: 10, rounds: 2 };

describe(`${SIZE.realms} realms × ${SIZE.queues} queues under concurrent sends`, () => {
  let running: RunningServer;
  const mock = createMock({ realm: preparedDevRealm(), logError: () => {} });
  beforeAll(async () => {
    running = await startServer(mock, { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => running.close());

  it("gives every queue exactly its own realm's messages over the node server", async () => {
    const send: RealmFetch = (subdomain, path, init) =>
      fetchWithHost(running.url, `${subdomain}.localhost:${running.port}`, path, init);
    // Realms made over POST /svc-mock/realms on the root host.
    const make = realmsOverHttp((path, init) =>
      fetchWithHost(running.url, `localhost:${running.port}`, path, init),
    );
    const result = await soakRealms(make, send, SIZE);
    expect(result.problems).toEqual([]);
    expect(result.delivered).toBe(SIZE.realms * SIZE.queues * SIZE.sends * SIZE.rounds);
  }, 60_000);

  it("gives every queue exactly its own realm's messages in process", async () => {
    const local = createMock({ realm: preparedDevRealm(), logError: () => {} });
    const send: RealmFetch = (subdomain, path, init) =>
      local.fetch(new Request(`http://${subdomain}.localhost:9991${path}`, init));
    const result = await soakRealms(maker(local), send, SIZE);
    expect(result.problems).toEqual([]);
    expect(result.sent).toBe(SIZE.realms * SIZE.sends * SIZE.rounds);
  }, 60_000);

  it("notices a queue that gets another realm's message (the check is not blind)", async () => {
    const local = createMock({ realm: preparedDevRealm(), logError: () => {} });
    // A broken dispatch, simulated: x2's messages are sent in x1 (by x1's sender), so x1's queues get them.
    const send: RealmFetch = (subdomain, path, init = {}) => {
      if (subdomain === 'x2' && path === '/api/v1/messages') {
        const iago = (local.realm('x1')!.accounts() as SoakRealmAccount[]).find(
          (a) => a.email === 'iago@svc.test',
        )!;
        const authorization = `Basic ${btoa(`${iago.email}:${iago.api_key}`)}`;
        init = {
          ...init,
          headers: { ...(init.headers as Record<string, string>), Authorization: authorization },
        };
        subdomain = 'x1';
      }
      return local.fetch(new Request(`http://${subdomain}.localhost:9991${path}`, init));
    };
    const result = await soakRealms(maker(local), send, {
      realms: 2,
      queues: 1,
      sends: 1,
      rounds: 1,
      prefix: 'x',
    });
    expect(result.problems.sort()).toEqual([
      'round 0, x1 queue of AARON@svc.test: ["x1 round 0 says 0","x2 round 0 says 0"]',
      'round 0, x2 queue of AARON@svc.test: []',
    ]);
  });
});
