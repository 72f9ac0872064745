/** Group-setting values from requests: validation, normalization, and where a group is used. */
import type { GroupSettingValue } from '../../generated/types.js';
import { CHANNEL_GROUP_SETTINGS, USER_GROUP_SETTINGS, type RealmState } from '../state.js';

/** Why a group-setting value is refused. */
export type GroupSettingProblem =
  | { kind: 'unknown_group'; id: number }
  | { kind: 'deactivated_group'; id: number }
  | { kind: 'unknown_user'; id: number };

/** Checks that every group and user a value names exists (and groups are active); undefined when fine. */
export function groupSettingProblem(
  state: RealmState,
  value: GroupSettingValue,
): GroupSettingProblem | undefined {
  const groups = typeof value === 'number' ? [value] : value.direct_subgroups;
  for (const id of groups) {
    const group = state.groups.get(id);
    if (!group) return { kind: 'unknown_group', id };
    if (group.deactivated) return { kind: 'deactivated_group', id };
  }
  if (typeof value !== 'number') {
    for (const id of value.direct_members) {
      const user = state.users.get(id);
      if (!user || !user.is_active) return { kind: 'unknown_user', id };
    }
  }
  return undefined;
}

/** A stored copy of a value: anonymous groups get deduplicated, sorted lists. */
export function normalizeGroupSetting(value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  const uniq = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
  return { direct_members: uniq(value.direct_members), direct_subgroups: uniq(value.direct_subgroups) };
}

/** Whether two values are the same setting (anonymous groups compared as sets). */
export function sameGroupSetting(a: GroupSettingValue, b: GroupSettingValue): boolean {
  return JSON.stringify(normalizeGroupSetting(a)) === JSON.stringify(normalizeGroupSetting(b));
}

const uses = (value: unknown, groupId: number): boolean =>
  value === groupId ||
  (typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { direct_subgroups?: unknown }).direct_subgroups) &&
    (value as { direct_subgroups: number[] }).direct_subgroups.includes(groupId));

/** An objection to deactivating a group: the settings that use it, as CANNOT_DEACTIVATE_GROUP_IN_USE lists them. */
export type GroupUseObjection =
  | { type: 'realm'; settings: string[] }
  | { type: 'channel'; channel_id: number; settings: string[] }
  | { type: 'user_group'; group_id: number; settings: string[] };

/** Every setting (realm, channel, other active group) whose value names the group. */
export function groupUses(state: RealmState, groupId: number): GroupUseObjection[] {
  const out: GroupUseObjection[] = [];
  const realm = Object.entries(state.settings)
    .filter(([key, value]) => key.endsWith('_group') && uses(value, groupId))
    .map(([key]) => key);
  if (realm.length) out.push({ type: 'realm', settings: realm });
  for (const channel of state.channels.values()) {
    if (channel.is_archived) continue;
    const settings = CHANNEL_GROUP_SETTINGS.filter((key) => uses(channel[key], groupId));
    if (settings.length) out.push({ type: 'channel', channel_id: channel.stream_id, settings });
  }
  for (const group of state.groups.values()) {
    if (group.id === groupId || group.deactivated) continue;
    const settings = USER_GROUP_SETTINGS.filter((key) => uses(group[key], groupId));
    if (settings.length) out.push({ type: 'user_group', group_id: group.id, settings });
  }
  return out;
}
