/** Who may change a user group: can_manage_group, can_add/remove_members_group, can_join/leave_group and realm settings. */
import { isUserInGroupSetting } from '../groups.js';
import { inRealmGroup } from '../channels/permissions.js';
import type { RealmState, UserGroupRecord, UserRecord } from '../state.js';

/** May create user groups (realm can_create_groups). */
export function canCreateGroups(state: RealmState, user: UserRecord): boolean {
  return inRealmGroup(state, user, 'can_create_groups');
}

/** May rename, describe, reconfigure, deactivate the group and change any membership (never system groups). */
export function canManageGroup(state: RealmState, user: UserRecord, group: UserGroupRecord): boolean {
  if (group.is_system_group) return false;
  return (
    inRealmGroup(state, user, 'can_manage_all_groups') ||
    isUserInGroupSetting(state, group.can_manage_group, user.user_id)
  );
}

const onlySelf = (user: UserRecord, ids: readonly number[]): boolean =>
  ids.length > 0 && ids.every((id) => id === user.user_id);

/** May add these users (or, with no users, subgroups) as direct members. */
export function canAddMembers(
  state: RealmState,
  user: UserRecord,
  group: UserGroupRecord,
  userIds: readonly number[],
): boolean {
  if (group.is_system_group) return false;
  if (canManageGroup(state, user, group)) return true;
  if (isUserInGroupSetting(state, group.can_add_members_group, user.user_id)) return true;
  return onlySelf(user, userIds) && isUserInGroupSetting(state, group.can_join_group, user.user_id);
}

/** May remove these users (or, with no users, subgroups) from the group's direct members. */
export function canRemoveMembers(
  state: RealmState,
  user: UserRecord,
  group: UserGroupRecord,
  userIds: readonly number[],
): boolean {
  if (group.is_system_group) return false;
  if (canManageGroup(state, user, group)) return true;
  if (isUserInGroupSetting(state, group.can_remove_members_group, user.user_id)) return true;
  return onlySelf(user, userIds) && isUserInGroupSetting(state, group.can_leave_group, user.user_id);
}
