/** Deleting the messages a user sent, by kind of conversation (DELETE /users/{id} actions, feature level 459). */
import type { MessageRecord } from '../state.js';
import type { Store } from '../store.js';
import { deleteMessages } from './delete.js';

/** Which of a user's messages to delete. */
export interface SentMessageKinds {
  publicChannels: boolean;
  privateChannels: boolean;
  direct: boolean;
}

/**
 * Deletes the messages `senderId` sent in the chosen kinds of conversation, one delete_message per
 * conversation (the bulk event covers one conversation). Returns how many were deleted.
 */
export function deleteSentMessages(
  store: Store,
  actorId: number,
  senderId: number,
  kinds: SentMessageKinds,
): number {
  const { state } = store;
  const byConversation = new Map<string, MessageRecord[]>();
  for (const message of state.messages.values()) {
    if (message.sender_id !== senderId) continue;
    let wanted: boolean;
    if (message.stream_id === null) wanted = kinds.direct;
    else
      wanted = state.channels.get(message.stream_id)?.invite_only
        ? kinds.privateChannels
        : kinds.publicChannels;
    if (!wanted) continue;
    const key =
      message.stream_id === null
        ? `dm:${message.recipients.join(',')}`
        : `${message.stream_id}:${message.topic}`;
    const list = byConversation.get(key) ?? [];
    list.push(message);
    byConversation.set(key, list);
  }
  let count = 0;
  for (const messages of byConversation.values()) {
    messages.sort((a, b) => a.id - b.id);
    deleteMessages(store, actorId, messages);
    count += messages.length;
  }
  return count;
}
