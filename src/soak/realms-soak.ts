/**
 * The many-realms soak: N realms of one server, Q event queues in each, rounds of concurrent sends from every
 * realm; after each round every queue must hold exactly the messages its own realm sent in that round. Used by
 * src/mock/realms-soak.test.ts (bounded) and the script src/soak/realms.ts (longer).
 */

/** Sends to the realm at `subdomain` of the server under test. */
export type RealmFetch = (subdomain: string, path: string, init?: RequestInit) => Promise<Response>;

/** An account row as `accounts()` and `POST /svc-mock/realms` list it. */
export interface SoakRealmAccount {
  email: string;
  api_key: string;
}

/** Makes the realm at `subdomain` and returns its accounts (in process, or over POST /svc-mock/realms). */
export type RealmMaker = (subdomain: string) => Promise<SoakRealmAccount[]>;

/** A RealmMaker over the control API of the server `send` reaches (from its root host). */
export function realmsOverHttp(createAt: (path: string, init: RequestInit) => Promise<Response>): RealmMaker {
  return async (subdomain) => {
    const answer = await createAt('/svc-mock/realms', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ subdomain }),
    });
    if (answer.status !== 200) throw new Error(`POST /svc-mock/realms ${subdomain}: ${await answer.text()}`);
    return ((await answer.json()) as { accounts: SoakRealmAccount[] }).accounts;
  };
}

/** Size of a soak. */
export interface RealmSoakOptions {
  realms: number;
  /** Queues per realm, at most 10 (one per active human of the dev realm). */
  queues: number;
  /** Messages each realm sends per round. */
  sends: number;
  rounds: number;
  /** Subdomain prefix of the realms made (`s` → s1, s2, …). */
  prefix?: string;
}

/** What a soak found: problems (empty when every queue got exactly its realm's messages) and counts. */
export interface RealmSoakResult {
  problems: string[];
  sent: number;
  delivered: number;
}

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

type Account = SoakRealmAccount;

const accountOf = (realm: { accounts: Account[] }, local: string): Account =>
  realm.accounts.find((a) => a.email === `${local}@svc.test`)!;

const headersOf = (account: Account) => ({
  Authorization: `Basic ${btoa(`${account.email}:${account.api_key}`)}`,
  'Content-Type': 'application/x-www-form-urlencoded',
});

interface Queue {
  realm: string;
  account: Account;
  id: string;
  lastEventId: number;
}

/** Runs the soak: makes the realms with `make`, sends through `send`; leaves the realms in place. */
export async function soakRealms(
  make: RealmMaker,
  send: RealmFetch,
  options: RealmSoakOptions,
): Promise<RealmSoakResult> {
  const prefix = options.prefix ?? 's';
  const names = Array.from({ length: options.realms }, (_, i) => `${prefix}${i + 1}`);
  const realms = await Promise.all(
    names.map(async (subdomain) => ({ subdomain, accounts: await make(subdomain) })),
  );
  const queues: Queue[] = await Promise.all(
    realms.flatMap((realm) =>
      LISTENERS.slice(0, options.queues).map(async (local) => {
        const account = accountOf(realm, local);
        const answer = await send(realm.subdomain, '/api/v1/register', {
          method: 'POST',
          headers: headersOf(account),
          body: new URLSearchParams({ event_types: '["message"]', all_public_streams: 'true' }).toString(),
        });
        const body = (await answer.json()) as { queue_id: string; last_event_id: number };
        return { realm: realm.subdomain, account, id: body.queue_id, lastEventId: body.last_event_id };
      }),
    ),
  );
  const problems: string[] = [];
  let sent = 0;
  let delivered = 0;
  for (let round = 0; round < options.rounds && problems.length === 0; round++) {
    // Every realm sends at once, interleaved: message j of every realm before message j+1 of any.
    const sends: Array<Promise<Response>> = [];
    for (let j = 0; j < options.sends; j++)
      for (const realm of realms) {
        const body = new URLSearchParams({
          type: 'stream',
          to: 'Verona',
          topic: 'soak',
          content: `${realm.subdomain} round ${round} says ${j}`,
        });
        const headers = headersOf(accountOf(realm, 'iago'));
        sends.push(
          send(realm.subdomain, '/api/v1/messages', { method: 'POST', headers, body: body.toString() }),
        );
      }
    const statuses = (await Promise.all(sends)).map((r) => r.status);
    sent += statuses.length;
    if (statuses.some((s) => s !== 200))
      problems.push(`round ${round}: sends answered ${[...new Set(statuses)].join(', ')}`);
    await Promise.all(
      queues.map(async (queue) => {
        const query = new URLSearchParams({
          queue_id: queue.id,
          last_event_id: String(queue.lastEventId),
          dont_block: 'true',
        });
        const answer = await send(queue.realm, `/api/v1/events?${query}`, {
          headers: headersOf(queue.account),
        });
        if (answer.status !== 200) {
          problems.push(
            `round ${round}, ${queue.realm} queue of ${queue.account.email}: poll ${answer.status}`,
          );
          return;
        }
        const { events } = (await answer.json()) as {
          events: Array<{ id: number; type: string; message?: { content: string } }>;
        };
        for (const event of events) queue.lastEventId = Math.max(queue.lastEventId, event.id);
        const got = events
          .filter((e) => e.type === 'message')
          .map((e) => e.message!.content.replace(/<\/?p>/g, ''))
          .sort();
        delivered += got.length;
        const expected = Array.from(
          { length: options.sends },
          (_, j) => `${queue.realm} round ${round} says ${j}`,
        ).sort();
        if (JSON.stringify(got) !== JSON.stringify(expected))
          problems.push(
            `round ${round}, ${queue.realm} queue of ${queue.account.email}: ${JSON.stringify(got)}`,
          );
      }),
    );
  }
  if (queues.length !== options.realms * options.queues)
    problems.push(`registered ${queues.length} queues, not ${options.realms * options.queues}`);
  return { problems, sent, delivered };
}
