/** Delivery of scheduled messages on the injected clock: sent via sendMessage, or marked failed. */
import type { TimerHandle } from '../clock.js';
import { sendMessage } from '../messages/send.js';
import type { ScheduledMessageRecord, UserRecord } from '../state.js';
import type { Store } from '../store.js';
import { formatScheduledMessage } from './format.js';
import { checkTarget, refusalText, targetOf } from './target.js';

/** setTimeout's longest delay; later deliveries re-arm in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Runtime {
  timers: Map<number, TimerHandle>;
  clients: Map<number, string>;
}
const runtimes = new WeakMap<Store, Runtime>();

function runtime(store: Store): Runtime {
  let r = runtimes.get(store);
  if (!r) runtimes.set(store, (r = { timers: new Map(), clients: new Map() }));
  return r;
}

/** Records the client that scheduled a message (the delivered message's `client`). */
export function rememberClient(store: Store, id: number, client: string): void {
  runtime(store).clients.set(id, client);
}

/** Cancels the pending delivery of a scheduled message, if any. */
export function cancelScheduledDelivery(store: Store, id: number): void {
  const { timers } = runtime(store);
  const handle = timers.get(id);
  if (handle) store.clock.clearTimer(handle);
  timers.delete(id);
}

/** (Re-)arms the delivery timer of a pending scheduled message. */
export function armScheduledDelivery(store: Store, record: ScheduledMessageRecord): void {
  const id = record.scheduled_message_id;
  cancelScheduledDelivery(store, id);
  if (record.failed || record.delivered_message_id !== null) return;
  const delay = record.scheduled_delivery_timestamp * 1000 - store.clock.now();
  const handle = store.clock.setTimer(Math.min(Math.max(delay, 0), MAX_TIMER_MS), () => {
    runtime(store).timers.delete(id);
    const current = store.state.scheduledMessages.get(id);
    if (current !== record) return;
    if (record.scheduled_delivery_timestamp * 1000 > store.clock.now()) armScheduledDelivery(store, record);
    else deliverScheduledMessage(store, record);
  });
  runtime(store).timers.set(id, handle);
}

/** Arms every pending scheduled message of the realm (fixture ones at load); createApp calls this once. */
export function armScheduledDeliveries(store: Store): void {
  for (const record of store.state.scheduledMessages.values()) armScheduledDelivery(store, record);
}

/** Sends a due scheduled message now, or marks it failed and tells its (active) sender why. */
export function deliverScheduledMessage(store: Store, record: ScheduledMessageRecord): void {
  const { state } = store;
  const sender = state.users.get(record.sender_id);
  if (!sender?.is_active) {
    // As on the real server: failed, but silently (no event, no notice) since the account is deactivated.
    record.failed = true;
    return;
  }
  const target = targetOf(record);
  const refusal = checkTarget(state, sender, target);
  if (refusal) return void failDelivery(store, record, sender, refusalText(refusal, store.featureLevel));
  const message = sendMessage(store, sender, {
    type: target.type,
    ...(target.type === 'stream'
      ? { streamId: target.streamId, topic: target.topic }
      : { recipientIds: target.userIds }),
    content: record.content,
    client: runtime(store).clients.get(record.scheduled_message_id) ?? 'website',
    readBySender: record.read_by_sender,
  });
  record.delivered_message_id = message.id;
  store.emit([sender.user_id], {
    type: 'scheduled_messages',
    op: 'remove',
    scheduled_message_id: record.scheduled_message_id,
  });
}

/** Python's str(datetime) of a UTC timestamp, as the failure notice quotes it. */
function pythonUtc(seconds: number): string {
  return new Date(seconds * 1000)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, '+00:00');
}

function failDelivery(
  store: Store,
  record: ScheduledMessageRecord,
  sender: UserRecord,
  reason: string,
): void {
  record.failed = true;
  store.emit([sender.user_id], {
    type: 'scheduled_messages',
    op: 'update',
    scheduled_message: formatScheduledMessage(store.state, record),
  });
  const bot = notificationBot(store);
  if (!bot) return;
  const when = `<time:${pythonUtc(record.scheduled_delivery_timestamp)}> `;
  const content =
    `The message you scheduled for ${when} was not sent because of the following error:\n\n` +
    `> ${reason}\n\n[View scheduled messages](#scheduled)`;
  sendMessage(store, bot, { type: 'private', recipientIds: [sender.user_id], content, client: 'Internal' });
}

/** The realm's Notification Bot (a system bot), if the fixture has one. */
export function notificationBot(store: Store): UserRecord | undefined {
  for (const user of store.state.users.values()) {
    if (user.is_system_bot && user.delivery_email.toLowerCase().startsWith('notification-bot@')) return user;
  }
  return undefined;
}
