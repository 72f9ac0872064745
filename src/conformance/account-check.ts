/** The accounts check before a run: every account proves its role with GET /users/me, or the run stops (exit 2). */
import {
  aRole,
  fitsRole,
  ROLES,
  type Account,
  type AccountBook,
  type AccountFacts,
  type Role,
} from './accounts.js';
import type { Alias } from './alias.js';
import { send } from './session.js';
import type { Target } from './target.js';

/** An account the server refuses (a wrong key, a deactivated account) or cannot describe: a configuration error. */
export class AccountCheckError extends Error {}

const ROLE_OF: Record<number, AccountFacts['role']> = {
  100: 'owner',
  200: 'administrator',
  300: 'moderator',
  400: 'member',
  600: 'guest',
};

/** Every account of the book with the words that name it in messages. */
function entriesOf(book: AccountBook): Array<{ label: string; account: Account }> {
  const out: Array<{ label: string; account: Account }> = [];
  for (const [role, list] of Object.entries(book.byRole))
    list.forEach((account, i) =>
      out.push({
        label: `the accounts file's ${role} account${list.length > 1 ? ` #${i + 1}` : ''} (${account.email})`,
        account,
      }),
    );
  for (const [actor, account] of Object.entries(book.byActor))
    out.push({ label: `the account of actor "${actor}" (${account.email})`, account });
  if (book.fallback)
    out.push({ label: `the [api] account (${book.fallback.email})`, account: book.fallback });
  return out;
}

/** Reads one account's facts; throws {@link AccountCheckError} naming it when the server refuses it. */
async function factsOf(
  label: string,
  account: Account,
  target: Target,
  fetch: (r: Request) => Promise<Response>,
  aliases: readonly Alias[],
): Promise<AccountFacts> {
  const response = await send('GET', '/users/me', {}, { fetch, baseUrl: target.baseUrl, account, aliases });
  const body = response.body as Record<string, unknown> | null;
  const msg = typeof body?.msg === 'string' && body.msg ? `: ${body.msg}` : '';
  // Incoming webhook bots may only post to their webhook: the key is right, but the account can play no actor.
  if (response.status === 401 && /webhook bot/i.test(msg))
    return {
      user_id: 0,
      role: 'bot',
      is_active: true,
      unusable: 'an incoming webhook bot (no access to the API)',
    };
  if (response.status === 401)
    throw new AccountCheckError(
      `${label}: ${target.name} refused its credentials (401${msg}); correct the key or remove the account`,
    );
  if (response.status !== 200 || !body || typeof body.user_id !== 'number')
    throw new AccountCheckError(`${label}: GET /users/me answered ${response.status}${msg}`);
  const role = body.is_bot === true ? 'bot' : ROLE_OF[body.role as number];
  if (!role) throw new AccountCheckError(`${label}: GET /users/me gave an unknown role ${String(body.role)}`);
  return { user_id: body.user_id, role, is_active: body.is_active !== false };
}

/**
 * Checks every account of the book against the target and returns the book as the server sees it: a role keeps
 * only the accounts that really have it (an owner also serves as administrator), the misfits are kept as the
 * reason a scenario needing that role is skipped, and an `[api]` account fills only its own role.
 */
export async function checkAccounts(
  target: Target,
  book: AccountBook,
  options: { aliases?: readonly Alias[] } = {},
): Promise<AccountBook> {
  const facts: Record<string, AccountFacts> = {};
  const session = await target.session();
  try {
    for (const { label, account } of entriesOf(book))
      facts[account.email] ??= await factsOf(label, account, target, session.fetch, options.aliases ?? []);
  } finally {
    await session.close();
  }
  const byRole: AccountBook['byRole'] = {};
  const unfit: NonNullable<AccountBook['unfit']> = {};
  for (const [role, list] of Object.entries(book.byRole) as Array<[Role, Account[]]>) {
    const misfits: string[] = [];
    const fit = list.filter((a) => {
      const real = facts[a.email]!;
      if (real.is_active && !real.unusable && fitsRole(real.role, role)) return true;
      misfits.push(
        `the accounts file's ${role} account (${a.email}) is ${real.unusable ?? (real.is_active ? aRole(real.role) : 'deactivated')}`,
      );
      return false;
    });
    if (fit.length) byRole[role] = fit;
    if (misfits.length) unfit[role] = misfits.join('; ');
  }
  if (book.fallback) {
    const real = facts[book.fallback.email]!;
    const list = (byRole[real.role] ??= []);
    if (!real.unusable && !list.some((a) => a.email === book.fallback!.email)) list.push(book.fallback);
    if (!list.length) delete byRole[real.role];
    for (const role of ROLES)
      if (role !== 'none' && !byRole[role]?.length)
        unfit[role] ??= `the [api] account (${book.fallback.email}) is ${real.unusable ?? aRole(real.role)}`;
  }
  // As in `svc-mock accounts --json` books: with no administrator, the owner plays one.
  if (!byRole.administrator?.length && byRole.owner?.length) byRole.administrator = [...byRole.owner];
  const checked: AccountBook = { byRole, byActor: { ...book.byActor }, facts };
  if (book.site !== undefined) checked.site = book.site;
  if (Object.keys(unfit).length) checked.unfit = unfit;
  return checked;
}
