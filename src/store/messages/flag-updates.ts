/** Changing personal flags: POST /messages/flags, flags/narrow and the mark-as-read endpoints. */
import { isSubscribed } from '../access.js';
import { addUserRow } from '../message-index.js';
import { FLAG_BITS, type FlagName, type MessageRecord, type UserRecord } from '../state.js';
import type { Store } from '../store.js';
import { isTopicMuted } from './user-topics.js';

const MENTION_BITS =
  FLAG_BITS.mentioned |
  FLAG_BITS.wildcard_mentioned |
  FLAG_BITS.stream_wildcard_mentioned |
  FLAG_BITS.topic_wildcard_mentioned;

/** The message_details entry of a remove/read event. */
function details(
  store: Store,
  user: UserRecord,
  message: MessageRecord,
  bits: number,
): Record<string, unknown> {
  const out: Record<string, unknown> =
    message.stream_id !== null
      ? {
          type: 'stream',
          stream_id: message.stream_id,
          topic: message.topic,
          unmuted_stream_msg: !isTopicMuted(store.state, user.user_id, message.stream_id, message.topic),
        }
      : { type: 'private', user_ids: message.recipients.filter((id) => id !== user.user_id) };
  if (bits & MENTION_BITS) out.mentioned = true;
  return out;
}

/**
 * Adds or removes a flag on readable messages (the caller checked access). Messages without a row get a
 * historical one first; removing `read` skips channel messages the user is not subscribed to.
 * Emits update_message_flags to the user; returns the ids whose state changed.
 */
export function updateFlags(
  store: Store,
  user: UserRecord,
  messages: MessageRecord[],
  op: 'add' | 'remove',
  flag: FlagName,
): number[] {
  const rows = () => store.state.index.flags.get(user.user_id);
  const bit = FLAG_BITS[flag];
  const changed: number[] = [];
  const messageDetails: Record<string, unknown> = {};
  for (const message of messages) {
    // Checked before any historical row is made: such a skipped message must stay out of the user's history.
    if (
      op === 'remove' &&
      flag === 'read' &&
      message.stream_id !== null &&
      !isSubscribed(store.state, user.user_id, message.stream_id)
    )
      continue;
    if (!rows()?.has(message.id))
      addUserRow(store.state.index, user.user_id, message.id, FLAG_BITS.read | FLAG_BITS.historical);
    const before = rows()!.get(message.id)!;
    const after = op === 'add' ? before | bit : before & ~bit;
    if (after === before) continue;
    rows()!.set(message.id, after);
    changed.push(message.id);
    if (op === 'remove' && flag === 'read')
      messageDetails[String(message.id)] = details(store, user, message, after);
  }
  changed.sort((a, b) => a - b);
  store.emit([user.user_id], {
    type: 'update_message_flags',
    op,
    operation: op,
    flag,
    messages: changed,
    all: false,
    ...(op === 'remove' && flag === 'read' ? { message_details: messageDetails } : {}),
  });
  return changed;
}

/** Marks every message of the user's history read; emits the `all: true` event. */
export function markAllAsRead(store: Store, user: UserRecord): void {
  const rows = store.state.index.flags.get(user.user_id);
  if (rows) for (const [id, bits] of rows) if (!(bits & FLAG_BITS.read)) rows.set(id, bits | FLAG_BITS.read);
  store.emit([user.user_id], {
    type: 'update_message_flags',
    op: 'add',
    operation: 'add',
    flag: 'read',
    messages: [],
    all: true,
  });
}

/** Marks the given ids of the user's history read (channel or topic); emits the changed ids. */
export function markIdsAsRead(store: Store, user: UserRecord, ids: readonly number[]): number[] {
  const messages: MessageRecord[] = [];
  const rows = store.state.index.flags.get(user.user_id);
  for (const id of ids) {
    const bits = rows?.get(id);
    if (bits !== undefined && !(bits & FLAG_BITS.read)) messages.push(store.state.messages.get(id)!);
  }
  return updateFlags(store, user, messages, 'add', 'read');
}
