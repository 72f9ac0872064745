/** How the recorder reads a field: ids, user ids, timestamps, secrets, addresses that differ between servers. */

/** Keys whose values are ids: `id`, `ids`, `message_id`, `stream_ids`... */
export const isIdKey = (key: string): boolean => /(^|_)ids?$/.test(key);

/** Keys whose values are user ids (or lists of them). */
export const isUserKey = (key: string): boolean =>
  /(^|_)(user|sender|owner|creator|author|recipient|inviter|acting_user|bot_owner|invited_by_user)_ids?$/.test(
    key,
  ) || ['principals', 'members', 'direct_members', 'subscribers', 'add', 'delete'].includes(key);

/** Parameters whose values are ids even without an id-like name (`anchor`, a narrow's `operand`, `to`, `messages`). */
export const isIdParam = (key: string): boolean =>
  isIdKey(key) || ['anchor', 'operand', 'to', 'messages', 'subgroups'].includes(key);

/** Narrow operators whose operand names users. */
export const USER_OPERATORS = new Set(['dm', 'pm-with', 'sender', 'dm-including', 'group-pm-with']);

/** Keys that hold a moment in time. */
export const isTimeKey = (key: string): boolean =>
  /(^|_)(timestamp|time|date|joined|created|invited|expiry|expires|last_active)$/.test(key) ||
  key.startsWith('date_') ||
  key.endsWith('_at');

/** Keys whose values are counters of the server's own progress (event and update positions). */
export const isCounterKey = (key: string): boolean =>
  [
    'last_event_id',
    'max_message_id',
    'presence_last_update_id',
    'first_processed_id',
    'last_processed_id',
  ].includes(key);

/** Keys that hold the name of a topic, channel or group (where a name the recording made becomes `<name> {run}`). */
export const isNameKey = (key: string): boolean =>
  /(^|_)(topic|subject|name|stream|channel|to|operand|display_recipient)$/.test(key) &&
  !/full_name$/.test(key);

/**
 * Keys whose values tell the server's state more than the request's effect (whether the sender already followed
 * the topic, how busy a channel was, how far a history reaches): a replay on the same server answers otherwise,
 * so they are left out of expectations.
 */
export const isStateKey = (key: string): boolean =>
  [
    'automatic_new_visibility_policy',
    'found_anchor',
    'found_newest',
    'found_oldest',
    'history_limited',
    'stream_weekly_traffic',
    'is_recently_active',
    'subscriber_count',
    'unread_count',
  ].includes(key);

/** A number that reads as UNIX seconds between 2001 and 2096. */
export const looksLikeTime = (value: number): boolean => value > 1e9 && value < 4e9;

/** Keys that hold secrets: never written. */
export const isSecretKey = (key: string): boolean =>
  /(^|_)(api_key|password|secret|token)$/.test(key) || key === 'key';

/** Keys whose values differ between servers (addresses, versions). */
export const isServerKey = (key: string): boolean =>
  /(^|_)(url|uri|link|icon|version|merge_base|host)$/.test(key) || key === 'uuid';

/** A whole e-mail address. */
export const EMAIL = /^[^\s@/{}]+@[^\s@/{}]+\.[^\s@/{}]+$/;
/** E-mail addresses inside a longer text. */
export const EMAILS_IN = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** Escapes `{` so a recorded text is never read as a placeholder. */
export const escapeBraces = (text: string): string => text.replace(/\{/g, '{{');

/** The map key a value is remembered under (numbers and strings apart; a digit string also finds the number). */
export const valueKey = (value: unknown): string | undefined =>
  typeof value === 'number'
    ? `n:${value}`
    : typeof value === 'string' && value !== ''
      ? `s:${value}`
      : undefined;

const NAMES: Record<string, string> = {
  message: 'msg',
  stream: 'channel',
  scheduled_message: 'sched',
  saved_snippet: 'snippet',
  user_group: 'group',
  realm_filter: 'filter',
  linkifier: 'filter',
  realm_playground: 'playground',
};

const singular = (word: string): string => word.replace(/ies$/, 'y').replace(/s$/, '');

/** A readable capture name for a value found at a pointer (`/messages/3/id` -> msg, `/invites/0/id` -> invite). */
export function nameFor(pointer: string): string {
  const parts = pointer.split('/').filter((p) => p !== '' && !/^\d+$/.test(p));
  const key = parts.at(-1) ?? 'id';
  const base =
    key === 'id' || key === 'ids'
      ? singular(parts.at(-2) ?? 'id')
      : key.endsWith('_id') || key.endsWith('_ids')
        ? key.replace(/_ids?$/, '')
        : singular(key);
  const name = NAMES[base] ?? base;
  return name.replace(/[^A-Za-z0-9_]/g, '_') || 'id';
}

/**
 * The kind of id a key holds (`message_id` and a message's `id` -> msg, `stream_id` -> channel), so that a
 * captured invite id is never read into a snippet's `id`; undefined when the key does not tell (`anchor`, `to`).
 */
export function kindOf(parent: string, key: string): string | undefined {
  if (key === 'messages') return 'msg';
  if (!isIdKey(key)) return undefined;
  const kind = nameFor(`/${parent}/${key}`);
  return kind === 'id' ? undefined : kind;
}
