/** Which users a viewer may know about (realm can_access_all_users_group) and the placeholder for the rest. */
import type { User } from '../../generated/types.js';
import { isUserInGroupSetting } from '../groups.js';
import type { GroupSettingValue } from '../../generated/types.js';
import type { RealmState, UserRecord } from '../state.js';
import { apiEmail, isoDate } from '../users.js';
import { trimFields } from '../../versions/fields.js';
import { has, NEWEST_FEATURE_LEVEL } from '../../versions/index.js';

/** Whether the viewer may see every user of the organization. */
export function canAccessAllUsers(state: RealmState, viewer: UserRecord): boolean {
  const value = state.settings.can_access_all_users_group as GroupSettingValue;
  return isUserInGroupSetting(state, value, viewer.user_id);
}

/**
 * Users a restricted viewer may see: themselves, system bots, anyone sharing a channel subscription with
 * them (active subscriptions), and anyone in their direct-message history (walks their own message rows).
 */
export function accessibleUserIds(state: RealmState, viewer: UserRecord): Set<number> {
  const out = new Set<number>([viewer.user_id]);
  for (const user of state.users.values()) if (user.is_system_bot) out.add(user.user_id);
  for (const sub of state.subscriptions.get(viewer.user_id)?.values() ?? []) {
    if (!sub.active) continue;
    for (const id of state.subscribers.get(sub.stream_id) ?? []) out.add(id);
  }
  for (const id of state.index.byUser.get(viewer.user_id) ?? []) {
    const message = state.messages.get(id);
    if (message?.type === 'private') message.recipients.forEach((r) => out.add(r));
  }
  return out;
}

/** Whether the viewer may see this user (undefined viewer: a spectator, who sees everyone's public fields). */
export function canAccessUser(
  state: RealmState,
  viewer: UserRecord | undefined,
  target: UserRecord,
): boolean {
  if (!viewer || canAccessAllUsers(state, viewer)) return true;
  if (target.user_id === viewer.user_id || target.is_system_bot) return true;
  return accessibleUserIds(state, viewer).has(target.user_id);
}

/** The "Unknown user" placeholder shown instead of an inaccessible user, in the shape of `level`. */
export function formatUnknownUser(
  state: RealmState,
  user: UserRecord,
  level: number = NEWEST_FEATURE_LEVEL,
): User {
  const out: User = {
    user_id: user.user_id,
    email: apiEmail(state, {
      ...user,
      is_bot: false,
      settings: { ...user.settings, email_address_visibility: 4 },
    }),
    delivery_email: null,
    full_name: 'Unknown user',
    date_joined: isoDate(state.realm.date_created),
    is_active: true,
    is_owner: false,
    is_admin: false,
    is_guest: false,
    is_bot: false,
    role: 400,
    timezone: '',
    avatar_url: `${state.realm.url}/static/images/unknown-user-avatar.png`,
    avatar_version: 1,
    is_imported_stub: false,
    is_deleted: false,
  };
  if (has('field_user_is_billing_admin', level))
    (out as unknown as Record<string, unknown>).is_billing_admin = false;
  return trimFields('user', out, level);
}
