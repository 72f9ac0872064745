/** Deleting messages: remove records, index entries and personal rows; emit delete_message in bulk form. */
import { removeUserRows, unindexLocation } from '../message-index.js';
import type { MessageRecord } from '../state.js';
import type { Store } from '../store.js';
import { has } from '../../versions/index.js';

/** Users with a personal row for the message. */
export function usersWithRow(store: Store, messageId: number): number[] {
  const out: number[] = [];
  for (const [userId, flags] of store.state.index.flags) if (flags.has(messageId)) out.push(userId);
  return out;
}

/**
 * The message_ids of an update_message or delete_message event: ascending from feature level 393; before, in
 * the order the server handled them (the edited or first message, then the others ascending).
 */
export function eventMessageIds(ids: readonly number[], firstId: number, level: number): number[] {
  const sorted = [...ids].sort((a, b) => a - b);
  if (has('event_message_ids_sorted', level) || !ids.includes(firstId)) return sorted;
  return [firstId, ...sorted.filter((id) => id !== firstId)];
}

/**
 * Deletes messages (all in one conversation) and emits one bulk delete_message to their readers and (from
 * feature level 274, delete_event_to_deleter) the actor.
 */
export function deleteMessages(store: Store, actorId: number, messages: MessageRecord[]): void {
  if (messages.length === 0) return;
  const audience = new Set<number>(has('delete_event_to_deleter', store.featureLevel) ? [actorId] : []);
  for (const message of messages) {
    const readers = usersWithRow(store, message.id);
    readers.forEach((id) => audience.add(id));
    unindexLocation(store.state.index, message);
    removeUserRows(store.state.index, message.id, readers);
    store.state.messages.delete(message.id);
  }
  const first = messages[0]!;
  store.emit(audience, {
    type: 'delete_message',
    message_ids: eventMessageIds(
      messages.map((m) => m.id),
      first.id,
      store.featureLevel,
    ),
    message_type: first.type,
    ...(first.stream_id !== null ? { stream_id: first.stream_id, topic: first.topic } : {}),
  });
}
