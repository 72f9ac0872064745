/** The access matrix across realms (see cross-realm.ts), in-process in full, over node HTTP and MSW sampled. */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../adapters/msw/handlers.js';
import { startServer, type RunningServer } from '../../adapters/node/server.js';
import { routes } from '../../api/routes/index.js';
import { createMock, type Mock } from '../../mock/create-mock.js';
import { realmDigest } from '../../fuzz/check.js';
import { createManualClock } from '../../store/clock.js';
import { preparedDevRealm } from '../dev-realm.js';
import { fetchWithHost } from '../realm-transports.js';
import { TEST_START_MS } from '../transports.js';
import { ACTIVE_CALLERS } from './callers.js';
import { markersIn, runCrossCell, runForeignKeyCell, type CrossRealms } from './cross-realm.js';
import { EXPECTATIONS } from './expectations.js';
import { cellsOf, routeKey, type Cell } from './matrix.js';
import { accessRealm, IDS, MARK } from './realm.js';

const newServer = (): Mock =>
  createMock({
    realm: preparedDevRealm(),
    clock: createManualClock(TEST_START_MS),
    seed: 1,
    logError: () => {},
  });

/** A server with realms a (dev) and b (access realm), and a twin server with only a. */
async function realmsOn(): Promise<{ ab: Mock; twinServer: Mock; a: Mock; b: Mock; twin: Mock }> {
  const ab = newServer();
  const twinServer = newServer();
  const clock = () => createManualClock(TEST_START_MS);
  const a = await ab.realms.create({ subdomain: 'a', clock: clock() });
  const b = await ab.realms.create({ subdomain: 'b', source: accessRealm(), clock: clock() });
  const twin = await twinServer.realms.create({ subdomain: 'a', clock: clock() });
  return { ab, twinServer, a, b, twin };
}

/** Active callers aiming at every object variant of every route (the caller-less cells say nothing here). */
function crossCells(): Cell[] {
  return routes
    .filter((r) => EXPECTATIONS[routeKey(r)])
    .flatMap((r) => cellsOf(r, EXPECTATIONS[routeKey(r)]!))
    .filter((cell) => ACTIVE_CALLERS.includes(cell.caller));
}

/** Runs cells, resetting whichever realm a cell changed (A with its twin). */
async function runAll(realms: CrossRealms, cells: readonly Cell[], foreignKeys: boolean): Promise<string[]> {
  const problems: string[] = [];
  const keyed = new Set<string>();
  for (const cell of cells) {
    const aBefore = realmDigest(realms.a.store);
    const bBefore = realmDigest(realms.b.store);
    problems.push(...(await runCrossCell(realms, cell)));
    // B's keys once per route (with the first object variant).
    if (foreignKeys && cell.route.auth !== 'none' && !keyed.has(cell.key)) {
      keyed.add(cell.key);
      problems.push(...(await runForeignKeyCell(realms, cell)));
    }
    if (cell.route.method !== 'GET' || realmDigest(realms.a.store) !== aBefore) {
      for (const realm of [realms.a, realms.twin]) {
        realm.faults.clear();
        realm.reset();
      }
    }
    // Invitations made in B as objects change its digest; its queues made as objects stay (harmless).
    if (realmDigest(realms.b.store) !== bBefore) realms.b.reset();
  }
  return problems;
}

describe('access matrix across realms', () => {
  it('every route: an actor of realm A aiming at B by id, name and key finds nothing and changes nothing (in-process)', async () => {
    const { ab, twinServer, a, b, twin } = await realmsOn();
    const realms: CrossRealms = {
      a,
      b,
      twin,
      send: (server, subdomain, path, init) =>
        (server === 'ab' ? ab : twinServer).fetch(
          new Request(`http://${subdomain}.localhost:9991${path}`, init),
        ),
    };
    const cells = crossCells();
    expect(new Set(cells.map((c) => c.key)).size).toBe(Object.keys(EXPECTATIONS).length);
    expect(await runAll(realms, cells, true)).toEqual([]);
  }, 120_000);

  it('sees B where B is asked: the check is not blind', async () => {
    const { ab, a, b } = await realmsOn();
    const member = [...a.store.state.users.values()].find((u) => u.user_id === 10)!;
    const bMember = b.store.state.users.get(10)!;
    const get = (subdomain: string, user: typeof member, path: string) =>
      ab.fetch(
        new Request(`http://${subdomain}.localhost:9991/api/v1/${path}`, {
          headers: { authorization: `Basic ${btoa(`${user.delivery_email}:${user.api_key}`)}` },
        }),
      );
    // The public message 3100 and channel 940 of B exist in B only.
    expect((await get('b', bMember, 'messages/3100')).status).toBe(200);
    expect((await get('a', member, 'messages/3100')).status).toBe(400);
    expect((await get('b', bMember, 'streams/940')).status).toBe(200);
    expect((await get('a', member, 'streams/940')).status).toBe(400);
    // The marker scan finds B's markers in B's own answers.
    const keeper = b.store.state.users.get(IDS.keeper)!;
    expect(markersIn(await (await get('b', keeper, 'users/me')).text())).toContain(MARK.hiddenEmail);
  });

  describe('sampled over node HTTP and MSW', () => {
    // Every fifth cell: each caller and variant is reached.
    const sample = crossCells().filter((_, i) => i % 5 === 0);
    const servers: RunningServer[] = [];
    let built: Awaited<ReturnType<typeof realmsOn>>;
    beforeAll(async () => {
      built = await realmsOn();
      servers.push(await startServer(built.ab, { port: 0, host: '127.0.0.1' }));
      servers.push(await startServer(built.twinServer, { port: 0, host: '127.0.0.1' }));
    });
    afterAll(async () => {
      for (const server of servers) await server.close();
    });

    it('over node HTTP, the realm named by the Host header', async () => {
      const [abServer, twinServer] = servers as [RunningServer, RunningServer];
      const realms: CrossRealms = {
        ...built,
        send: (server, subdomain, path, init) => {
          const running = server === 'ab' ? abServer : twinServer;
          return fetchWithHost(running.url, `${subdomain}.localhost:${running.port}`, path, init);
        },
      };
      expect(await runAll(realms, sample, false)).toEqual([]);
    }, 60_000);

    it('through MSW, the realm named by the URL', async () => {
      const msw = setupServer(
        ...createHandlers(built.ab, { baseUrl: 'http://a.localhost:9991' }),
        ...createHandlers(built.twinServer, { baseUrl: 'http://a.localhost:9992' }),
      );
      msw.listen({ onUnhandledRequest: 'error' });
      try {
        const realms: CrossRealms = {
          ...built,
          send: (server, subdomain, path, init) =>
            fetch(`http://${subdomain}.localhost:${server === 'ab' ? 9991 : 9992}${path}`, init),
        };
        expect(await runAll(realms, sample, false)).toEqual([]);
      } finally {
        msw.close();
      }
    }, 60_000);
  });
});
