/** Scheduled messages: the API shape and the change path (scheduled_messages events to the sender). */
import type { RealmState, ScheduledMessageRecord, UserRecord } from '../state.js';
import type { Store } from '../store.js';
import { ownedRecords, putOwned, removeOwned } from '../owner-index.js';
import { armScheduledDelivery, cancelScheduledDelivery, rememberClient } from './delivery.js';
import { formatScheduledMessage } from './format.js';
import type { ScheduledTarget } from './target.js';

/** The user's undelivered scheduled messages, soonest first. */
export function userScheduledMessages(state: RealmState, userId: number): ScheduledMessageRecord[] {
  return ownedRecords(state.scheduledMessages, state.byOwner.scheduledMessages, userId)
    .filter((s) => s.delivered_message_id === null)
    .sort(
      (a, b) =>
        a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp ||
        a.scheduled_message_id - b.scheduled_message_id,
    );
}

/** The user's own scheduled message with this id (delivered ones included). */
export function findScheduledMessage(
  state: RealmState,
  userId: number,
  id: number,
): ScheduledMessageRecord | undefined {
  const record = state.scheduledMessages.get(id);
  return record?.sender_id === userId ? record : undefined;
}

function applyTarget(record: ScheduledMessageRecord, target: ScheduledTarget): void {
  record.type = target.type;
  record.to = target.type === 'stream' ? target.streamId : [...new Set(target.userIds)].sort((a, b) => a - b);
  record.topic = target.type === 'stream' ? target.topic : '';
}

/** What a new scheduled message holds (already validated). */
export interface ScheduledInput {
  target: ScheduledTarget;
  content: string;
  deliverAt: number;
  readBySender: boolean | null;
  client: string;
}

/** Stores a scheduled message, arms its delivery and emits scheduled_messages/add. */
export function createScheduledMessage(
  store: Store,
  sender: UserRecord,
  input: ScheduledInput,
): ScheduledMessageRecord {
  const record: ScheduledMessageRecord = {
    scheduled_message_id: store.nextId('scheduled'),
    sender_id: sender.user_id,
    type: 'stream',
    to: [],
    topic: '',
    content: input.content,
    scheduled_delivery_timestamp: input.deliverAt,
    failed: false,
    read_by_sender: input.readBySender,
    delivered_message_id: null,
  };
  applyTarget(record, input.target);
  const { scheduledMessages, byOwner } = store.state;
  putOwned(scheduledMessages, byOwner.scheduledMessages, sender.user_id, record.scheduled_message_id, record);
  rememberClient(store, record.scheduled_message_id, input.client);
  store.emit([sender.user_id], {
    type: 'scheduled_messages',
    op: 'add',
    scheduled_messages: [formatScheduledMessage(store.state, record)],
  });
  armScheduledDelivery(store, record);
  return record;
}

/** Applies validated changes; a failed message becomes pending again. Emits scheduled_messages/update. */
export function editScheduledMessage(
  store: Store,
  record: ScheduledMessageRecord,
  changes: { target: ScheduledTarget; content: string; deliverAt: number },
): void {
  applyTarget(record, changes.target);
  record.content = changes.content;
  record.scheduled_delivery_timestamp = changes.deliverAt;
  record.failed = false;
  store.emit([record.sender_id], {
    type: 'scheduled_messages',
    op: 'update',
    scheduled_message: formatScheduledMessage(store.state, record),
  });
  armScheduledDelivery(store, record);
}

/** Deletes a scheduled message, cancels its delivery and emits scheduled_messages/remove. */
export function deleteScheduledMessage(store: Store, record: ScheduledMessageRecord): void {
  cancelScheduledDelivery(store, record.scheduled_message_id);
  const { scheduledMessages, byOwner } = store.state;
  removeOwned(scheduledMessages, byOwner.scheduledMessages, record.sender_id, record.scheduled_message_id);
  store.emit([record.sender_id], {
    type: 'scheduled_messages',
    op: 'remove',
    scheduled_message_id: record.scheduled_message_id,
  });
}
