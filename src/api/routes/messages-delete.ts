/** DELETE /messages/{message_id} and the reaction endpoints. */
import type {
  DeleteMessagesMessageIdParams,
  DeleteMessagesMessageIdReactionsParams,
  PostMessagesMessageIdReactionsParams,
} from '../../generated/types.js';
import { isRealmAdmin } from '../../store/access.js';
import { canDeleteAnyMessage, canDeleteOwnMessage } from '../../store/channels/permissions.js';
import { deleteMessages } from '../../store/messages/delete.js';
import {
  addReaction,
  findReaction,
  removeReaction,
  resolveEmoji,
  type EmojiResolution,
} from '../../store/messages/reactions.js';
import type { MessageRecord, UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { readableMessage } from './messages-edit.js';
import { has } from '../../versions/index.js';

function checkDelete(store: Store, user: UserRecord, message: MessageRecord): void {
  const { state } = store;
  if (!has('members_delete_messages', store.featureLevel)) {
    if (!isRealmAdmin(user)) throw errors.noDeletePermission();
    return;
  }
  const channel = message.stream_id !== null ? (state.channels.get(message.stream_id) ?? null) : null;
  if (canDeleteAnyMessage(state, user, channel)) return;
  const sender = state.users.get(message.sender_id);
  const own =
    message.sender_id === user.user_id || (sender?.is_bot === true && sender.bot_owner_id === user.user_id);
  if (!own || !canDeleteOwnMessage(state, user, channel)) throw errors.noDeletePermission();
  const limit = state.settings.message_content_delete_limit_seconds as number | null;
  if (limit !== null && store.now() - message.timestamp > limit) throw errors.deleteTimeLimit();
}

function emojiOrThrow(resolution: EmojiResolution, name: string | undefined) {
  if (resolution.ok) return resolution;
  switch (resolution.problem) {
    case 'unknown_name':
      throw errors.emojiDoesNotExist(name ?? '');
    case 'invalid_code':
      throw errors.invalidEmojiCode();
    case 'invalid_name':
      throw errors.invalidEmojiName();
    case 'invalid_type':
      throw errors.invalidEmojiType();
    case 'invalid_custom':
      throw errors.invalidCustomEmoji();
    case 'invalid_custom_name':
      throw errors.invalidCustomEmojiName();
    case 'deactivated':
      throw errors.emojiDeactivated();
  }
}

/** Deletion and reaction routes. */
export const messageDeleteRoutes = [
  defineRoute<DeleteMessagesMessageIdParams>({
    method: 'DELETE',
    path: '/messages/{message_id}',
    schema: 'delete-messages-message-id',
    summary: 'Permanently delete a message',
    handler({ store, user, params }) {
      const message = readableMessage(store, user, params.message_id);
      checkDelete(store, user, message);
      deleteMessages(store, user.user_id, [message]);
      return {};
    },
  }),
  defineRoute<PostMessagesMessageIdReactionsParams>({
    method: 'POST',
    path: '/messages/{message_id}/reactions',
    schema: 'post-messages-message-id-reactions',
    summary: 'Add an emoji reaction',
    handler({ store, user, params }) {
      const message = readableMessage(store, user, params.message_id);
      const input = { name: params.emoji_name, code: params.emoji_code, type: params.reaction_type };
      const emoji = emojiOrThrow(resolveEmoji(store, input, false), params.emoji_name);
      if (findReaction(message, user.user_id, emoji.reaction_type, emoji.emoji_code))
        throw errors.reactionExists();
      addReaction(store, user, message, {
        emoji_name: emoji.emoji_name,
        emoji_code: emoji.emoji_code,
        reaction_type: emoji.reaction_type,
      });
      return {};
    },
  }),
  defineRoute<DeleteMessagesMessageIdReactionsParams>({
    method: 'DELETE',
    path: '/messages/{message_id}/reactions',
    schema: 'delete-messages-message-id-reactions',
    summary: 'Remove an emoji reaction',
    handler({ store, user, params }) {
      const message = readableMessage(store, user, params.message_id);
      if (params.emoji_name === undefined && params.emoji_code === undefined)
        throw errors.emojiArgumentMissing();
      // Before feature level 2 the type defaulted to unicode_emoji.
      const type =
        params.reaction_type ??
        (has('reaction_type_optional', store.featureLevel) ? undefined : 'unicode_emoji');
      const input = { name: params.emoji_name, code: params.emoji_code, type };
      const emoji = emojiOrThrow(resolveEmoji(store, input, true), params.emoji_name);
      const reaction = findReaction(message, user.user_id, emoji.reaction_type, emoji.emoji_code);
      if (!reaction) throw errors.reactionDoesNotExist(store.featureLevel);
      removeReaction(store, user, message, reaction);
      return {};
    },
  }),
];
