/** User groups: list, create, change, deactivate, members and subgroups. */
import type {
  GetUserGroupMemberStatusParams,
  GetUserGroupMembersParams,
  GetUserGroupSubgroupsParams,
  GetUserGroupsParams,
  GroupSettingValue,
  PatchUserGroupParams,
  PostUserGroupDeactivateParams,
  PostUserGroupMembersParams,
  PostUserGroupSubgroupsParams,
  PostUserGroupsCreateParams,
} from '../../generated/types.js';
import { groupMemberIds, isUserInGroup } from '../../store/groups.js';
import { USER_GROUP_SETTINGS, type UserGroupSetting, type UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { has } from '../../versions/index.js';
import { formatUserGroup } from '../../store/user-groups/format.js';
import { trimFields } from '../../versions/fields.js';
import { createUserGroup, updateUserGroup } from '../../store/user-groups/mutate.js';
import { canCreateGroups, canManageGroup } from '../../store/user-groups/permissions.js';
import { groupUses, sameGroupSetting } from '../../store/user-groups/settings.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { checkGroupSetting, settingChange } from './channel-helpers.js';
import { changeGroupMembership } from './user-group-members.js';
import { checkActiveUsers, checkGroupName, checkNewSubgroups, findGroup } from './user-group-checks.js';

const sorted = (ids: Iterable<number>): number[] => [...ids].sort((a, b) => a - b);

/** Bots could not call the group endpoints before feature level 496. */
function checkCaller(store: Store, user: UserRecord): void {
  if (user.is_bot && !has('user_groups_for_bots', store.featureLevel)) throw errors.notForBots();
}

/** User group endpoints: list, create, change, deactivate, members and subgroups. */
export const userGroupRoutes = [
  defineRoute<GetUserGroupsParams>({
    method: 'GET',
    path: '/user_groups',
    schema: 'get-user-groups',
    summary: 'Every user group, system groups included',
    handler({ store, user, params }) {
      checkCaller(store, user);
      const user_groups = [...store.state.groups.values()]
        .filter((g) => params.include_deactivated_groups || !g.deactivated)
        .sort((a, b) => a.id - b.id)
        .map((g) => formatUserGroup(store.state, g, store.featureLevel));
      return { user_groups };
    },
  }),
  defineRoute<PostUserGroupsCreateParams>({
    method: 'POST',
    path: '/user_groups/create',
    schema: 'post-user-groups-create',
    summary: 'Create a user group',
    handler({ store, user, params }) {
      checkCaller(store, user);
      if (!canCreateGroups(store.state, user)) throw errors.insufficientPermission();
      checkGroupName(store, params.name);
      checkActiveUsers(store, params.members ?? []);
      checkNewSubgroups(store, undefined, params.subgroups ?? []);
      const settings: Partial<Record<UserGroupSetting, GroupSettingValue>> = {};
      for (const key of USER_GROUP_SETTINGS) {
        const value = params[key];
        if (value !== undefined) settings[key] = checkGroupSetting(store, value);
      }
      const group = createUserGroup(store, user.user_id, {
        name: params.name,
        description: params.description,
        members: [...new Set(params.members ?? [])],
        subgroups: [...new Set(params.subgroups ?? [])],
        settings,
      });
      return trimFields('user_group_created', { group_id: group.id }, store.featureLevel);
    },
  }),
  defineRoute<PatchUserGroupParams>({
    method: 'PATCH',
    path: '/user_groups/{user_group_id}',
    schema: 'patch-user-group',
    summary: "Change a user group's name, description, settings or reactivate it",
    handler({ store, user, params }) {
      checkCaller(store, user);
      const group = findGroup(store, params.user_group_id);
      if (!canManageGroup(store.state, user, group)) throw errors.insufficientPermission();
      const settings: Partial<Record<UserGroupSetting, GroupSettingValue>> = {};
      let any = false;
      for (const key of USER_GROUP_SETTINGS) {
        const raw = params[key];
        if (raw === undefined) continue;
        any = true;
        const value = settingChange(store, raw, group[key]);
        if (!sameGroupSetting(value, group[key])) settings[key] = value;
      }
      if (params.name !== undefined && params.name !== group.name) checkGroupName(store, params.name, group);
      if (params.deactivated === true) throw errors.badRequest('Invalid deactivated');
      any ||=
        params.name !== undefined || params.description !== undefined || params.deactivated !== undefined;
      if (!any) throw errors.noNewData();
      updateUserGroup(store, group, {
        name: params.name,
        description: params.description,
        deactivated: params.deactivated,
        settings,
      });
      return {};
    },
  }),
  defineRoute<PostUserGroupDeactivateParams>({
    method: 'POST',
    path: '/user_groups/{user_group_id}/deactivate',
    schema: 'post-user-group-deactivate',
    summary: 'Deactivate a user group that no setting uses',
    handler({ store, user, params }) {
      const group = findGroup(store, params.user_group_id);
      if (!canManageGroup(store.state, user, group)) throw errors.insufficientPermission();
      if (group.deactivated) throw errors.groupDeactivated();
      const uses = groupUses(store.state, group.id);
      if (uses.length) throw errors.groupInUse(uses, store.featureLevel);
      updateUserGroup(store, group, { deactivated: true });
      return {};
    },
  }),
  defineRoute<PostUserGroupMembersParams>({
    method: 'POST',
    path: '/user_groups/{user_group_id}/members',
    schema: 'post-user-group-members',
    summary: "Change a user group's members and subgroups",
    handler({ store, user, params }) {
      checkCaller(store, user);
      changeGroupMembership(store, user, findGroup(store, params.user_group_id), params);
      return {};
    },
  }),
  defineRoute<PostUserGroupSubgroupsParams>({
    method: 'POST',
    path: '/user_groups/{user_group_id}/subgroups',
    schema: 'post-user-group-subgroups',
    summary: "Change a user group's subgroups",
    handler({ store, user, params }) {
      checkCaller(store, user);
      const group = findGroup(store, params.user_group_id);
      changeGroupMembership(store, user, group, {
        add_subgroups: params.add,
        delete_subgroups: params.delete,
      });
      return {};
    },
  }),
  defineRoute<GetUserGroupMembersParams>({
    method: 'GET',
    path: '/user_groups/{user_group_id}/members',
    schema: 'get-user-group-members',
    summary: 'Members of a user group (recursive unless direct_member_only)',
    handler({ store, user, params }) {
      checkCaller(store, user);
      const group = findGroup(store, params.user_group_id);
      const ids = params.direct_member_only ? group.members : groupMemberIds(store.state, group.id);
      return { members: sorted(ids) };
    },
  }),
  defineRoute<GetUserGroupMemberStatusParams>({
    method: 'GET',
    path: '/user_groups/{user_group_id}/members/{user_id}',
    schema: 'get-user-group-member-status',
    summary: 'Whether a user is a member of a user group',
    handler({ store, user, params }) {
      checkCaller(store, user);
      const group = findGroup(store, params.user_group_id);
      if (!store.state.users.has(params.user_id)) throw errors.noSuchUser();
      const member = params.direct_member_only
        ? group.members.has(params.user_id)
        : isUserInGroup(store.state, group.id, params.user_id);
      return { is_user_group_member: member };
    },
  }),
  defineRoute<GetUserGroupSubgroupsParams>({
    method: 'GET',
    path: '/user_groups/{user_group_id}/subgroups',
    schema: 'get-user-group-subgroups',
    summary: 'Subgroups of a user group (recursive unless direct_subgroup_only)',
    handler({ store, user, params }) {
      checkCaller(store, user);
      const group = findGroup(store, params.user_group_id);
      if (params.direct_subgroup_only) return { subgroups: sorted(group.direct_subgroup_ids) };
      const out = new Set<number>();
      const stack = [...group.direct_subgroup_ids];
      while (stack.length) {
        const id = stack.pop()!;
        if (out.has(id)) continue;
        out.add(id);
        stack.push(...(store.state.groups.get(id)?.direct_subgroup_ids ?? []));
      }
      return { subgroups: sorted(out) };
    },
  }),
];
