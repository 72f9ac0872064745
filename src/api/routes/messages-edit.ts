/** PATCH /messages/{message_id} and GET /messages/{message_id}/history. */
import type {
  GetMessagesMessageIdHistoryParams,
  PatchMessagesMessageIdParams,
} from '../../generated/types.js';
import { canReadMessage, hasContentAccess } from '../../store/access.js';
import {
  canMoveOutOfChannel,
  canMoveWithinChannel,
  canResolveTopics,
} from '../../store/channels/permissions.js';
import { isUserInGroupSetting } from '../../store/groups.js';
import { editMessage, isResolveToggle } from '../../store/messages/edit.js';
import { editHistoryPolicy } from '../../store/messages/edit-history.js';
import { messageHistory } from '../../store/messages/history.js';
import { renderContent } from '../../store/render.js';
import { stripContent, truncateContent } from '../../store/messages/send.js';
import type { MessageRecord, UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { checkGroupMentions, checkWildcardMention, resolveTopic } from './messages-send-checks.js';
import { has } from '../../versions/index.js';

/** Content edits that leave nothing are stored as this text, as the server does. */
const DELETED_CONTENT = '(deleted)';

/** Finds a message the user may read, or throws "Invalid message(s)". */
export function readableMessage(store: Store, user: UserRecord, id: number): MessageRecord {
  const message = store.state.messages.get(id);
  if (!message || !canReadMessage(store.state, user, message)) throw errors.invalidMessage();
  return message;
}

function checkContentEdit(store: Store, user: UserRecord, message: MessageRecord, raw: string): string {
  const { settings } = store.state;
  if (!settings.allow_message_editing) throw errors.editingDisabled();
  if (message.sender_id !== user.user_id) throw errors.noEditPermission();
  const limit = settings.message_content_edit_limit_seconds as number | null;
  if (limit !== null && limit > 0 && store.now() - message.timestamp > limit) throw errors.editTimeLimit();
  const content = stripContent(raw);
  if (content.includes('\u0000')) throw errors.nullBytes();
  return truncateContent(content === '' ? DELETED_CONTENT : content);
}

function checkTopicMove(store: Store, user: UserRecord, message: MessageRecord, topic: string): void {
  const channel = store.state.channels.get(message.stream_id!)!;
  const { state } = store;
  if (isResolveToggle(message.topic, topic)) {
    if (canResolveTopics(state, user, channel) || canMoveWithinChannel(state, user, channel)) return;
    throw errors.noMovePermission();
  }
  if (!canMoveWithinChannel(state, user, channel)) throw errors.noMovePermission();
  const limit = state.settings.move_messages_within_stream_limit_seconds as number | null;
  if (user.role > 300 && limit !== null && store.now() - message.timestamp > limit)
    throw errors.topicEditTimeLimit();
}

/** Message editing routes. */
export const messageEditRoutes = [
  defineRoute<PatchMessagesMessageIdParams>({
    method: 'PATCH',
    path: '/messages/{message_id}',
    schema: 'patch-messages-message-id',
    summary: 'Edit a message, change its topic or move it to another channel',
    handler({ store, user, params }) {
      const fl = store.featureLevel;
      const message = readableMessage(store, user, params.message_id);
      if (params.topic !== undefined && params.subject !== undefined)
        throw errors.confusingVariables('topic', 'subject');
      const rawTopic = params.topic ?? params.subject;
      if (params.content === undefined && rawTopic === undefined && params.stream_id === undefined)
        throw errors.nothingToChange();
      const mode = params.propagate_mode ?? 'change_one';
      if (mode !== 'change_one' && rawTopic === undefined && params.stream_id === undefined)
        throw errors.propagateWithoutTopic();
      if (message.stream_id === null) {
        if (params.stream_id !== undefined) throw errors.directMessagesCannotMove(fl);
        if (rawTopic !== undefined) throw errors.directMessagesNoTopics();
      }
      const streamChanged = params.stream_id !== undefined && params.stream_id !== message.stream_id;
      if (params.content !== undefined && streamChanged) throw errors.contentWhileMoving(fl);
      const content =
        params.content !== undefined ? checkContentEdit(store, user, message, params.content) : undefined;
      // As on sending, an edit may not add a wildcard mention the editor may not use in this audience.
      const rendered = content !== undefined ? renderContent(store.state, content) : undefined;
      if (rendered) checkGroupMentions(store, user, rendered);
      if (rendered && message.stream_id !== null)
        checkWildcardMention(
          store,
          user,
          store.state.channels.get(message.stream_id)!,
          message.topic,
          rendered,
        );
      let target = message.stream_id !== null ? store.state.channels.get(message.stream_id) : undefined;
      if (streamChanged) {
        const destination = store.state.channels.get(params.stream_id!);
        if (!destination || destination.is_archived || !hasContentAccess(store.state, user, destination))
          throw errors.invalidChannelId(fl);
        if (!canMoveOutOfChannel(store.state, user, target!)) throw errors.noMovePermission();
        // The mover must also be allowed to post in the destination (system bots are exempt).
        if (
          !user.is_system_bot &&
          !isUserInGroupSetting(store.state, destination.can_send_message_group, user.user_id)
        )
          throw errors.noPermissionToPost(fl);
        target = destination;
      }
      const topic = rawTopic !== undefined ? resolveTopic(store, target!, rawTopic) : undefined;
      const topicChanged = topic !== undefined && topic !== message.topic;
      if (topicChanged) checkTopicMove(store, user, message, topic);
      editMessage(store, user, message, {
        ...(content !== undefined ? { content } : {}),
        ...(topicChanged ? { topic } : {}),
        ...(streamChanged ? { streamId: params.stream_id } : {}),
        propagateMode: mode,
        notifyOld: params.send_notification_to_old_thread === true,
        notifyNew: params.send_notification_to_new_thread !== false,
      });
      return has('detached_uploads', fl) ? { detached_uploads: [] } : {};
    },
  }),
  defineRoute<GetMessagesMessageIdHistoryParams>({
    method: 'GET',
    path: '/messages/{message_id}/history',
    schema: 'get-messages-message-id-history',
    summary: "A message's edit history, oldest first",
    handler({ store, user, params }) {
      const message = readableMessage(store, user, params.message_id);
      if (editHistoryPolicy(store.state) === 'none') throw errors.editHistoryDisabled();
      return {
        message_history: messageHistory(store.state, message, params.allow_empty_topic_name === true),
      };
    },
  }),
];
