/** Notification Bot notices about moved and resolved topics (sent through sendMessage). */
import type { RealmState, UserRecord } from '../state.js';
import type { Store } from '../store.js';
import { sendMessage } from './send.js';

/** The realm's Notification Bot (the system bot whose address starts with notification-bot@). */
export function notificationBot(state: RealmState): UserRecord | undefined {
  for (const user of state.users.values())
    if (user.is_system_bot && user.delivery_email.toLowerCase().startsWith('notification-bot@')) return user;
  return undefined;
}

const silent = (user: UserRecord): string => `@_**${user.full_name}|${user.user_id}**`;
const link = (state: RealmState, streamId: number, topic: string): string =>
  `#**${state.channels.get(streamId)?.name ?? ''}>${topic}**`;

/** Sends a notice as Notification Bot into a topic; it is read for the acting user. */
export function sendNotice(
  store: Store,
  streamId: number,
  topic: string,
  content: string,
  actorId: number,
): void {
  const bot = notificationBot(store.state);
  if (!bot) return;
  // Read from the start, so the message event's flags agree with the stored row.
  sendMessage(store, bot, {
    type: 'stream',
    streamId,
    topic,
    content,
    client: 'Internal',
    readBy: [actorId],
  });
}

/** Where messages were moved from and to, how many, and by whom. */
export interface MoveNotice {
  actor: UserRecord;
  from: { streamId: number; topic: string };
  to: { streamId: number; topic: string };
  moved: number;
  wholeTopic: boolean;
  notifyOld: boolean;
  notifyNew: boolean;
}

/** Posts "moved here from" / "moved to" notices per the notification flags. */
export function sendMoveNotices(store: Store, n: MoveNotice): void {
  const { state } = store;
  const by = `by ${silent(n.actor)}.`;
  const count = n.moved === 1 ? 'A message was' : `${n.moved} messages were`;
  if (n.notifyNew) {
    const from = link(state, n.from.streamId, n.from.topic);
    const text = n.wholeTopic
      ? `This topic was moved here from ${from} ${by}`
      : `${count} moved here from ${from} ${by}`;
    sendNotice(store, n.to.streamId, n.to.topic, text, n.actor.user_id);
  }
  if (n.notifyOld) {
    const to = link(state, n.to.streamId, n.to.topic);
    const text = n.wholeTopic
      ? `This topic was moved to ${to} ${by}`
      : `${count} moved from this topic to ${to} ${by}`;
    sendNotice(store, n.from.streamId, n.from.topic, text, n.actor.user_id);
  }
}

/** Posts "has marked this topic as resolved/unresolved" into the topic. */
export function sendResolveNotice(
  store: Store,
  actor: UserRecord,
  streamId: number,
  topic: string,
  resolved: boolean,
): void {
  const text = `${silent(actor)} has marked this topic as ${resolved ? 'resolved' : 'unresolved'}.`;
  sendNotice(store, streamId, topic, text, actor.user_id);
}
