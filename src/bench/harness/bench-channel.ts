/**
 * The bench channel of the harness's message rows, as every benchmark sets it up: its ten subscribers (the admin
 * and the first nine other active humans of the dev realm) and the message each POST /messages sends.
 */

/** The form fields of the bench's POST /messages. */
export const BENCH_MESSAGE = {
  type: 'stream',
  to: 'bench',
  topic: 'load',
  content: 'a benchmark message with **some** markup',
} as const satisfies Record<string, string>;

/** An urlencoded form body (a load generator sends the same bytes every time: encode it once). */
export const formBody = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();

/** The admin and the first nine other active humans: the bench channel's ten subscribers. */
export function benchMembers<U extends { user_id: number; is_active: boolean; is_bot: boolean }>(
  users: Iterable<U>,
  admin: U,
): U[] {
  const others = [...users].filter((u) => u.is_active && !u.is_bot && u.user_id !== admin.user_id);
  return [admin, ...others].slice(0, 10);
}

/** The fields of POST /users/me/subscriptions that subscribe `members` to the bench channel. */
export function subscribeFields(members: ReadonlyArray<{ user_id: number }>): Record<string, string> {
  return {
    subscriptions: JSON.stringify([{ name: BENCH_MESSAGE.to }]),
    principals: JSON.stringify(members.map((u) => u.user_id)),
  };
}
