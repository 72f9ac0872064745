/**
 * The role group closest to a group-setting value, for feature levels whose settings could only name a group
 * (before anonymous group-setting objects): the smallest role group that holds every user the value grants
 * the permission to, the superset a server of that level would have had.
 */
import type { RealmState } from './state.js';
import type { GroupSettingObject } from '../versions/fields.js';
import { groupMemberIds, SYSTEM_GROUP_NAMES, systemGroupId, type SystemGroupName } from './groups.js';

/** Role groups from the smallest to the largest (each holds the one before it): nobody and internet excluded. */
const ROLE_GROUPS: readonly SystemGroupName[] = SYSTEM_GROUP_NAMES.slice(
  SYSTEM_GROUP_NAMES.indexOf('role:owners'),
  SYSTEM_GROUP_NAMES.indexOf('role:internet'),
);

/** The users a group-setting object grants the permission to. */
function grantedUsers(state: RealmState, value: GroupSettingObject): Set<number> {
  const users = new Set(value.direct_members);
  for (const id of value.direct_subgroups) for (const user of groupMemberIds(state, id)) users.add(user);
  return users;
}

/**
 * The id of the smallest role group holding every user of `value` (role:nobody when it grants nobody).
 * @example closestRoleGroupId(state, { direct_members: [8], direct_subgroups: [] }) // role:members' id
 */
export function closestRoleGroupId(state: RealmState, value: GroupSettingObject): number {
  const users = grantedUsers(state, value);
  if (users.size === 0) return systemGroupId(state, 'role:nobody');
  for (const name of ROLE_GROUPS) {
    const members = groupMemberIds(state, systemGroupId(state, name));
    if ([...users].every((user) => members.has(user))) return systemGroupId(state, name);
  }
  return systemGroupId(state, 'role:everyone');
}

const resolvers = new WeakMap<RealmState, (value: GroupSettingObject) => number>();

/** One resolver per realm state for trimFields (formatters pass it on every call). */
export function roleGroupResolver(state: RealmState): (value: GroupSettingObject) => number {
  let resolve = resolvers.get(state);
  if (!resolve) {
    resolve = (value) => closestRoleGroupId(state, value);
    resolvers.set(state, resolve);
  }
  return resolve;
}
