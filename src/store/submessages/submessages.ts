/** Submessages: widget data (polls, todo lists) attached to a message, sent to everyone with a row for it. */
import { usersWithRow } from '../messages/delete.js';
import { mutableMessage } from '../seed-state.js';
import type { MessageRecord, SubmessageRecord, UserRecord } from '../state.js';
import type { Store } from '../store.js';

/**
 * Whether the user may attach a submessage: the message's sender always, others once the sender has attached
 * one (the first submessage makes the widget).
 */
export function maySubmessage(message: MessageRecord, user: UserRecord): boolean {
  return (
    message.sender_id === user.user_id ||
    (message.submessages ?? []).some((s) => s.sender_id === message.sender_id)
  );
}

/** Attaches a submessage (already checked) and emits submessage to every user with a row for the message. */
export function addSubmessage(
  store: Store,
  user: UserRecord,
  message: MessageRecord,
  msgType: string,
  content: string,
): SubmessageRecord {
  const submessage: SubmessageRecord = {
    id: store.nextId('submessage'),
    message_id: message.id,
    sender_id: user.user_id,
    msg_type: msgType,
    content,
  };
  const own = mutableMessage(store.state, message.id);
  own.submessages = [...(own.submessages ?? []), submessage];
  store.emit(usersWithRow(store, message.id), {
    type: 'submessage',
    msg_type: msgType,
    message_id: message.id,
    submessage_id: submessage.id,
    sender_id: user.user_id,
    content,
  });
  return submessage;
}
