/**
 * The access matrix across realms: an actor of realm A aims every route at realm B's objects (by id, by name,
 * by e-mail) and with B's API keys. Realm A is the dev realm and B the access realm (the dev realm plus planted
 * objects whose text is a marker), so A has none of B's objects and no marker: A must answer exactly as a
 * twin of A on a server without B does, no marker may reach A's answers or A's queues, and B must not change.
 */
import { realmDigest } from '../../fuzz/check.js';
import type { Mock } from '../../mock/create-mock.js';
import { CAPABILITY_KEYS } from '../../store/events/options.js';
import { authorizationOf, CALLER_IDS, type CallerName } from './callers.js';
import { substitute, type Cell } from './matrix.js';
import { objectId } from './objects.js';
import { MARK } from './realm.js';

/** The realms of one cross-realm run: A and B of one server, and A's twin on a server without B. */
export interface CrossRealms {
  a: Mock;
  b: Mock;
  twin: Mock;
  /** Sends to the realm at `subdomain` of the server holding A and B, or (twin) of the twin's server. */
  send(server: 'ab' | 'twin', subdomain: string, path: string, init: RequestInit): Promise<Response>;
}

const ALL_CAPABILITIES = Object.fromEntries(CAPABILITY_KEYS.map((k) => [k, true]));
const encode = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
const MARKERS = Object.values(MARK).map((m) => m.toLowerCase());

/** The markers of B found in a text of A (every one is a leak: A has none of its own). */
export function markersIn(text: string): string[] {
  const lower = text.toLowerCase();
  return MARKERS.filter((m) => lower.includes(m));
}

/** What an answer is judged by: status, error code and message (ids and times differ between realms). */
async function outcomeOf(response: Response): Promise<{ outcome: string; text: string }> {
  const text = await response.text();
  let body: { code?: string; msg?: string; result?: string } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  return { outcome: `${response.status} ${body?.code ?? ''} ${body?.msg ?? ''}`.trim(), text };
}

/** The request of a cell: path with the object, query or form body, and the caller's credentials. */
function requestOf(cell: Cell, object: string | number | undefined, self: number, authorization?: string) {
  const { route, expectation } = cell;
  const params = substitute(expectation.params ?? {}, object, self) as Record<string, unknown>;
  const pathValues = substitute(expectation.path ?? {}, object, self) as Record<string, unknown>;
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(encode(pathValues[name] ?? object ?? '')),
  );
  const form = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, encode(v)])).toString();
  const headers: Record<string, string> = {};
  if (authorization) headers.authorization = authorization;
  const isGet = route.method === 'GET';
  if (!isGet) headers['content-type'] = 'application/x-www-form-urlencoded';
  const url = `${route.root ? '' : '/api/v1'}${path}${isGet && form ? `?${form}` : ''}`;
  return {
    url,
    init: { method: route.method, headers, redirect: 'manual', ...(isGet ? {} : { body: form }) },
  };
}

/**
 * Sends one cell as an actor of A aiming at B's object, to A and to A's twin; returns what is wrong. Objects
 * made on demand (queues, invitations) are made in B.
 */
export async function runCrossCell(realms: CrossRealms, cell: Cell): Promise<string[]> {
  const { a, b, twin, send } = realms;
  const { caller, variant } = cell;
  const self = CALLER_IDS[caller];
  const where = `${cell.key} as A's ${caller} at B's ${variant}`;
  const object = cell.expectation.object
    ? objectId(b, cell.expectation.object, variant, caller, self)
    : undefined;
  const bBefore = realmDigest(b.store);
  const account = a.store.state.users.get(self)!;
  const { url, init } = requestOf(cell, object, self, authorizationOf(caller as CallerName, account));
  const queue = a.services.queues.register(self, { capabilities: ALL_CAPABILITIES });
  const twinQueue = twin.services.queues.register(self, { capabilities: ALL_CAPABILITIES });
  const inA = await outcomeOf(await send('ab', 'a', url, init as RequestInit));
  const inTwin = await outcomeOf(await send('twin', 'a', url, init as RequestInit));
  const problems: string[] = [];
  if (inA.outcome !== inTwin.outcome)
    problems.push(`${where}: A answered '${inA.outcome}', a server without B '${inTwin.outcome}'`);
  for (const marker of markersIn(inA.text)) problems.push(`${where}: A's answer holds B's marker ${marker}`);
  for (const marker of markersIn(JSON.stringify(queue.contents())))
    problems.push(`${where}: an event of A holds B's marker ${marker}`);
  if (realmDigest(b.store) !== bBefore) problems.push(`${where}: B changed`);
  a.services.queues.remove(queue);
  twin.services.queues.remove(twinQueue);
  return problems;
}

/**
 * Sends a route with the credentials of B's accounts (by B's keys: the keeper, only in B, and B's copy of the
 * caller) to A: an authenticating route must answer 401 Invalid API key, and B must not change.
 */
export async function runForeignKeyCell(realms: CrossRealms, cell: Cell): Promise<string[]> {
  const { a, b, send } = realms;
  const problems: string[] = [];
  const self = CALLER_IDS[cell.caller];
  const object = cell.expectation.object
    ? objectId(b, cell.expectation.object, cell.variant, cell.caller, self)
    : undefined;
  for (const account of [b.store.state.users.get(self)!, b.store.state.users.get(940)!]) {
    const { url, init } = requestOf(cell, object, self, authorizationOf('member', account));
    const bBefore = realmDigest(b.store);
    const aBefore = realmDigest(a.store);
    const answer = await outcomeOf(await send('ab', 'a', url, init as RequestInit));
    const where = `${cell.key} with B's key of ${account.delivery_email}`;
    if (answer.outcome !== '401 UNAUTHORIZED Invalid API key')
      problems.push(`${where}: expected 401 Invalid API key, got '${answer.outcome}'`);
    if (realmDigest(a.store) !== aBefore || realmDigest(b.store) !== bBefore)
      problems.push(`${where}: a realm changed`);
  }
  return problems;
}
