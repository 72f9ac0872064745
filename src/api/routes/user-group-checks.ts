/** Validation shared by the user-group routes: names, member and subgroup lists, group lookup. */
import type { UserGroupRecord, UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { wouldCreateCycle } from '../../store/groups.js';
import { errors } from '../errors/index.js';

const RESERVED_PREFIXES = ['@', 'role:', 'user:', 'stream:', 'channel:'];
/** Maximum length of a user group name. */
export const MAX_GROUP_NAME_LENGTH = 100;

/** The group with this id, else "Invalid user group". */
export function findGroup(store: Store, id: number): UserGroupRecord {
  const group = store.state.groups.get(id);
  if (!group) throw errors.invalidUserGroup();
  return group;
}

/** Validates a new group name (not the current name of `self`). */
export function checkGroupName(store: Store, name: string, self?: UserGroupRecord): void {
  if (name.trim() === '') throw errors.groupNameEmpty();
  if ([...name].length > MAX_GROUP_NAME_LENGTH) throw errors.groupNameTooLong();
  const prefix = RESERVED_PREFIXES.find((p) => name.startsWith(p));
  if (prefix) throw errors.groupNamePrefix(prefix);
  for (const group of store.state.groups.values()) {
    if (group !== self && group.name === name) throw errors.groupNameTaken(name);
  }
}

/** Each id must be an existing, active user. */
export function checkActiveUsers(store: Store, ids: readonly number[]): UserRecord[] {
  return ids.map((id) => {
    const user = store.state.users.get(id);
    if (!user) throw errors.invalidUserId(id);
    if (!user.is_active) throw errors.userIsDeactivated();
    return user;
  });
}

/** Each id must be an existing, active group that can become a subgroup of `group` (no cycle). */
export function checkNewSubgroups(
  store: Store,
  group: UserGroupRecord | undefined,
  ids: readonly number[],
): void {
  for (const id of ids) {
    const sub = store.state.groups.get(id);
    if (!sub || sub.deactivated) throw errors.invalidUserGroup();
    if (!group) continue;
    if (group.direct_subgroup_ids.has(id)) throw errors.alreadySubgroup(id);
    if (wouldCreateCycle(store.state, group.id, id)) throw errors.subgroupCycle(id);
  }
}
