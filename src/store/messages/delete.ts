/** Deleting messages: remove records, index entries and personal rows; emit delete_message in bulk form. */
import { removeUserRows, unindexLocation } from '../message-index.js';
import { canReadMessage } from '../access.js';
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
  const level = store.featureLevel;
  const audience = new Set<number>();
  // From level 457 the deleter hears only of the messages they can read (before: of all of them, from 274).
  const actor = store.state.users.get(actorId);
  const actorIds =
    has('delete_event_needs_content_access', level) && actor
      ? messages.filter((m) => canReadMessage(store.state, actor, m)).map((m) => m.id)
      : messages.map((m) => m.id);
  for (const message of messages) {
    const readers = usersWithRow(store, message.id);
    readers.forEach((id) => audience.add(id));
    unindexLocation(store.state.index, message);
    removeUserRows(store.state.index, message.id, readers);
    store.state.messages.delete(message.id);
  }
  const first = messages[0]!;
  const event = (ids: number[]) => ({
    type: 'delete_message',
    message_ids: eventMessageIds(ids, first.id, level),
    message_type: first.type,
    ...(first.stream_id !== null ? { stream_id: first.stream_id, topic: first.topic } : {}),
  });
  const toActor = has('delete_event_to_deleter', level) && !audience.has(actorId) && actorIds.length > 0;
  if (toActor && actorIds.length === messages.length) audience.add(actorId);
  store.emit(audience, event(messages.map((m) => m.id)));
  if (toActor && !audience.has(actorId)) store.emit([actorId], event(actorIds));
}
