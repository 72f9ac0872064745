import { describe, expect, it } from 'vitest';
import { isUserInGroup } from './groups.js';
import type { RealmState, UserGroupRecord } from './state.js';

/** A state holding only groups: id → [members, subgroup ids]. */
function stateOf(groups: Record<number, [number[], number[]]>): RealmState {
  const map = new Map<number, UserGroupRecord>();
  for (const [id, [members, subgroups]] of Object.entries(groups))
    map.set(Number(id), {
      id: Number(id),
      members: new Set(members),
      direct_subgroup_ids: new Set(subgroups),
    } as UserGroupRecord);
  return { groups: map } as RealmState;
}

describe('isUserInGroup', () => {
  it('finds members through subgroups, a diamond of them included', () => {
    // 1 holds 2 and 3, both of which hold 4; only 4 has a member.
    const state = stateOf({ 1: [[], [2, 3]], 2: [[], [4]], 3: [[], [4]], 4: [[10], []] });
    expect(isUserInGroup(state, 1, 10)).toBe(true);
    expect(isUserInGroup(state, 1, 11)).toBe(false);
    expect(isUserInGroup(state, 3, 10)).toBe(true);
    expect(isUserInGroup(state, 4, 11)).toBe(false);
  });

  it('answers each question afresh: a change of members, or another realm with the same ids', () => {
    const first = stateOf({ 1: [[], [2]], 2: [[10], []] });
    const second = stateOf({ 1: [[], [2]], 2: [[11], []] });
    for (let i = 0; i < 3; i++) {
      expect(isUserInGroup(first, 1, 10)).toBe(true);
      expect(isUserInGroup(second, 1, 10)).toBe(false);
      expect(isUserInGroup(second, 1, 11)).toBe(true);
    }
    first.groups.get(2)!.members.delete(10);
    expect(isUserInGroup(first, 1, 10)).toBe(false);
    first.groups.get(2)!.direct_subgroup_ids.add(3);
    first.groups.set(3, { id: 3, members: new Set([10]), direct_subgroup_ids: new Set() } as UserGroupRecord);
    expect(isUserInGroup(first, 1, 10)).toBe(true);
  });
});
