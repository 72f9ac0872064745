/** The access matrix: every route × every caller × own/another's/private object (see expectations.ts). */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../adapters/msw/handlers.js';
import { startServer, type RunningServer } from '../../adapters/node/server.js';
import { routes } from '../../api/routes/index.js';
import { createMock, type Mock } from '../../mock/create-mock.js';
import { createManualClock } from '../../store/clock.js';
import { CAPABILITY_KEYS } from '../../store/events/options.js';
import { apiEmail } from '../../store/users.js';
import { TEST_START_MS } from '../transports.js';
import { ACTIVE_CALLERS, CALLER_IDS } from './callers.js';
import { EXPECTATIONS } from './expectations.js';
import { findLeaks } from './leaks.js';
import { cellsOf, routeKey, runCells, type Cell, type MatrixTarget } from './matrix.js';
import { sendAs } from './probes.js';
import { accessRealm, IDS, MARK } from './realm.js';

const ALL_CAPABILITIES = Object.fromEntries(CAPABILITY_KEYS.map((k) => [k, true]));

function newMock(): Mock {
  return createMock({
    realm: accessRealm(),
    clock: createManualClock(TEST_START_MS),
    seed: 1,
    logError: () => {},
  });
}

function inProcess(mock: Mock): MatrixTarget {
  return { mock, send: (path, init) => mock.fetch(new Request(`http://localhost:9991${path}`, init)) };
}

function allCells(): Cell[] {
  return routes
    .filter((r) => EXPECTATIONS[routeKey(r)])
    .flatMap((r) => cellsOf(r, EXPECTATIONS[routeKey(r)]!));
}

describe('access matrix', () => {
  it('declares an expectation for every route of the route table', () => {
    const missing = routes.map(routeKey).filter((key) => !EXPECTATIONS[key]);
    expect(missing).toEqual([]);
  });

  it('answers every cell as expected in-process, without leaks, and a refusal changes nothing', async () => {
    const cells = allCells();
    expect(cells.length).toBeGreaterThan(routes.length * 9);
    expect(await runCells(inProcess(newMock()), cells)).toEqual([]);
  }, 120_000);
});

describe('access matrix: a sample of cells over node HTTP and MSW', () => {
  const mock = newMock();
  // Every seventh cell: each caller and variant is reached, a few hundred requests per transport.
  const sample = allCells().filter((_, i) => i % 7 === 0);
  let server: RunningServer | undefined;
  const msw = setupServer(...createHandlers(mock));
  beforeAll(async () => {
    server = await startServer(mock, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => mock.reset());

  it('over node HTTP', async () => {
    const target: MatrixTarget = { mock, send: (path, init) => fetch(`${server!.url}${path}`, init) };
    expect(await runCells(target, sample)).toEqual([]);
  }, 60_000);

  it('through MSW', async () => {
    msw.listen({ onUnhandledRequest: 'error' });
    try {
      const target: MatrixTarget = {
        mock,
        send: (path, init) => fetch(`http://localhost:9991${path}`, init),
      };
      expect(await runCells(target, sample)).toEqual([]);
    } finally {
      msw.close();
    }
  }, 60_000);
});

describe('access matrix: leaks around the table', () => {
  let mock: Mock;
  beforeEach(() => {
    mock = newMock();
  });

  it('finds every planted marker where it may be seen (the scan is not blind)', async () => {
    const keeper = IDS.keeper;
    const seen = [
      (
        await sendAs(mock, keeper, 'GET', 'messages', {
          anchor: 'newest',
          num_before: 50,
          num_after: 0,
          narrow: [{ operator: 'channel', operand: IDS.vault }],
        })
      ).text,
      (
        await sendAs(mock, keeper, 'GET', 'messages', {
          anchor: 'newest',
          num_before: 50,
          num_after: 0,
          narrow: [{ operator: 'dm', operand: [IDS.prospero] }],
        })
      ).text,
      (await sendAs(mock, keeper, 'GET', 'drafts')).text,
      (await sendAs(mock, keeper, 'GET', 'saved_snippets')).text,
      (await sendAs(mock, keeper, 'GET', 'scheduled_messages')).text,
      (await sendAs(mock, keeper, 'GET', 'users/me')).text,
      (await sendAs(mock, CALLER_IDS.admin, 'GET', 'users')).text,
    ].join('\n');
    expect(findLeaks('member', seen).sort()).toEqual(
      [
        'adminEmail',
        'channel',
        'dm',
        'draft',
        'hiddenEmail',
        'message',
        'scheduled',
        'snippet',
        'topic',
      ].sort(),
    );
    expect(findLeaks('guest', seen)).toContain('keeperName');
    expect(findLeaks('admin', seen)).not.toContain('channel');
  });

  it('registers every caller with subscribers and all capabilities without a leak', async () => {
    const problems: string[] = [];
    for (const caller of ACTIVE_CALLERS) {
      const res = await sendAs(mock, CALLER_IDS[caller], 'POST', 'register', {
        include_subscribers: true,
        client_capabilities: ALL_CAPABILITIES,
      });
      expect(res.status).toBe(200);
      problems.push(...findLeaks(caller, res.text).map((name) => `${caller}: ${name}`));
    }
    expect(problems).toEqual([]);
  });

  it('answers each caller for itself when the same reads follow one another without a reset', async () => {
    // Administrators first: an answer cached for them must not reach the others.
    const order = ['admin', 'owner', 'bot', 'guest', 'member', 'moderator'] as const;
    const problems: string[] = [];
    for (const caller of order) {
      const id = CALLER_IDS[caller];
      const texts = [
        (
          await sendAs(mock, id, 'GET', 'messages', {
            anchor: 'newest',
            num_before: 100,
            num_after: 0,
            narrow: [{ operator: 'channel', operand: IDS.publicChannel }],
          })
        ).text,
        (await sendAs(mock, id, 'GET', `messages/${IDS.quietMessage}`)).text,
        (await sendAs(mock, id, 'GET', 'users')).text,
        (await sendAs(mock, id, 'GET', `users/${IDS.quiet}`)).text,
        (await sendAs(mock, id, 'GET', `streams/${IDS.vault}/members`)).text,
        (await sendAs(mock, id, 'POST', 'register', { include_subscribers: true })).text,
      ];
      problems.push(...findLeaks(caller, texts.join('\n')).map((name) => `${caller}: ${name}`));
      // What the administrator was shown would be a leak for a member: the check can fail. (From feature
      // level 474 realm_bots in register no longer holds the keeper's bot key.)
      if (caller === 'admin')
        expect(findLeaks('member', texts.join('\n'))).toEqual(['channel', 'adminEmail']);
    }
    expect(problems).toEqual([]);
  });

  it("sends no caller an event about the keeper's private activity; the keeper gets it", async () => {
    const caps = { capabilities: ALL_CAPABILITIES, allPublicStreams: true };
    const queues = ACTIVE_CALLERS.map(
      (caller) => [caller, mock.services.queues.register(CALLER_IDS[caller], caps)] as const,
    );
    const own = mock.services.queues.register(IDS.keeper, caps);
    const keeper = (method: string, path: string, params: Record<string, unknown>) =>
      sendAs(mock, IDS.keeper, method, path, params);
    const sent = await keeper('POST', 'messages', {
      type: 'stream',
      to: IDS.vault,
      topic: MARK.topic,
      content: `${MARK.message} again`,
    });
    expect(sent.status).toBe(200);
    const id = (JSON.parse(sent.text) as { id: number }).id;
    const steps = [
      await keeper('PATCH', `messages/${id}`, {
        content: `${MARK.message} edited`,
        topic: `${MARK.topic} 2`,
      }),
      await keeper('POST', `messages/${id}/reactions`, { emoji_name: 'smile' }),
      await keeper('POST', 'messages', { type: 'direct', to: [IDS.prospero], content: `${MARK.dm} again` }),
      await keeper('POST', 'drafts', {
        drafts: [
          { type: 'stream', to: [IDS.vault], topic: MARK.topic, content: MARK.draft, timestamp: 1763683000 },
        ],
      }),
      await keeper('POST', 'saved_snippets', { title: MARK.snippet, content: MARK.snippet }),
      await keeper('POST', 'scheduled_messages', {
        type: 'stream',
        to: IDS.vault,
        topic: MARK.topic,
        content: MARK.scheduled,
        scheduled_delivery_timestamp: 1893456000,
      }),
      await keeper('POST', 'users/me/presence', { status: 'active' }),
      await keeper('POST', 'typing', {
        op: 'start',
        type: 'stream',
        stream_id: IDS.vault,
        topic: MARK.topic,
      }),
    ];
    expect(steps.map((s) => s.status)).toEqual(steps.map(() => 200));
    const problems = queues.flatMap(([caller, queue]) =>
      findLeaks(caller, JSON.stringify(queue.contents())).map((name) => `${caller}: ${name}`),
    );
    expect(problems).toEqual([]);
    expect(findLeaks('member', JSON.stringify(own.contents()))).toEqual(
      expect.arrayContaining(['message', 'topic', 'dm', 'draft', 'snippet', 'scheduled']),
    );
  });

  it('never shows a guest the presence of a user the guest cannot access; a member sees it', async () => {
    expect((await sendAs(mock, IDS.keeper, 'POST', 'users/me/presence', { status: 'active' })).status).toBe(
      200,
    );
    expect((await sendAs(mock, IDS.quiet, 'POST', 'users/me/presence', { status: 'active' })).status).toBe(
      200,
    );
    // GET /realm/presence keys presences by API e-mail, register with slim_presence by user id.
    const keysOf = (userId: number) => {
      const user = mock.store.state.users.get(userId)!;
      return [String(userId), apiEmail(mock.store.state, user)];
    };
    const presences = async (userId: number) => {
      const res = await sendAs(mock, userId, 'GET', 'realm/presence');
      const register = await sendAs(mock, userId, 'POST', 'register', {
        slim_presence: true,
        fetch_event_types: ['presence'],
      });
      return [res, register].map((r) => Object.keys((JSON.parse(r.text) as { presences: object }).presences));
    };
    for (const keys of await presences(CALLER_IDS.guest)) {
      expect(keys.filter((k) => keysOf(IDS.keeper).includes(k))).toEqual([]);
      expect(keys.filter((k) => keysOf(IDS.quiet).includes(k))).toHaveLength(1);
    }
    for (const keys of await presences(CALLER_IDS.member))
      expect(keys.filter((k) => keysOf(IDS.keeper).includes(k))).toHaveLength(1);
  });

  it('renders a link to a private channel only for a caller with access to it', async () => {
    const render = async (userId: number) =>
      (
        JSON.parse(
          (await sendAs(mock, userId, 'POST', 'messages/render', { content: `#**${MARK.channel}**` })).text,
        ) as { rendered: string }
      ).rendered;
    for (const caller of ACTIVE_CALLERS)
      expect(await render(CALLER_IDS[caller])).not.toContain(`data-stream-id="${IDS.vault}"`);
    expect(await render(IDS.keeper)).toContain(`data-stream-id="${IDS.vault}"`);
  });
});
