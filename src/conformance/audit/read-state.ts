/** Reads, through the public API only, the state a conformance run must leave as it found it. */
import type { Account, AccountBook } from '../accounts.js';
import type { Alias } from '../alias.js';
import { send, type FetchLike, type ReceivedResponse } from '../session.js';
import type { Target } from '../target.js';

/** The audited state: sections of plain JSON, lists of objects keyed by their id so they compare by id. */
export type AuditState = Record<string, unknown>;

/** Options of {@link readAuditState}. */
export interface ReadStateOptions {
  aliases?: readonly Alias[];
}

/** Personal state read per account from POST /register (the queue is deleted at once). */
const ACCOUNT_SECTIONS = ['user_settings', 'alert_words', 'muted_users', 'user_status'];
/** How many accounts are read in parallel. */
const ACCOUNTS_AT_ONCE = 4;
/** Realm state read from POST /register as the administrator (or whichever account there is). */
const REALM_SECTIONS = ['realm', 'realm_user_settings_defaults', 'realm_playgrounds'];

/** Every distinct account of the book (roles, then actors), by e-mail. */
export function accountsOf(book: AccountBook): Account[] {
  const seen = new Map<string, Account>();
  for (const list of Object.values(book.byRole))
    for (const a of list) if (!seen.has(a.email)) seen.set(a.email, a);
  for (const a of Object.values(book.byActor)) if (!seen.has(a.email)) seen.set(a.email, a);
  if (book.fallback && !seen.has(book.fallback.email)) seen.set(book.fallback.email, book.fallback);
  return [...seen.values()];
}

/** A list of objects as an object keyed by `key` (`{"12": {...}}`), so a difference names the object. */
export function byId(list: unknown, key: string): Record<string, unknown> | unknown {
  if (!Array.isArray(list)) return list;
  return Object.fromEntries(
    list.map((item, i) => [String((item as Record<string, unknown>)?.[key] ?? `#${i}`), item]),
  );
}

/** Reads the audited state: each account's own state, then the realm's as the most privileged account. */
export async function readAuditState(
  target: Target,
  book: AccountBook,
  options: ReadStateOptions = {},
): Promise<AuditState> {
  const session = await target.session();
  const accounts = accountsOf(book);
  const admin = book.byRole.administrator?.[0] ?? book.byRole.owner?.[0] ?? accounts[0] ?? null;
  const ask = (method: string, path: string, params: Record<string, unknown>, account: Account | null) =>
    request(session.fetch, target.baseUrl, options.aliases ?? [], method, path, params, account);
  try {
    const readAccount = async (account: Account): Promise<Record<string, unknown>> => {
      const mine: Record<string, unknown> = { me: await ask('GET', '/users/me', {}, account) };
      Object.assign(mine, await registered(ask, account, ACCOUNT_SECTIONS));
      mine.attachments = byId(pick(await ask('GET', '/attachments', {}, account), 'attachments'), 'id');
      mine.subscriptions = byId(
        pick(await ask('GET', '/users/me/subscriptions', {}, account), 'subscriptions'),
        'stream_id',
      );
      return mine;
    };
    // A few accounts at a time: a real server sees at most ACCOUNTS_AT_ONCE audit requests in flight.
    const mine: Array<Record<string, unknown>> = [];
    for (let i = 0; i < accounts.length; i += ACCOUNTS_AT_ONCE)
      mine.push(...(await Promise.all(accounts.slice(i, i + ACCOUNTS_AT_ONCE).map(readAccount))));
    const state: AuditState = {
      accounts: Object.fromEntries(accounts.map((a, i) => [a.email, mine[i]])),
    };
    state.server_settings = await ask('GET', '/server_settings', {}, null);
    const realm = await registered(ask, admin, REALM_SECTIONS);
    realm.realm_playgrounds = byId(realm.realm_playgrounds, 'id');
    state.realm = realm;
    state.users = byId(
      pick(await ask('GET', '/users', { include_custom_profile_fields: true }, admin), 'members'),
      'user_id',
    );
    const isAdmin = !!book.byRole.administrator?.length || !!book.byRole.owner?.length;
    state.channels = byId(
      pick(
        await ask(
          'GET',
          '/streams',
          isAdmin ? { include_all_active: true, exclude_archived: false } : { exclude_archived: false },
          admin,
        ),
        'streams',
      ),
      'stream_id',
    );
    state.user_groups = byId(
      pick(await ask('GET', '/user_groups', { include_deactivated_groups: true }, admin), 'user_groups'),
      'id',
    );
    state.linkifiers = byId(pick(await ask('GET', '/realm/linkifiers', {}, admin), 'linkifiers'), 'id');
    state.custom_emoji = pick(await ask('GET', '/realm/emoji', {}, admin), 'emoji');
    state.custom_profile_fields = byId(
      pick(await ask('GET', '/realm/profile_fields', {}, admin), 'custom_fields'),
      'id',
    );
    return state;
  } finally {
    await session.close();
  }
}

type Ask = (
  method: string,
  path: string,
  params: Record<string, unknown>,
  account: Account | null,
) => Promise<unknown>;

/** POST /register for the snapshot sections, then DELETE /events of the queue it made: nothing is left behind. */
async function registered(
  ask: Ask,
  account: Account | null,
  sections: string[],
): Promise<Record<string, unknown>> {
  const body = (await ask(
    'POST',
    '/register',
    { fetch_event_types: sections, event_types: sections },
    account,
  )) as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || 'error' in body) return { register: body };
  if (typeof body.queue_id === 'string') await ask('DELETE', '/events', { queue_id: body.queue_id }, account);
  // The queue's own fields and the answer's envelope are not state of the server.
  const { result: _r, msg: _m, queue_id: _q, last_event_id: _l, ...rest } = body;
  return rest;
}

/** One request; a failed answer becomes `{error: status, code}` so that a change of access shows as a difference. */
async function request(
  fetch: FetchLike,
  baseUrl: string,
  aliases: readonly Alias[],
  method: string,
  path: string,
  params: Record<string, unknown>,
  account: Account | null,
): Promise<unknown> {
  const response: ReceivedResponse = await send(method, path, params, { fetch, baseUrl, account, aliases });
  if (response.status === 200) return response.body;
  const code = (response.body as { code?: unknown } | null)?.code;
  return { error: response.status, code: code ?? null };
}

/** The member `key` of a successful answer, or the error record as it is. */
function pick(body: unknown, key: string): unknown {
  const b = body as Record<string, unknown> | null;
  return b && typeof b === 'object' && key in b ? b[key] : body;
}
