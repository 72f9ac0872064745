/** Which kind of server-assigned id a field holds, told by its name, its container and its neighbours. */

/** Containers whose members' `id` is of a known kind. */
export const CONTAINER_KINDS: Record<string, string> = {
  messages: 'message',
  streams: 'stream',
  channels: 'stream',
  channel: 'stream',
  subscriptions: 'stream',
  unsubscribed: 'stream',
  never_subscribed: 'stream',
  users: 'user',
  members: 'user',
  realm_users: 'user',
  realm_non_active_users: 'user',
  person: 'user',
  bots: 'user',
  display_recipient: 'user',
  events: 'event',
};
// `<name>_id` fields whose name says less than their kind.
const SUFFIXED_KINDS: Record<string, string> = {
  sender: 'user',
  owner: 'user',
  bot_owner: 'user',
  creator: 'user',
  acting_user: 'user',
  invited_by_user: 'user',
  channel: 'stream',
  last_event: 'event',
  max_message: 'message',
  first_message: 'message',
  first_processed: 'message',
  last_processed: 'message',
};
// Fields without the suffix that hold ids (an API key is a server-made secret, compared like an id).
const PLAIN_KINDS: Record<string, string> = { anchor: 'message', subscribers: 'user', api_key: 'api_key' };
/** Objects keyed by ids, and the kind of those ids. */
export const KEYED_KINDS: Record<string, string> = {
  subscribed: 'user',
  already_subscribed: 'user',
  message_details: 'message',
  // GET /messages/matches_narrow: {messages: {"<id>": {match_content, match_subject}}}.
  messages: 'message',
};

/** A table's own entry (never an inherited property such as `constructor`). */
export const own = (table: Record<string, string>, key: string): string | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** `messages` → `message`. */
export const singular = (name: string): string => (name.endsWith('s') ? name.slice(0, -1) : name);

/** The kind of id a field holds (`message`, `stream`, `user`, `queue`, `event`, ...), or undefined. */
export function idKind(key: string, container: string | undefined): string | undefined {
  if (key === 'id') return container ? (own(CONTAINER_KINDS, container) ?? singular(container)) : undefined;
  const plain = own(PLAIN_KINDS, key);
  if (plain) return plain;
  const base = /^(.+)_ids?$/.exec(key)?.[1];
  return base === undefined ? undefined : (own(SUFFIXED_KINDS, base) ?? base);
}

const isIdList = (value: unknown): boolean =>
  Array.isArray(value) && value.length > 0 && value.every((v) => Number.isInteger(v));

/**
 * The id kind of `object[key]`, where `container` is the key `object` sits under: `idKind`, plus id lists
 * under container names (`messages: [12, 13]`), channel numbers of edit history, `to` of drafts and scheduled messages (a channel or users),
 * and the `value` of an update whose `property` names an id field.
 */
export function fieldIdKind(
  key: string,
  value: unknown,
  object: Record<string, unknown>,
  container: string | undefined,
): string | undefined {
  if (key === 'value' && typeof object.property === 'string') {
    const kind = idKind(object.property, undefined);
    if (kind) return kind;
  }
  if (key === 'to' && (isIdList(value) || Number.isInteger(value)))
    return object.type === 'stream' || object.type === 'channel' ? 'stream' : 'user';
  if (isIdList(value)) {
    // `messages: [12, 13]`, `ignored_because_not_subscribed_channels: [19]`.
    const kind = own(CONTAINER_KINDS, key) ?? own(CONTAINER_KINDS, key.split('_').pop()!);
    if (kind) return kind;
  }
  // Edit history names channels by bare number: `stream`, `prev_stream`.
  if ((key === 'stream' || key === 'prev_stream') && Number.isInteger(value)) return 'stream';
  return idKind(key, container);
}
