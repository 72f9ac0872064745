/** The user-group change path: create, update, deactivate, members and subgroups, each with its event. */
import type { GroupSettingValue } from '../../generated/types.js';
import { USER_GROUP_SETTINGS, type UserGroupRecord, type UserGroupSetting } from '../state.js';
import type { Store } from '../store.js';
import { formatUserGroup } from './format.js';
import { normalizeGroupSetting } from './settings.js';

/** What a new group is made of (validated by the caller). */
export interface NewUserGroup {
  name: string;
  description: string;
  members: number[];
  subgroups: number[];
  settings: Partial<Record<UserGroupSetting, GroupSettingValue>>;
}

/** Defaults of group settings: system group names, except can_manage_group (the creator). */
const DEFAULTS: Record<UserGroupSetting, string | 'creator'> = {
  can_add_members_group: 'role:nobody',
  can_join_group: 'role:nobody',
  can_leave_group: 'role:everyone',
  can_manage_group: 'creator',
  can_mention_group: 'role:everyone',
  can_remove_members_group: 'role:nobody',
};

/** Creates a user-defined group and emits user_group/add to every active user. */
export function createUserGroup(store: Store, creatorId: number, spec: NewUserGroup): UserGroupRecord {
  const { state } = store;
  const group = {
    id: store.nextId('group'),
    name: spec.name,
    description: spec.description,
    members: new Set(spec.members),
    direct_subgroup_ids: new Set(spec.subgroups),
    is_system_group: false,
    deactivated: false,
    date_created: store.now(),
    creator_id: creatorId,
  } as UserGroupRecord;
  for (const key of USER_GROUP_SETTINGS) {
    const given = spec.settings[key];
    const fallback = DEFAULTS[key];
    group[key] =
      given !== undefined
        ? normalizeGroupSetting(given)
        : fallback === 'creator'
          ? { direct_members: [creatorId], direct_subgroups: [] }
          : state.systemGroupIds.get(fallback)!;
  }
  state.groups.set(group.id, group);
  store.emit(store.activeUserIds(), {
    type: 'user_group',
    op: 'add',
    group: formatUserGroup(state, group, store.featureLevel),
  });
  return group;
}

/** Changes that PATCH /user_groups/{id} and deactivation make. */
export interface UserGroupChanges {
  name?: string;
  description?: string;
  deactivated?: boolean;
  settings?: Partial<Record<UserGroupSetting, GroupSettingValue>>;
}

/** Applies changes and emits one user_group/update carrying every changed field in `data`. */
export function updateUserGroup(store: Store, group: UserGroupRecord, changes: UserGroupChanges): void {
  const data: Record<string, unknown> = {};
  if (changes.name !== undefined && changes.name !== group.name) data.name = group.name = changes.name;
  if (changes.description !== undefined && changes.description !== group.description)
    data.description = group.description = changes.description;
  if (changes.deactivated !== undefined && changes.deactivated !== group.deactivated)
    data.deactivated = group.deactivated = changes.deactivated;
  for (const [key, value] of Object.entries(changes.settings ?? {}) as Array<
    [UserGroupSetting, GroupSettingValue]
  >) {
    group[key] = normalizeGroupSetting(value);
    data[key] = normalizeGroupSetting(value);
  }
  if (Object.keys(data).length === 0) return;
  store.emit(store.activeUserIds(), { type: 'user_group', op: 'update', group_id: group.id, data });
}

/** Adds and removes direct members; emits add_members / remove_members for the ids that changed. */
export function changeMembers(store: Store, group: UserGroupRecord, add: number[], remove: number[]): void {
  const added = add.filter((id) => !group.members.has(id));
  const removed = remove.filter((id) => group.members.has(id));
  added.forEach((id) => group.members.add(id));
  removed.forEach((id) => group.members.delete(id));
  const audience = store.activeUserIds();
  const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
  if (added.length)
    store.emit(audience, {
      type: 'user_group',
      op: 'add_members',
      group_id: group.id,
      user_ids: sorted(added),
    });
  if (removed.length)
    store.emit(audience, {
      type: 'user_group',
      op: 'remove_members',
      group_id: group.id,
      user_ids: sorted(removed),
    });
}

/** Adds and removes direct subgroups; emits add_subgroups / remove_subgroups for the ids that changed. */
export function changeSubgroups(store: Store, group: UserGroupRecord, add: number[], remove: number[]): void {
  const added = add.filter((id) => !group.direct_subgroup_ids.has(id));
  const removed = remove.filter((id) => group.direct_subgroup_ids.has(id));
  added.forEach((id) => group.direct_subgroup_ids.add(id));
  removed.forEach((id) => group.direct_subgroup_ids.delete(id));
  const audience = store.activeUserIds();
  const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
  if (added.length)
    store.emit(audience, {
      type: 'user_group',
      op: 'add_subgroups',
      group_id: group.id,
      direct_subgroup_ids: sorted(added),
    });
  if (removed.length)
    store.emit(audience, {
      type: 'user_group',
      op: 'remove_subgroups',
      group_id: group.id,
      direct_subgroup_ids: sorted(removed),
    });
}
