/** POST /user_groups/{id}/members and /subgroups: every check first, then the membership changes. */
import type { UserGroupRecord, UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { changeMembers, changeSubgroups } from '../../store/user-groups/mutate.js';
import { canAddMembers, canRemoveMembers } from '../../store/user-groups/permissions.js';
import { errors } from '../errors/index.js';
import { checkActiveUsers, checkNewSubgroups } from './user-group-checks.js';
import { has } from '../../versions/index.js';

/** The four lists a membership request may carry. */
export interface MembershipRequest {
  add?: number[];
  delete?: number[];
  add_subgroups?: number[];
  delete_subgroups?: number[];
}

/** Validates and applies a membership request (system groups and, before FL391, deactivated groups refused). */
export function changeGroupMembership(
  store: Store,
  user: UserRecord,
  group: UserGroupRecord,
  r: MembershipRequest,
): void {
  const { state } = store;
  const add = [...new Set(r.add ?? [])];
  const remove = [...new Set(r.delete ?? [])];
  const addSub = [...new Set(r.add_subgroups ?? [])];
  const removeSub = [...new Set(r.delete_subgroups ?? [])];
  if (!add.length && !remove.length && !addSub.length && !removeSub.length) throw errors.nothingToDo();
  if (group.is_system_group) throw errors.insufficientPermission();
  if (group.deactivated && !has('deactivated_group_members', store.featureLevel))
    throw errors.groupDeactivated();
  if (add.length && !canAddMembers(state, user, group, add)) throw errors.insufficientPermission();
  if (remove.length && !canRemoveMembers(state, user, group, remove)) throw errors.insufficientPermission();
  if (addSub.length && !canAddMembers(state, user, group, [])) throw errors.insufficientPermission();
  if (removeSub.length && !canRemoveMembers(state, user, group, [])) throw errors.insufficientPermission();
  // Both lists name non-deactivated users: an unknown id is "Invalid user ID" before any membership check.
  checkActiveUsers(store, add);
  checkActiveUsers(store, remove);
  for (const id of add) if (group.members.has(id)) throw errors.alreadyMember(id);
  for (const id of remove) if (!group.members.has(id)) throw errors.notMember(id);
  checkNewSubgroups(store, group, addSub);
  for (const id of removeSub) if (!group.direct_subgroup_ids.has(id)) throw errors.notSubgroup(id);
  if (add.length || remove.length) changeMembers(store, group, add, remove);
  if (addSub.length || removeSub.length) changeSubgroups(store, group, addSub, removeSub);
}
