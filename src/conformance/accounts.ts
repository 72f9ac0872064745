/** Accounts for scenario actors: from `svc-mock accounts --json`, a `{actor-or-role: {email, api_key}}` map, or an `[api]` ini file. */
import { parse as parseYaml } from 'yaml';

/** The roles an actor may have; `none` is an unauthenticated client. */
export const ROLES = ['owner', 'administrator', 'moderator', 'member', 'guest', 'bot', 'none'] as const;
/** One of {@link ROLES}. */
export type Role = (typeof ROLES)[number];

/** Credentials of one account. */
export interface Account {
  email: string;
  api_key: string;
}

/** What the server says an account is (GET /users/me), read by the accounts check before a run. */
export interface AccountFacts {
  user_id: number;
  /** The server's role, `bot` for a bot account. */
  role: Exclude<Role, 'none'>;
  is_active: boolean;
  /** Why the account cannot play any actor although its key is right (an incoming webhook bot). */
  unusable?: string;
}

/** Accounts by role (in the order successive actors take them) and by actor name; `site` from an ini file. */
export interface AccountBook {
  byRole: Partial<Record<Role, Account[]>>;
  byActor: Record<string, Account>;
  /** The account that answers every role not otherwise given (the ini `[api]` section; gone once checked). */
  fallback?: Account;
  site?: string;
  /** Set by the accounts check: each account's real role, by e-mail. */
  facts?: Record<string, AccountFacts>;
  /** Set by the accounts check: why a role has fewer accounts than the file gave it (the misfits). */
  unfit?: Partial<Record<Role, string>>;
}

/** Whether an account whose real role is `real` may play an actor of role `wanted` (owners are administrators too). */
export function fitsRole(real: AccountFacts['role'], wanted: string): boolean {
  return real === wanted || (wanted === 'administrator' && real === 'owner');
}

/** "an administrator", "a member": a role with its article, for skip reasons. */
export const aRole = (role: string): string => `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;

/** Thrown for an accounts file that cannot be used. */
export class AccountsError extends Error {}

const isRole = (name: string): name is Role => (ROLES as readonly string[]).includes(name);

/** Builds the book from `svc-mock accounts --json` rows: active accounts, bots apart, the owner doubling as administrator. */
export function accountsFromList(rows: ReadonlyArray<Record<string, unknown>>): AccountBook {
  const byRole: Partial<Record<Role, Account[]>> = {};
  for (const row of rows) {
    if (row.is_active === false) continue;
    if (typeof row.email !== 'string' || typeof row.api_key !== 'string')
      throw new AccountsError('every account needs "email" and "api_key" strings');
    const role = row.is_bot === true ? 'bot' : String(row.role);
    if (!isRole(role) || role === 'none') continue;
    (byRole[role] ??= []).push({ email: row.email, api_key: row.api_key });
  }
  if (!byRole.administrator?.length && byRole.owner?.length) byRole.administrator = [...byRole.owner];
  return { byRole, byActor: {} };
}

function accountFrom(value: unknown, where: string): Account {
  const v = value as Record<string, unknown> | null;
  const key = v?.api_key ?? v?.key;
  if (typeof v?.email !== 'string' || typeof key !== 'string')
    throw new AccountsError(`${where}: needs "email" and "api_key"`);
  return { email: v.email, api_key: key };
}

/** Builds the book from a map `{actor-or-role: {email, api_key}}` (a role may also take a list). */
export function accountsFromMap(map: Record<string, unknown>): AccountBook {
  const book: AccountBook = { byRole: {}, byActor: {} };
  for (const [name, value] of Object.entries(map)) {
    const list = Array.isArray(value)
      ? value.map((v, i) => accountFrom(v, `${name}[${i}]`))
      : [accountFrom(value, name)];
    if (isRole(name)) book.byRole[name] = list;
    else if (list.length === 1) book.byActor[name] = list[0]!;
    else throw new AccountsError(`${name}: an actor takes one account (lists are for roles)`);
  }
  return book;
}

/** Builds the book from an ini file: `[api]` (email, key, site) serves every role; `[role]` or `[actor]` sections add more. */
export function accountsFromIni(text: string): AccountBook {
  const sections: Record<string, Record<string, string>> = {};
  let current: Record<string, string> | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) sections[header[1]!.trim()] = current = {};
    else {
      const eq = line.indexOf('=');
      if (eq < 0 || !current) throw new AccountsError(`ini: cannot read line "${line}"`);
      current[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
    }
  }
  const { api, ...rest } = sections;
  if (!api) throw new AccountsError('ini: no [api] section');
  const book = accountsFromMap(rest);
  book.fallback = accountFrom(api, '[api]');
  if (api.site) book.site = api.site;
  return book;
}

/** Reads any of the three formats from a file's text (JSON list, JSON/YAML map, ini). */
export function parseAccounts(text: string): AccountBook {
  if (/^\s*\[api\]/m.test(text)) return accountsFromIni(text);
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new AccountsError(`not JSON, YAML or an [api] ini file: ${(error as Error).message}`);
  }
  if (Array.isArray(data)) return accountsFromList(data as Array<Record<string, unknown>>);
  if (data && typeof data === 'object') return accountsFromMap(data as Record<string, unknown>);
  throw new AccountsError(
    'expected a list of accounts, a map {actor-or-role: {email, api_key}} or an [api] ini file',
  );
}

/** Gives each actor an account (successive accounts of a role for several actors); a string says what is missing. */
export function resolveActors(
  actors: Record<string, string>,
  book: AccountBook,
): Record<string, Account | null> | string {
  const taken: Partial<Record<string, number>> = {};
  const out: Record<string, Account | null> = {};
  for (const [actor, role] of Object.entries(actors)) {
    if (role === 'none') {
      out[actor] = null;
      continue;
    }
    const own = book.byActor[actor];
    if (own) {
      const facts = book.facts?.[own.email];
      if (facts && (facts.unusable || !fitsRole(facts.role, role)))
        return `needs ${aRole(role)}; the accounts file's account for actor "${actor}" (${own.email}) is ${facts.unusable ?? aRole(facts.role)}`;
      out[actor] = own;
      continue;
    }
    const index = taken[role] ?? 0;
    taken[role] = index + 1;
    const account = book.byRole[role as Role]?.[index] ?? (index === 0 ? book.fallback : undefined);
    if (!account) {
      const unfit = book.unfit?.[role as Role];
      if (unfit) return `needs ${index ? `${index + 1} accounts of role ${role}` : aRole(role)}; ${unfit}`;
      return `no account for actor "${actor}" (${role} #${index + 1}) in the accounts`;
    }
    out[actor] = account;
  }
  return out;
}
