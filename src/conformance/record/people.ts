/** The people of a recording: who sent requests (actors) and the known accounts their bodies may mention. */
import type { Account, AccountBook, Role } from '../accounts.js';
import { ROLES } from '../accounts.js';
import { send } from '../session.js';
import type { Target } from '../target.js';
import type { Credentials } from './exchange.js';

/** One account met in a recording, with what GET /users/me says of it. */
export interface Person {
  /** The actor name the scenario gives it (`member`, `member2`, an e-mail's local part...; see nameActors). */
  actor: string;
  /** The name it has before numbering: its role when the accounts list it by role, else a fixed name. */
  baseName: { role: Role; index: number } | { fixed: string };
  role: Role;
  /** Whether requests were sent with its credentials (it is then always an actor). */
  identity: boolean;
  /** Every address of the account in lower case: the login e-mail and the e-mails GET /users/me shows. */
  emails: string[];
  /** The `email` of GET /users/me: what `{actor.email}` reads on a replay. */
  email: string;
  apiKey: string;
  userId?: number;
  fullName?: string;
}

const ROLE_BY_NUMBER: Record<number, Role> = {
  100: 'owner',
  200: 'administrator',
  300: 'moderator',
  400: 'member',
  600: 'guest',
};

interface Me {
  user_id?: number;
  email?: string;
  delivery_email?: string | null;
  full_name?: string;
  role?: number;
  is_bot?: boolean;
}

/** GET /users/me as an account, straight to the target (not through the proxy, so it is not recorded). */
async function fetchMe(target: Target, account: Account): Promise<Me | undefined> {
  const session = await target.session();
  try {
    const response = await send(
      'GET',
      '/users/me',
      {},
      { fetch: session.fetch, baseUrl: target.baseUrl, account, aliases: [] },
    );
    return response.status === 200 ? (response.body as Me) : undefined;
  } catch {
    return undefined;
  } finally {
    await session.close();
  }
}

/** Where an e-mail sits in the book: its role list and position, or its actor name. */
function findInBook(
  book: AccountBook | undefined,
  email: string,
): { role?: Role; index: number; name?: string } {
  const lower = email.toLowerCase();
  for (const role of ROLES) {
    const index = book?.byRole[role]?.findIndex((a) => a.email.toLowerCase() === lower) ?? -1;
    if (index >= 0) return { role, index };
  }
  const named = Object.entries(book?.byActor ?? {}).find(([, a]) => a.email.toLowerCase() === lower);
  return named ? { index: 0, name: named[0] } : { index: -1 };
}

/** An actor name from an e-mail's local part (`a-b.c@x` -> `a_b_c`). */
export function nameFromEmail(email: string): string {
  const local = email
    .split('@')[0]!
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_');
  return /^[a-z]/.test(local) ? local : `user_${local}`;
}

function bookAccounts(book: AccountBook | undefined): Account[] {
  if (!book) return [];
  const all = [...Object.values(book.byRole).flat(), ...Object.values(book.byActor)];
  if (book.fallback) all.push(book.fallback);
  const seen = new Set<string>();
  return all.filter((a) => !seen.has(a.email.toLowerCase()) && seen.add(a.email.toLowerCase()));
}

/**
 * Resolves the identities of a recording and the book's accounts into people with actor names: the book's role
 * and position name an actor (`member`, `member2`), otherwise the e-mail's local part and the role GET /users/me
 * reports.
 */
export async function resolvePeople(
  identities: readonly Credentials[],
  book: AccountBook | undefined,
  target: Target,
): Promise<{ people: Person[]; warnings: string[] }> {
  const warnings: string[] = [];
  const accounts = new Map<string, { account: Account; identity: boolean }>();
  for (const c of identities)
    accounts.set(c.email.toLowerCase(), { account: { email: c.email, api_key: c.apiKey }, identity: true });
  for (const a of bookAccounts(book))
    if (!accounts.has(a.email.toLowerCase()))
      accounts.set(a.email.toLowerCase(), { account: a, identity: false });
  const people: Person[] = [];
  const entries = [...accounts.values()].map((entry) => ({
    ...entry,
    place: findInBook(book, entry.account.email),
  }));
  // Book order first, so that actors of one role are declared in the order a replay hands out accounts.
  entries.sort(
    (a, b) =>
      ROLES.indexOf(a.place.role ?? 'none') - ROLES.indexOf(b.place.role ?? 'none') ||
      a.place.index - b.place.index,
  );
  for (const { account, identity, place } of entries) {
    const me = await fetchMe(target, account);
    if (!me && !identity) continue;
    if (!me) warnings.push(`GET /users/me failed for one of the identities; its role is a guess`);
    const reported = me?.is_bot ? 'bot' : ROLE_BY_NUMBER[me?.role ?? -1];
    // The book's role is what a replay hands out for the actor; GET /users/me tells the others.
    const role: Role = place.role ?? reported ?? 'member';
    const baseName = place.name
      ? { fixed: /^[a-z][a-z0-9_]*$/.test(place.name) ? place.name : nameFromEmail(account.email) }
      : place.role
        ? { role: place.role, index: place.index }
        : { fixed: nameFromEmail(account.email) };
    const emails = [account.email, me?.email, me?.delivery_email]
      .filter((e): e is string => typeof e === 'string' && e.includes('@'))
      .map((e) => e.toLowerCase());
    people.push({
      actor: '',
      baseName,
      role,
      identity,
      emails: [...new Set(emails)],
      email: me?.email ?? account.email,
      apiKey: account.api_key,
      ...(typeof me?.user_id === 'number' ? { userId: me.user_id } : {}),
      ...(typeof me?.full_name === 'string' ? { fullName: me.full_name } : {}),
    });
  }
  return { people: nameActors(people).people, warnings };
}

/** The actor name of the account at `index` (from 0) of a role's list: `member`, `member2`... */
const roleActor = (role: Role, index: number): string => (index === 0 ? role : `${role}${index + 1}`);

/**
 * Names people and lists the scenario's actors. An account the book lists by role is named after its place
 * (`member`, `member2`...), and every earlier place of that role is declared too, so that a replay, which hands
 * out a role's accounts in order, gives each actor the account it had; others keep their own name, last.
 */
export function nameActors(people: readonly Person[]): { people: Person[]; actors: Array<[string, Role]> } {
  const actors: Array<[string, Role]> = [];
  for (const role of ROLES) {
    const places = people.flatMap((p) =>
      'role' in p.baseName && p.baseName.role === role ? [p.baseName.index] : [],
    );
    const last = Math.max(-1, ...places);
    for (let i = 0; i <= last; i++) actors.push([roleActor(role, i), role]);
  }
  const taken = new Set(['anonymous', ...actors.map(([name]) => name)]);
  const named = people.map((p) => {
    if ('role' in p.baseName) return { ...p, actor: roleActor(p.baseName.role, p.baseName.index) };
    let unique = p.baseName.fixed;
    for (let n = 2; taken.has(unique); n++) unique = `${p.baseName.fixed}_${n}`;
    taken.add(unique);
    actors.push([unique, p.role]);
    return { ...p, actor: unique };
  });
  return { people: named, actors };
}
