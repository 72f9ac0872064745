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
  baseName: { role: Role } | { fixed: string };
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
        ? { role: place.role }
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
  return { people: nameActors(people), warnings };
}

/**
 * Names people in order (book order: a replay hands out accounts of a role in that order): the first of a role
 * is `member`, the next `member2`...; people the book names or does not list keep their own name.
 */
export function nameActors<T extends Pick<Person, 'baseName'>>(
  people: readonly T[],
): Array<T & { actor: string }> {
  const taken = new Set<string>(['anonymous']);
  const counts = new Map<string, number>();
  return people.map((p) => {
    let name: string;
    if ('role' in p.baseName) {
      const n = (counts.get(p.baseName.role) ?? 0) + 1;
      counts.set(p.baseName.role, n);
      name = n === 1 ? p.baseName.role : `${p.baseName.role}${n}`;
    } else name = p.baseName.fixed;
    let unique = name;
    for (let n = 2; taken.has(unique); n++) unique = `${name}_${n}`;
    taken.add(unique);
    return { ...p, actor: unique };
  });
}
