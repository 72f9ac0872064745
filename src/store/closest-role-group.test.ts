import { describe, expect, it } from 'vitest';
import { LevelApps } from '../testing/level-client.js';
import { checkValidatorAt } from '../schema/level-schemas.js';
import { levelOf } from '../versions/index.js';
import { closestRoleGroupId } from './closest-role-group.js';
import { systemGroupId, type SystemGroupName } from './groups.js';
import type { RealmState } from './state.js';

const IAGO = 'iago@svc.test';
const userWithRole = (state: RealmState, role: number): number =>
  [...state.users.values()].find((u) => u.role === role && u.is_active && !u.is_bot)!.user_id;

describe('closestRoleGroupId', () => {
  const state = new LevelApps().at(1).store.state;
  const owner = userWithRole(state, 100);
  const admin = userWithRole(state, 200);
  const guest = userWithRole(state, 600);
  const cases: Array<
    [string, () => { direct_members: number[]; direct_subgroups: number[] }, SystemGroupName]
  > = [
    ['nobody granted', () => ({ direct_members: [], direct_subgroups: [] }), 'role:nobody'],
    ['an owner', () => ({ direct_members: [owner], direct_subgroups: [] }), 'role:owners'],
    [
      'an owner and an administrator',
      () => ({ direct_members: [owner, admin], direct_subgroups: [] }),
      'role:administrators',
    ],
    [
      'an administrator and a guest',
      () => ({ direct_members: [admin, guest], direct_subgroups: [] }),
      'role:everyone',
    ],
    [
      'the moderators group and an owner',
      () => ({ direct_members: [owner], direct_subgroups: [systemGroupId(state, 'role:moderators')] }),
      'role:moderators',
    ],
  ];
  it.each(cases)('%s maps to the role group that holds them all', (_name, value, expected) => {
    expect(closestRoleGroupId(state, value())).toBe(systemGroupId(state, expected));
  });
});

describe('group-setting objects with direct members at levels that had only group ids', () => {
  const level = levelOf('field_channel_group_setting_objects');
  it.each([
    [level - 1, true],
    [level, false],
  ] as const)(
    'at level %i a channel setting naming an administrator is a role group id: %s',
    async (at, asId) => {
      const apps = new LevelApps();
      const state = apps.at(at).store.state;
      const admin = state.usersByEmail.get(IAGO)!.user_id;
      const value = { direct_members: [admin], direct_subgroups: [] };
      for (const channel of state.channels.values()) channel.can_remove_subscribers_group = { ...value };
      const { status, body } = await apps.send(at, IAGO, 'GET', '/streams');
      expect(status).toBe(200);
      const streams = body.streams as Array<Record<string, unknown>>;
      expect(streams.length).toBeGreaterThan(0);
      const field = 'can_remove_subscribers_group';
      for (const stream of streams)
        expect(stream[field]).toEqual(asId ? systemGroupId(state, 'role:administrators') : value);
      expect(checkValidatorAt('endpoints/get-streams.json#/$defs/response', at)(body)).toBe(true);
    },
  );

  it.each([
    [levelOf('field_group_setting_objects') - 1, true],
    [levelOf('field_group_setting_objects'), false],
  ] as const)('at level %i a user group setting naming a member is a role group id: %s', async (at, asId) => {
    const apps = new LevelApps();
    const state = apps.at(at).store.state;
    const owner = userWithRole(state, 100);
    const group = [...state.groups.values()].find((g) => !g.is_system_group)!;
    group.can_mention_group = { direct_members: [owner], direct_subgroups: [] };
    const { body } = await apps.send(at, IAGO, 'GET', '/user_groups');
    const found = (body.user_groups as Array<Record<string, unknown>>).find((g) => g.id === group.id)!;
    expect(found.can_mention_group).toEqual(
      asId ? systemGroupId(state, 'role:owners') : { direct_members: [owner], direct_subgroups: [] },
    );
    expect(checkValidatorAt('endpoints/get-user-groups.json#/$defs/response', at)(body)).toBe(true);
  });
});
