/** The user group object of GET /user_groups, register realm_user_groups and user_group add events. */
import type { GroupSettingValue, UserGroup } from '../../generated/types.js';
import { trimmed } from '../../versions/fields.js';
import { roleGroupResolver } from '../closest-role-group.js';
import { USER_GROUP_SETTINGS, type RealmState, type UserGroupRecord } from '../state.js';

const sorted = (ids: Iterable<number>): number[] => [...ids].sort((a, b) => a - b);

/** A copy of a group-setting value with sorted lists (records may hold shared objects). */
export function formatGroupSetting(value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  return { direct_members: sorted(value.direct_members), direct_subgroups: sorted(value.direct_subgroups) };
}

/** A user group with direct members and direct subgroups, both sorted, in the shape of feature level `level`. */
export function formatUserGroup(state: RealmState, group: UserGroupRecord, level: number): UserGroup {
  const out = {
    id: group.id,
    name: group.name,
    description: group.description,
    members: sorted(group.members),
    direct_subgroup_ids: sorted(group.direct_subgroup_ids),
    is_system_group: group.is_system_group,
    deactivated: group.deactivated,
    date_created: group.date_created,
    creator_id: group.creator_id,
  } as UserGroup;
  for (const key of USER_GROUP_SETTINGS) out[key] = formatGroupSetting(group[key]);
  return trimmed('user_group', out, level, roleGroupResolver(state));
}
