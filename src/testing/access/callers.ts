/** The callers of the access matrix: no credentials, a wrong key, a deactivated account and each role. */

/** One kind of caller. */
export type CallerName =
  'none' | 'bad-key' | 'deactivated' | 'bot' | 'guest' | 'member' | 'moderator' | 'admin' | 'owner';

/** Every caller, in the order the matrix runs them. */
export const CALLERS: readonly CallerName[] = [
  'none',
  'bad-key',
  'deactivated',
  'bot',
  'guest',
  'member',
  'moderator',
  'admin',
  'owner',
];

/** Callers that authenticate as an active account (the ones objects and permissions apply to). */
export const ACTIVE_CALLERS: readonly CallerName[] = [
  'bot',
  'guest',
  'member',
  'moderator',
  'admin',
  'owner',
];

/** The dev realm's user id behind each caller; `none` and `bad-key` borrow the member's objects. */
export const CALLER_IDS: Record<CallerName, number> = {
  none: 10,
  'bad-key': 10,
  deactivated: 18,
  bot: 16,
  guest: 13,
  member: 10,
  moderator: 15,
  admin: 11,
  owner: 9,
};

/** The Authorization header of a caller (undefined for `none`); `bad-key` sends a well-formed wrong key. */
export function authorizationOf(
  caller: CallerName,
  account: { delivery_email: string; api_key: string },
): string | undefined {
  if (caller === 'none') return undefined;
  const key =
    caller === 'bad-key'
      ? `${account.api_key.slice(0, -1)}${account.api_key.endsWith('Z') ? 'Y' : 'Z'}`
      : account.api_key;
  return `Basic ${btoa(`${account.delivery_email}:${key}`)}`;
}
