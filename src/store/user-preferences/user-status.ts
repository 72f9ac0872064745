/** User status: a short text and emoji each user may show (and the deprecated away flag), with user_status events. */
import type { ReactionType, UserStatus } from '../../generated/types.js';
import { has } from '../../versions/index.js';
import { changeUserSettings } from '../settings/settings.js';
import type { RealmState, UserRecord, UserStatusRecord } from '../state.js';
import type { Store } from '../store.js';

/** Longest status text accepted (characters, after surrounding whitespace is stripped). */
export const MAX_STATUS_TEXT_LENGTH = 60;

/** What a status update changes; absent parts stay as they are (the caller validated the emoji). */
export interface StatusChange {
  away?: boolean;
  status_text?: string;
  emoji?: { emoji_name: string; emoji_code: string; reaction_type: ReactionType };
}

const EMPTY: UserStatusRecord = {
  away: false,
  status_text: '',
  emoji_name: '',
  emoji_code: '',
  reaction_type: 'unicode_emoji',
};

/** Whether the user counts as away: from level 148 the opposite of presence_enabled, before it the stored flag. */
function isAway(store: Store, user: UserRecord, status: UserStatusRecord): boolean {
  return has('status_away_is_presence', store.featureLevel) ? !user.settings.presence_enabled : status.away;
}

/** The user's status as the API shows it (`{}` when nothing is set). */
export function formatStatus(store: Store, user: UserRecord): UserStatus {
  const status = store.state.userStatuses.get(user.user_id);
  if (!status) return {};
  const out: UserStatus = {};
  if (isAway(store, user, status)) out.away = true;
  if (status.status_text) out.status_text = status.status_text;
  if (status.emoji_name) {
    out.emoji_name = status.emoji_name;
    out.emoji_code = status.emoji_code;
    out.reaction_type = status.reaction_type;
  }
  return out;
}

/** Every active user's status that shows something, keyed by user id string (the register section). */
export function allStatuses(
  store: Store,
  viewerCanSee: (user: UserRecord) => boolean,
): Record<string, UserStatus> {
  const out: Record<string, UserStatus> = {};
  for (const userId of store.state.userStatuses.keys()) {
    const user = store.state.users.get(userId);
    if (!user?.is_active || !viewerCanSee(user)) continue;
    const view = formatStatus(store, user);
    if (Object.keys(view).length) out[String(userId)] = view;
  }
  return out;
}

/** A copy of the stored status (for exports). */
export function statusRecords(state: RealmState): Array<[number, UserStatusRecord]> {
  return [...state.userStatuses].map(([id, s]) => [id, { ...s }]);
}

/**
 * Applies a status change. From level 148 `away` also turns presence_enabled off (or on), whose
 * user_settings events come first; then user_status goes to every active user with the changed parts.
 */
export function updateStatus(store: Store, user: UserRecord, change: StatusChange): void {
  const status = { ...(store.state.userStatuses.get(user.user_id) ?? EMPTY) };
  const event: Record<string, unknown> = { type: 'user_status', user_id: user.user_id };
  if (change.away !== undefined) {
    if (has('status_away_is_presence', store.featureLevel))
      changeUserSettings(store, user, { presence_enabled: !change.away });
    status.away = change.away;
    event.away = change.away;
  }
  if (change.status_text !== undefined) {
    status.status_text = change.status_text;
    event.status_text = change.status_text;
  }
  if (change.emoji) {
    Object.assign(status, change.emoji);
    Object.assign(event, change.emoji);
  }
  store.state.userStatuses.set(user.user_id, status);
  store.emit(store.activeUserIds(), event as { type: string });
}
