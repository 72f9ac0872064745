/** User status: POST /users/me/status, GET /users/{user_id}/status (262) and POST /users/{user_id}/status (407). */
import type {
  GetUsersUserIdStatusParams,
  PostUsersMeStatusParams,
  PostUsersUserIdStatusParams,
} from '../../generated/types.js';
import { isRealmAdmin } from '../../store/access.js';
import { resolveEmoji, type EmojiResolution } from '../../store/messages/reactions.js';
import type { Store } from '../../store/store.js';
import {
  formatStatus,
  MAX_STATUS_TEXT_LENGTH,
  updateStatus,
  type StatusChange,
} from '../../store/user-preferences/user-status.js';
import { canAccessUser } from '../../store/users/visibility.js';
import { errors } from '../errors/index.js';
import { has } from '../../versions/index.js';
import { defineRoute } from '../route.js';

type Resolved = Extract<EmojiResolution, { ok: true }>;

/**
 * The status emoji, checked as the server does: a missing code or type is looked up by name first (an unknown
 * name is "Emoji 'x' does not exist"), then name, code and type must agree.
 */
function statusEmoji(store: Store, name: string, code?: string, type?: string): Resolved {
  if (code === undefined || type === undefined) {
    const byName = resolveEmoji(store, { name }, false);
    if (!byName.ok) throw errors.emojiDoesNotExist(name);
    code ??= byName.emoji_code;
    type ??= byName.reaction_type;
  }
  const checked = resolveEmoji(store, { name, code, type }, false);
  if (checked.ok) return checked;
  switch (checked.problem) {
    case 'invalid_code':
      throw errors.invalidEmojiCode();
    case 'invalid_name':
      throw errors.invalidEmojiName();
    case 'invalid_type':
      throw errors.invalidEmojiType();
    case 'unknown_name':
      if (type !== 'realm_emoji') throw errors.emojiDoesNotExist(name);
      throw errors.invalidCustomEmoji();
    default:
      throw errors.invalidCustomEmoji();
  }
}

/** The change a request asks for (validated; nothing is changed yet). */
function statusChange(store: Store, params: PostUsersMeStatusParams): StatusChange {
  const statusText = params.status_text?.trim();
  if (statusText !== undefined && [...statusText].length > MAX_STATUS_TEXT_LENGTH)
    throw errors.tooLong('status_text', MAX_STATUS_TEXT_LENGTH);
  const name = params.emoji_name;
  if (params.away === undefined && statusText === undefined && name === undefined)
    throw errors.statusNoNewValues();
  const change: StatusChange = { away: params.away, status_text: statusText };
  if (name === '') change.emoji = { emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' };
  else if (name !== undefined) {
    const emoji = statusEmoji(store, name, params.emoji_code, params.reaction_type);
    change.emoji = { emoji_name: name, emoji_code: emoji.emoji_code, reaction_type: emoji.reaction_type };
  } else if (params.emoji_code || params.reaction_type) throw errors.statusEmojiNameRequired();
  return change;
}

export const userStatusRoutes = [
  defineRoute<PostUsersMeStatusParams>({
    method: 'POST',
    path: '/users/me/status',
    schema: 'post-users-me-status',
    summary: "Change the caller's status text, emoji or away flag",
    handler({ store, user, params }) {
      if (user.is_bot) throw errors.notForBots();
      updateStatus(store, user, statusChange(store, params));
      return {};
    },
  }),
  defineRoute<GetUsersUserIdStatusParams>({
    method: 'GET',
    path: '/users/{user_id}/status',
    schema: 'get-users-user-id-status',
    summary: "One user's status",
    handler({ store, user, params }) {
      const target = store.state.users.get(params.user_id);
      if (!target || target.is_bot) throw errors.noSuchUser();
      if (!target.is_active) throw errors.userIsDeactivated();
      if (!canAccessUser(store.state, user, target)) throw errors.insufficientPermission();
      return { status: formatStatus(store, target) };
    },
  }),
  defineRoute<PostUsersUserIdStatusParams>({
    method: 'POST',
    path: '/users/{user_id}/status',
    schema: 'post-users-user-id-status',
    summary: "An administrator changes another user's status",
    handler({ store, user, params }) {
      // From level 473 bots may too, when they have administrator rights (checked below).
      if (user.is_bot && !has('status_admin_bots', store.featureLevel)) throw errors.notForBots();
      // The target is checked before the parameters, as the server does.
      const target = store.state.users.get(params.user_id);
      if (!target || target.is_bot) throw errors.noSuchUser();
      if (!target.is_active) throw errors.userIsDeactivated();
      if (!isRealmAdmin(user)) throw errors.insufficientPermission();
      const { user_id: _target, ...change } = params;
      updateStatus(store, target, statusChange(store, change));
      return {};
    },
  }),
];
