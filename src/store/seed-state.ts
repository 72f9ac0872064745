/**
 * Seeding a store's state from a prepared realm without copying the bulk of it. Message records, the index
 * lists and the personal rows are frozen in the prepared state and shared by every store seeded from it; a
 * store copies one of them on its first write (mutableMessage, message-index.ts, UserRows), so the prepared
 * state never changes and stores stay independent. The rest of the state is small and copied outright.
 */
import type { MessageRecord, RealmState } from './state.js';
import { UserHistories, type UserRows } from './user-rows.js';
import { MessageTable } from './message-table.js';

/** Freezes a message record with its arrays and their entries (the mention set is read only by its type). */
function freezeMessage(message: MessageRecord): void {
  for (const reaction of message.reactions) Object.freeze(reaction);
  for (const edit of message.edit_history) Object.freeze(edit);
  Object.freeze(message.reactions);
  Object.freeze(message.edit_history);
  Object.freeze(message.recipients);
  Object.freeze(message);
}

/** Freezes what stores will share: a write that skips the copy-on-write path then throws instead of leaking. */
export function freezeForSharing(state: RealmState): void {
  for (const message of state.messages.values()) freezeMessage(message);
  const { index } = state;
  for (const lists of [index.byChannel, index.byTopic, index.byConversation])
    for (const list of lists.values()) Object.freeze(list);
  // A frozen Set can still be changed: freezing marks it shared, and message-index.ts copies such a set.
  for (const keys of index.topicKeysByChannel.values()) Object.freeze(keys);
  for (const rows of index.flags.values()) rows.freeze();
}

/** A deep copy of plain data: objects, arrays, Maps and Sets (anything else is a mistake in the state). */
function copy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  // Bytes (uploaded files) are never changed in place: every store shares them.
  if (ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value instanceof Map) {
    const out = new Map<unknown, unknown>();
    for (const [key, item] of value as Map<unknown, unknown>) out.set(key, copy(item));
    return out as T;
  }
  if (value instanceof Set) {
    const out = new Set<unknown>();
    for (const item of value as Set<unknown>) out.add(copy(item));
    return out as T;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null)
    throw new TypeError('seedState copies plain data only');
  // Spread keeps the record's fast shape (adding a hundred settings one by one would not), then copy nested.
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key in out) {
    const item = out[key];
    if (typeof item === 'object' && item !== null) out[key] = copy(item);
  }
  return out as T;
}

/** `byKey` with each record replaced by the record of the same id in `records` (keeps the aliasing). */
function relink<K, R>(byKey: Map<K, R>, records: Map<number, R>, id: (record: R) => number): Map<K, R> {
  const out = new Map<K, R>();
  for (const [key, record] of byKey) out.set(key, records.get(id(record))!);
  return out;
}

/** Fields seedState shares or re-links instead of copying. */
const SHARED_KEYS = new Set(['usersByApiKey', 'usersByEmail', 'channelsByName', 'messages', 'index']);

/**
 * A state for a new store: shares the frozen records, lists and rows of `shared` (frozen by
 * {@link freezeForSharing}) and copies everything else.
 */
export function seedState(shared: RealmState): RealmState {
  const seeded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(shared)) if (!SHARED_KEYS.has(key)) seeded[key] = copy(value);
  const state = seeded as unknown as RealmState;
  state.usersByApiKey = relink(shared.usersByApiKey, state.users, (u) => u.user_id);
  state.usersByEmail = relink(shared.usersByEmail, state.users, (u) => u.user_id);
  state.channelsByName = relink(shared.channelsByName, state.channels, (c) => c.stream_id);
  // Shared until the store first changes or deletes one of its messages (then copied once); sent ones are kept
  // apart, in an array by id.
  state.messages = new MessageTable(shared.messages);
  const { index } = shared;
  const flags = new Map<number, UserRows>();
  for (const [userId, rows] of index.flags) flags.set(userId, rows.share());
  state.index = {
    byChannel: new Map(index.byChannel),
    byTopic: new Map(index.byTopic),
    topicKeysByChannel: new Map(index.topicKeysByChannel),
    byConversation: new Map(index.byConversation),
    byUser: new UserHistories(flags),
    flags,
  };
  return state;
}

/**
 * The message record this state may change: a record shared with a prepared realm (frozen) is replaced by a
 * copy first. Every in-place change of a message goes through here; keep using the returned record.
 */
export function mutableMessage(state: RealmState, id: number): MessageRecord {
  const message = state.messages.get(id);
  if (!message) throw new Error(`No message ${id}`);
  if (!Object.isFrozen(message)) {
    // A record of a store built on its prepared state (loadOnce) may still hold the loader's shared empty lists.
    if (Object.isFrozen(message.recipients)) message.recipients = [...message.recipients];
    if (Object.isFrozen(message.reactions)) message.reactions = [...message.reactions];
    if (Object.isFrozen(message.edit_history)) message.edit_history = [...message.edit_history];
    return message;
  }
  const own: MessageRecord = {
    ...message,
    recipients: [...message.recipients],
    reactions: [...message.reactions],
    edit_history: [...message.edit_history],
  };
  state.messages.set(id, own);
  return own;
}
