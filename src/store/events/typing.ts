/** Typing notifications: who is told that a user started or stopped composing (reference B.1, F.11). */
import { apiEmail } from '../users.js';
import type { ChannelRecord, UserRecord } from '../state.js';
import type { Store } from '../store.js';

/** Typing operation. */
export type TypingOp = 'start' | 'stop';

function person(store: Store, user: UserRecord): { user_id: number; email: string } {
  return { user_id: user.user_id, email: apiEmail(store.state, user) };
}

/** Tells the recipients of a direct conversation (the sender included) who wish to know. */
export function notifyDirectTyping(
  store: Store,
  sender: UserRecord,
  op: TypingOp,
  recipients: UserRecord[],
): void {
  const everyone = new Map<number, UserRecord>([[sender.user_id, sender]]);
  for (const user of recipients) everyone.set(user.user_id, user);
  const all = [...everyone.values()].sort((a, b) => a.user_id - b.user_id);
  const audience = all
    .filter((u) => u.is_active && u.settings.receives_typing_notifications)
    .map((u) => u.user_id);
  store.emit(audience, {
    type: 'typing',
    op,
    message_type: 'direct',
    sender: person(store, sender),
    recipients: all.map((u) => person(store, u)),
  });
}

/** Tells the channel's subscribers who wish to know (only queues with stream_typing_notifications get it). */
export function notifyChannelTyping(
  store: Store,
  sender: UserRecord,
  op: TypingOp,
  channel: ChannelRecord,
  topic: string,
): void {
  const audience: number[] = [];
  for (const id of store.state.subscribers.get(channel.stream_id) ?? []) {
    const user = store.state.users.get(id);
    if (user?.is_active && user.settings.receives_typing_notifications) audience.push(id);
  }
  store.emit(audience, {
    type: 'typing',
    op,
    message_type: 'stream',
    sender: person(store, sender),
    stream_id: channel.stream_id,
    topic,
  });
}
