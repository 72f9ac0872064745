/**
 * 20 realms × 10 event queues under concurrent sends: every queue gets exactly the messages of its own realm,
 * over the node server (a Host per realm) and in process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../adapters/node/server.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { fetchWithHost } from '../testing/realm-transports.js';
import { createMock, type Mock } from './create-mock.js';

const REALMS = 20;
const QUEUES = 10;
const SENDS = 10;
/** Ten active humans of the dev realm, each with a queue in every realm. */
const LISTENERS = [
  'AARON',
  'ZOE',
  'cordelia',
  'desdemona',
  'hamlet',
  'iago',
  'othello',
  'polonius',
  'prospero',
  'shiva',
];

type Send = (subdomain: string, path: string, init?: RequestInit) => Promise<Response>;

const keyOf = (mock: Mock, local: string): { email: string; api_key: string } =>
  (mock.accounts() as Array<{ email: string; api_key: string }>).find(
    (a) => a.email === `${local}@svc.test`,
  )!;

const auth = (account: { email: string; api_key: string }) => ({
  Authorization: `Basic ${btoa(`${account.email}:${account.api_key}`)}`,
  'Content-Type': 'application/x-www-form-urlencoded',
});

/** Registers the queues, sends from every realm at once, then reads every queue; returns what is wrong. */
async function soak(mock: Mock, send: Send): Promise<string[]> {
  const names = Array.from({ length: REALMS }, (_, i) => `s${i + 1}`);
  const realms = await Promise.all(names.map((subdomain) => mock.realms.create({ subdomain })));
  const queues = await Promise.all(
    realms.flatMap((realm) =>
      LISTENERS.slice(0, QUEUES).map(async (local) => {
        const account = keyOf(realm, local);
        const answer = await send(realm.subdomain!, '/api/v1/register', {
          method: 'POST',
          headers: auth(account),
          body: new URLSearchParams({ event_types: '["message"]', all_public_streams: 'true' }).toString(),
        });
        const body = (await answer.json()) as { queue_id: string };
        return { realm: realm.subdomain!, account, queue: body.queue_id };
      }),
    ),
  );
  // Every realm sends at once, interleaved: message j of every realm before message j+1 of any.
  const sends: Array<Promise<Response>> = [];
  for (let j = 0; j < SENDS; j++)
    for (const realm of realms) {
      const sender = keyOf(realm, 'iago');
      const body = new URLSearchParams({
        type: 'stream',
        to: 'Verona',
        topic: 'soak',
        content: `${realm.subdomain} says ${j}`,
      });
      sends.push(
        send(realm.subdomain!, '/api/v1/messages', {
          method: 'POST',
          headers: auth(sender),
          body: body.toString(),
        }),
      );
    }
  const statuses = (await Promise.all(sends)).map((r) => r.status);
  const problems = statuses.some((s) => s !== 200)
    ? [`sends answered ${[...new Set(statuses)].join(', ')}`]
    : [];
  await Promise.all(
    queues.map(async ({ realm, account, queue }) => {
      const query = new URLSearchParams({ queue_id: queue, last_event_id: '-1', dont_block: 'true' });
      const answer = await send(realm, `/api/v1/events?${query}`, { headers: auth(account) });
      const { events } = (await answer.json()) as {
        events: Array<{ type: string; message?: { content: string } }>;
      };
      const got = events
        .filter((e) => e.type === 'message')
        .map((e) => e.message!.content.replace(/<\/?p>/g, ''))
        .sort();
      const expected = Array.from({ length: SENDS }, (_, j) => `${realm} says ${j}`).sort();
      if (JSON.stringify(got) !== JSON.stringify(expected))
        problems.push(`${realm} queue of ${account.email}: ${JSON.stringify(got)}`);
    }),
  );
  expect(queues).toHaveLength(REALMS * QUEUES);
  return problems;
}

describe(`${REALMS} realms × ${QUEUES} queues under concurrent sends`, () => {
  let running: RunningServer;
  const mock = createMock({ realm: preparedDevRealm(), logError: () => {} });
  beforeAll(async () => {
    running = await startServer(mock, { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => running.close());

  it("gives every queue exactly its own realm's messages over the node server", async () => {
    const send: Send = (subdomain, path, init) =>
      fetchWithHost(running.url, `${subdomain}.localhost:${running.port}`, path, init);
    expect(await soak(mock, send)).toEqual([]);
  }, 60_000);

  it("gives every queue exactly its own realm's messages in process", async () => {
    const local = createMock({ realm: preparedDevRealm(), logError: () => {} });
    const send: Send = (subdomain, path, init) =>
      local.fetch(new Request(`http://${subdomain}.localhost:9991${path}`, init));
    expect(await soak(local, send)).toEqual([]);
  }, 60_000);
});
