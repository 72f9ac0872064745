/** User groups for an export. */
import type { FixtureUserGroup } from '../../generated/types.js';
import { USER_GROUP_SETTINGS, type RealmState } from '../state.js';
import { copyGroupValue } from './channels.js';

/**
 * Every user group, deactivated ones included, with its settings. System groups carry no members or subgroups:
 * the loader derives those from roles.
 */
export function exportUserGroups(state: RealmState): FixtureUserGroup[] {
  return [...state.groups.values()].map((g) => {
    const group: FixtureUserGroup = { id: g.id, name: g.name, description: g.description };
    if (!g.is_system_group) {
      group.members = [...g.members];
      group.direct_subgroup_ids = [...g.direct_subgroup_ids];
    }
    Object.assign(group, {
      is_system_group: g.is_system_group,
      deactivated: g.deactivated,
      date_created: g.date_created,
      creator_id: g.creator_id,
    });
    for (const key of USER_GROUP_SETTINGS) group[key] = copyGroupValue(g[key]);
    return group;
  });
}
