/** User-group membership and the one question every permission asks: is this user in this group setting? */
import type { GroupSettingValue } from '../generated/types.js';
import type { RealmState, UserGroupRecord, UserRecord } from './state.js';

/** System group names in creation order (their ids are consecutive in a fixture). */
export const SYSTEM_GROUP_NAMES = [
  'role:nobody',
  'role:owners',
  'role:administrators',
  'role:moderators',
  'role:fullmembers',
  'role:members',
  'role:everyone',
  'role:internet',
] as const;
export type SystemGroupName = (typeof SYSTEM_GROUP_NAMES)[number];

/** The system group whose direct members have a role, and its direct subgroup. */
const SYSTEM_GROUP_SHAPE: Record<
  SystemGroupName,
  { role?: number; subgroup?: SystemGroupName; description: string }
> = {
  'role:nobody': { description: 'Nobody' },
  'role:owners': { role: 100, description: 'Owners of this organization' },
  'role:administrators': {
    role: 200,
    subgroup: 'role:owners',
    description: 'Administrators of this organization, including owners',
  },
  'role:moderators': {
    role: 300,
    subgroup: 'role:administrators',
    description: 'Moderators of this organization, including administrators',
  },
  'role:fullmembers': {
    subgroup: 'role:moderators',
    description: 'Members of this organization, not including new accounts and guests',
  },
  'role:members': {
    role: 400,
    subgroup: 'role:fullmembers',
    description: 'Members of this organization, not including guests',
  },
  'role:everyone': {
    role: 600,
    subgroup: 'role:members',
    description: 'Everyone in this organization, including guests',
  },
  'role:internet': { subgroup: 'role:everyone', description: 'Everyone on the Internet' },
};

/** Description and direct subgroup of a system group. */
export function systemGroupShape(name: SystemGroupName): { description: string; subgroup?: SystemGroupName } {
  return SYSTEM_GROUP_SHAPE[name];
}

/** The id of a system group; throws if the realm lacks it (the loader guarantees all exist). */
export function systemGroupId(state: RealmState, name: SystemGroupName): number {
  const id = state.systemGroupIds.get(name);
  if (id === undefined) throw new Error(`realm has no system group ${name}`);
  return id;
}

/** Whether a user is past the waiting period that separates new members from full members. */
function isFullMember(state: RealmState, user: UserRecord, nowSeconds: number): boolean {
  const days = state.settings.waiting_period_threshold as number;
  return user.role === 400 && nowSeconds - user.date_joined >= days * 86400;
}

/** Recomputes the direct members of every system group from user roles (after role or activity changes). */
export function refreshSystemGroups(state: RealmState, nowSeconds: number): void {
  for (const name of SYSTEM_GROUP_NAMES) {
    const group = state.groups.get(systemGroupId(state, name));
    if (!group) continue;
    const shape = SYSTEM_GROUP_SHAPE[name];
    group.members.clear();
    for (const user of state.users.values()) {
      if (!user.is_active) continue;
      const member =
        name === 'role:fullmembers' ? isFullMember(state, user, nowSeconds) : shape.role === user.role;
      if (member) group.members.add(user.user_id);
    }
  }
}

/** Whether `userId` is in the group, directly or through subgroups (deactivated subgroups still count). */
export function isUserInGroup(state: RealmState, groupId: number, userId: number): boolean {
  // A direct member, or a group without subgroups, needs no walk (every send asks this).
  const group = state.groups.get(groupId);
  if (!group) return false;
  if (group.members.has(userId)) return true;
  if (group.direct_subgroup_ids.size === 0) return false;
  return inGroupOrSubgroups(state, groupId, userId, ++walk);
}

// Walks over subgroups are numbered, and each group visited notes the walk's number on its record (under a
// symbol: exports and formats name their fields), so a walk keeps no set of visited groups and looks each one up
// once. Numbers only grow (a double: no wrap in any process's life), so a note from an earlier walk never
// passes for the current one. Walks never nest. Every send to a channel whose send group is a system group walks
// the nested system groups (everyone, members, full members, moderators, administrators).
let walk = 0;
const WALK = Symbol('walk');
type Walked = UserGroupRecord & { [WALK]?: number };

// A module function rather than a closure per call: every send checks the channel's send permission.
function inGroupOrSubgroups(state: RealmState, id: number, userId: number, mark: number): boolean {
  const group = state.groups.get(id) as Walked | undefined;
  if (!group || group[WALK] === mark) return false;
  group[WALK] = mark;
  if (group.members.has(userId)) return true;
  for (const sub of group.direct_subgroup_ids) if (inGroupOrSubgroups(state, sub, userId, mark)) return true;
  return false;
}

/** Whether `userId` is in a group-setting value (a group id or an anonymous group). */
export function isUserInGroupSetting(state: RealmState, value: GroupSettingValue, userId: number): boolean {
  if (typeof value === 'number') return isUserInGroup(state, value, userId);
  if (value.direct_members.includes(userId)) return true;
  return value.direct_subgroups.some((id) => isUserInGroup(state, id, userId));
}

/** Every user id in the group, recursively. */
export function groupMemberIds(state: RealmState, groupId: number): Set<number> {
  const out = new Set<number>();
  const seen = new Set<number>();
  const visit = (id: number): void => {
    if (seen.has(id)) return;
    seen.add(id);
    const group = state.groups.get(id);
    if (!group) return;
    for (const m of group.members) out.add(m);
    for (const sub of group.direct_subgroup_ids) visit(sub);
  };
  visit(groupId);
  return out;
}

/** Whether adding `subgroupId` under `groupId` would make a cycle. */
export function wouldCreateCycle(state: RealmState, groupId: number, subgroupId: number): boolean {
  if (groupId === subgroupId) return true;
  const seen = new Set<number>();
  const stack = [subgroupId];
  while (stack.length) {
    const id = stack.pop()!;
    if (id === groupId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    const group: UserGroupRecord | undefined = state.groups.get(id);
    if (group) stack.push(...group.direct_subgroup_ids);
  }
  return false;
}
