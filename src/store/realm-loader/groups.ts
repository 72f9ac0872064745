/** Loads user groups (creating missing system groups) and resolves realm group settings given by name. */
import type { GroupSettingValue } from '../../generated/types.js';
import { SYSTEM_GROUP_NAMES, systemGroupShape, type SystemGroupName } from '../groups.js';
import { USER_GROUP_SETTINGS, type UserGroupRecord } from '../state.js';
import type { LoadContext } from './context.js';

/** User group settings' defaults (the manage default is the creator). */
const GROUP_SETTING_DEFAULTS: Record<string, SystemGroupName> = {
  can_add_members_group: 'role:nobody',
  can_join_group: 'role:nobody',
  can_leave_group: 'role:everyone',
  can_manage_group: 'role:nobody',
  can_mention_group: 'role:everyone',
  can_remove_members_group: 'role:nobody',
};

/** Adds every group; system groups get their subgroup chain (members come from roles later). */
export function loadGroups({ data, state, problems }: LoadContext): void {
  let nextId = Math.max(0, ...data.user_groups.map((g) => g.id)) + 1;
  const fixtureGroups = [...data.user_groups];
  for (const name of SYSTEM_GROUP_NAMES) {
    if (!fixtureGroups.some((g) => g.is_system_group && g.name === name)) {
      fixtureGroups.push({
        id: nextId++,
        name,
        is_system_group: true,
        description: systemGroupShape(name).description,
      });
    }
  }
  const ids = new Set<number>();
  for (const [i, g] of fixtureGroups.entries()) {
    if (ids.has(g.id)) problems.push(`/user_groups/${i}/id: duplicate group id ${g.id}`);
    ids.add(g.id);
    if (g.is_system_group) state.systemGroupIds.set(g.name, g.id);
  }
  fixtureGroups.forEach((g, i) => {
    const where = `/user_groups/${i}`;
    const subgroup = g.is_system_group ? systemGroupShape(g.name as SystemGroupName)?.subgroup : undefined;
    const group = {
      id: g.id,
      name: g.name,
      description: g.description ?? '',
      members: new Set(g.is_system_group ? [] : (g.members ?? [])),
      direct_subgroup_ids: new Set(
        subgroup ? [state.systemGroupIds.get(subgroup)!] : (g.direct_subgroup_ids ?? []),
      ),
      is_system_group: !!g.is_system_group,
      deactivated: !!g.deactivated,
      date_created: g.date_created ?? null,
      creator_id: g.creator_id ?? null,
    } as UserGroupRecord;
    for (const m of group.members)
      if (!state.users.has(m)) problems.push(`${where}/members: no user with id ${m}`);
    for (const s of group.direct_subgroup_ids) {
      if (!ids.has(s)) problems.push(`${where}/direct_subgroup_ids: no user group with id ${s}`);
    }
    for (const key of USER_GROUP_SETTINGS) {
      const fallback =
        key === 'can_manage_group' && group.creator_id !== null
          ? { direct_members: [group.creator_id], direct_subgroups: [] }
          : state.systemGroupIds.get(GROUP_SETTING_DEFAULTS[key]!)!;
      group[key] = (g[key] as GroupSettingValue | undefined) ?? fallback;
    }
    state.groups.set(group.id, group);
  });
}

/** Realm group settings may name a system group (`role:administrators`): replace names by ids. */
export function resolveRealmGroupSettings({ state, problems, groupValue }: LoadContext): void {
  for (const [key, value] of Object.entries(state.settings)) {
    if (typeof value === 'string' && value.startsWith('role:')) {
      const id = state.systemGroupIds.get(value);
      if (id === undefined) problems.push(`/realm/settings/${key}: unknown system group ${value}`);
      else (state.settings as Record<string, unknown>)[key] = id;
    } else if (key.endsWith('_group') && value !== null && typeof value === 'object') {
      groupValue(value, 0, `/realm/settings/${key}`);
    }
  }
}
