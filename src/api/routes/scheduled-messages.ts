/** Scheduled messages: GET/POST /scheduled_messages, PATCH/DELETE /scheduled_messages/{id}. */
import type {
  DeleteScheduledMessagesScheduledMessageIdParams,
  MessageTypeParam,
  PatchScheduledMessagesScheduledMessageIdParams,
  PostScheduledMessagesParams,
} from '../../generated/types.js';
import { stripContent, truncateContent } from '../../store/messages/send.js';
import { formatScheduledMessage } from '../../store/scheduled-messages/format.js';
import {
  createScheduledMessage,
  deleteScheduledMessage,
  editScheduledMessage,
  findScheduledMessage,
  userScheduledMessages,
} from '../../store/scheduled-messages/scheduled-messages.js';
import { checkTarget, targetOf, type ScheduledTarget } from '../../store/scheduled-messages/target.js';
import type { UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { normalizeTopic, truncateTopic } from '../../store/topics.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { has } from '../../versions/index.js';

/** `channel` is accepted as a type from feature level 248 on (reference facts J); before, it is an invalid type. */
function recipientType(type: MessageTypeParam, featureLevel: number): 'stream' | 'private' {
  if (type === 'channel' && !has('channel_type', featureLevel)) throw errors.invalidValue('type');
  return type === 'stream' || type === 'channel' ? 'stream' : 'private';
}

/** Builds a target from `to` and the topic; `topic` undefined means a missing topic. */
function buildTarget(
  store: Store,
  type: 'stream' | 'private',
  to: number | number[],
  topic: string | undefined,
): ScheduledTarget {
  if (type === 'private') return { type, userIds: typeof to === 'number' ? [to] : to };
  const ids = typeof to === 'number' ? [to] : to;
  if (ids.length !== 1) throw errors.scheduledMultipleChannels(store.featureLevel);
  if (topic === undefined) throw errors.scheduledMissingTopic();
  return {
    type,
    streamId: ids[0]!,
    topic: truncateTopic(normalizeTopic(store.state, topic, store.featureLevel)),
  };
}

function cleanContent(raw: string): string {
  const content = stripContent(raw);
  if (content === '') throw errors.scheduledEmptyContent();
  return truncateContent(content);
}

function requireSendable(store: Store, user: UserRecord, target: ScheduledTarget): void {
  const refusal = checkTarget(store.state, user, target);
  if (refusal) throw errors.scheduledTargetRefused(refusal, store.featureLevel);
}

export const scheduledMessageRoutes = [
  defineRoute({
    method: 'GET',
    path: '/scheduled_messages',
    schema: 'get-scheduled-messages',
    summary: "The caller's undelivered scheduled messages, soonest first",
    handler({ store, user }) {
      const list = userScheduledMessages(store.state, user.user_id);
      return { scheduled_messages: list.map((s) => formatScheduledMessage(store.state, s)) };
    },
  }),
  defineRoute<PostScheduledMessagesParams>({
    method: 'POST',
    path: '/scheduled_messages',
    schema: 'post-scheduled-messages',
    summary: 'Schedule a message',
    handler({ store, user, params, clientName }) {
      if (params.scheduled_delivery_timestamp <= store.now()) throw errors.scheduledInPast();
      const target = buildTarget(
        store,
        recipientType(params.type, store.featureLevel),
        params.to,
        params.topic,
      );
      const content = cleanContent(params.content);
      requireSendable(store, user, target);
      const record = createScheduledMessage(store, user, {
        target,
        content,
        deliverAt: params.scheduled_delivery_timestamp,
        readBySender: params.read_by_sender ?? null,
        client: clientName,
      });
      return { scheduled_message_id: record.scheduled_message_id };
    },
  }),
  defineRoute<PatchScheduledMessagesScheduledMessageIdParams>({
    method: 'PATCH',
    path: '/scheduled_messages/{scheduled_message_id}',
    schema: 'patch-scheduled-messages-scheduled-message-id',
    summary: 'Edit a scheduled message',
    handler({ store, user, params }) {
      const { type, to, topic, content, scheduled_delivery_timestamp: deliverAt } = params;
      if ([type, to, topic, content, deliverAt].every((v) => v === undefined))
        throw errors.scheduledNothingToChange();
      const newType = type === undefined ? undefined : recipientType(type, store.featureLevel);
      if (newType !== undefined && to === undefined) throw errors.scheduledRecipientRequired();
      if (newType === 'stream' && topic === undefined)
        throw errors.scheduledTopicRequired(store.featureLevel);
      if (deliverAt !== undefined && deliverAt <= store.now()) throw errors.scheduledInPast();
      const record = findScheduledMessage(store.state, user.user_id, params.scheduled_message_id);
      if (!record) throw errors.scheduledNotFound();
      if (record.delivered_message_id !== null) throw errors.scheduledAlreadySent();
      if (record.failed && deliverAt === undefined) throw errors.scheduledInPast();

      const current = targetOf(record);
      const finalType = newType ?? record.type;
      const finalTo = to ?? (current.type === 'stream' ? current.streamId : current.userIds);
      const finalTopic = topic ?? (current.type === 'stream' ? current.topic : undefined);
      const target = buildTarget(store, finalType, finalTo, finalTopic);
      const finalContent = content === undefined ? record.content : cleanContent(content);
      requireSendable(store, user, target);
      editScheduledMessage(store, record, {
        target,
        content: finalContent,
        deliverAt: deliverAt ?? record.scheduled_delivery_timestamp,
      });
      return {};
    },
  }),
  defineRoute<DeleteScheduledMessagesScheduledMessageIdParams>({
    method: 'DELETE',
    path: '/scheduled_messages/{scheduled_message_id}',
    schema: 'delete-scheduled-messages-scheduled-message-id',
    summary: 'Delete a scheduled message',
    handler({ store, user, params }) {
      const record = findScheduledMessage(store.state, user.user_id, params.scheduled_message_id);
      if (!record || record.delivered_message_id !== null) throw errors.scheduledNotFound();
      deleteScheduledMessage(store, record);
      return {};
    },
  }),
];
