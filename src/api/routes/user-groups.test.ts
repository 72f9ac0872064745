import { expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER, MEMBER2, OWNER } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';
import { realmSnapshot } from './realm-snapshot.test-util.js';

describeTransports('GET /user_groups', (t) => {
  it('lists groups by id, system groups included, deactivated ones only on request', async () => {
    const res = await t().as(MEMBER).get('user_groups');
    const names = res.body.user_groups.map((g: { name: string }) => g.name);
    expect(names.slice(0, 8)).toEqual([
      'role:nobody',
      'role:owners',
      'role:administrators',
      'role:moderators',
      'role:fullmembers',
      'role:members',
      'role:everyone',
      'role:internet',
    ]);
    expect(names).not.toContain('retired-team');
    const all = await t().as(MEMBER).get('user_groups', { include_deactivated_groups: true });
    expect(all.body.user_groups.map((g: { name: string }) => g.name)).toContain('retired-team');
  });
});

describeTransports('POST /user_groups/create', (t) => {
  it('creates a group with members, subgroups and settings and emits user_group/add', async () => {
    const { app } = t();
    const me = app.store.state.usersByEmail.get(MEMBER)!.user_id;
    const start = app.store.journal.length;
    const res = await t()
      .as(MEMBER)
      .post('user_groups/create', {
        name: 'readers',
        description: 'People who read',
        members: [me, 12],
        subgroups: [9],
        can_join_group: 6,
      });
    const group = app.store.state.groups.get(res.body.group_id)!;
    expect(group).toMatchObject({ name: 'readers', creator_id: me, can_join_group: 6 });
    expect([...group.members]).toEqual([me, 12]);
    expect(group.can_manage_group).toEqual({ direct_members: [me], direct_subgroups: [] });
    expect(app.store.journal[start]!.event).toMatchObject({
      type: 'user_group',
      op: 'add',
      group: { id: group.id, members: [me, 12], direct_subgroup_ids: [9] },
    });
  });

  it('refuses bad names, unknown members and groups, and guests, changing nothing', async () => {
    const ctx = t();
    const before = realmSnapshot(ctx.app);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [MEMBER, { name: '', description: '' }, "User group name can't be empty!"],
      [MEMBER, { name: 'g'.repeat(101), description: '' }, 'User group name cannot exceed 100 characters.'],
      [MEMBER, { name: 'role:x', description: '' }, "User group name cannot start with 'role:'."],
      [MEMBER, { name: '@x', description: '' }, "User group name cannot start with '@'."],
      [
        MEMBER,
        { name: 'hamletcharacters', description: '' },
        "User group 'hamletcharacters' already exists.",
      ],
      [MEMBER, { name: 'x', description: '', members: [99999] }, 'Invalid user ID: 99999'],
      [MEMBER, { name: 'x', description: '', members: [18] }, 'User is deactivated'],
      [MEMBER, { name: 'x', description: '', subgroups: [999] }, 'Invalid user group'],
      [MEMBER, { name: 'x', description: '', can_manage_group: 999 }, 'Invalid user group'],
      [
        MEMBER,
        { name: 'x', description: '', can_manage_group: { direct_members: [1] } },
        'Invalid can_manage_group',
      ],
      [
        MEMBER,
        { name: 'x', description: '', members: 'not a list' },
        'Argument "members" is not valid JSON.',
      ],
      [MEMBER, { name: 'x', description: '', members: { a: 1 } }, 'members is not a list'],
      [GUEST, { name: 'x', description: '' }, 'Insufficient permission'],
    ];
    for (const [as, params, msg] of cases) {
      const res = await ctx.as(as).post('user_groups/create', params);
      expect(res.body, msg).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
    }
    expect(realmSnapshot(ctx.app)).toEqual(before);
  });
});

describeTransports('PATCH /user_groups/{id} and deactivation', (t) => {
  it('renames and reconfigures with one update event, and refuses an empty change', async () => {
    const { app } = t();
    const start = app.store.journal.length;
    await t()
      .as(OWNER)
      .patch('user_groups/9', { name: 'hamlets', description: 'd', can_mention_group: { new: 6, old: 7 } });
    expect(app.store.journal[start]!.event).toEqual({
      type: 'user_group',
      op: 'update',
      group_id: 9,
      data: { name: 'hamlets', description: 'd', can_mention_group: 6 },
    });
    expect((await t().as(OWNER).patch('user_groups/9', {})).body.msg).toBe('No new data supplied');
  });

  it('deactivates an unused group (update event) and reactivates it with deactivated=false', async () => {
    const { app } = t();
    const start = app.store.journal.length;
    expect((await t().as(OWNER).post('user_groups/9/deactivate')).status).toBe(200);
    expect(app.store.journal[start]!.event).toEqual({
      type: 'user_group',
      op: 'update',
      group_id: 9,
      data: { deactivated: true },
    });
    expect((await t().as(OWNER).patch('user_groups/9', { deactivated: false })).status).toBe(200);
    expect(app.store.state.groups.get(9)!.deactivated).toBe(false);
  });

  it('refuses to deactivate a group a setting uses, listing the objections', async () => {
    const { app } = t();
    app.store.state.channels.get(3)!.can_send_message_group = 9;
    const before = realmSnapshot(app);
    const res = await t().as(OWNER).post('user_groups/9/deactivate');
    expect(res.body).toEqual({
      result: 'error',
      code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
      msg: 'Cannot deactivate user group in use.',
      objections: [{ type: 'channel', channel_id: 3, settings: ['can_send_message_group'] }],
    });
    expect(realmSnapshot(app)).toEqual(before);
  });

  it('refuses users outside can_manage_group and system groups', async () => {
    const ctx = t();
    ctx.app.store.state.settings.can_manage_all_groups =
      ctx.app.store.state.systemGroupIds.get('role:owners')!;
    const before = realmSnapshot(ctx.app);
    expect((await ctx.as(MEMBER2).patch('user_groups/9', { name: 'z' })).body.msg).toBe(
      'Insufficient permission',
    );
    expect((await ctx.as(OWNER).patch('user_groups/3', { name: 'z' })).body.msg).toBe(
      'Insufficient permission',
    );
    expect((await ctx.as(MEMBER2).post('user_groups/999/deactivate')).body.msg).toBe('Invalid user group');
    expect(realmSnapshot(ctx.app)).toEqual(before);
  });
});

describeTransports('POST /user_groups/{id}/members and /subgroups', (t) => {
  it('adds and removes members and subgroups with events', async () => {
    const { app } = t();
    const start = app.store.journal.length;
    await t()
      .as(OWNER)
      .post('user_groups/9/members', { add: [12], delete: [8], add_subgroups: [10] });
    expect([...app.store.state.groups.get(9)!.members].sort()).toEqual([10, 12]);
    const ops = app.store.journal.slice(start).map((e) => (e.event as unknown as { op: string }).op);
    expect(ops).toEqual(['add_members', 'remove_members', 'add_subgroups']);
    await t()
      .as(OWNER)
      .post('user_groups/9/subgroups', { delete: [10] });
    expect(app.store.state.groups.get(9)!.direct_subgroup_ids.size).toBe(0);
  });

  it('refuses duplicates, non-members, cycles, deactivated users and system groups, changing nothing', async () => {
    const ctx = t();
    const before = realmSnapshot(ctx.app);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['user_groups/9/members', {}, 'Nothing to do. Specify at least one of "add" or "delete".'],
      ['user_groups/9/members', { add: [10] }, 'User 10 is already a member of this group'],
      ['user_groups/9/members', { delete: [12] }, "There is no member '12' in this user group"],
      ['user_groups/9/members', { add: [18] }, 'User is deactivated'],
      [
        'user_groups/10/members',
        { add_subgroups: [11] },
        'User group 11 is already a supergroup of this group.',
      ],
      [
        'user_groups/11/members',
        { add_subgroups: [10] },
        'User group 10 is already a subgroup of this group.',
      ],
      ['user_groups/9/subgroups', { delete: [10] }, 'User group 10 is not a subgroup of this group.'],
      ['user_groups/6/members', { add: [12] }, 'Insufficient permission'],
    ];
    for (const [path, params, msg] of cases) {
      const res = await ctx.as(OWNER).post(path, params);
      expect(res.body, msg).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
    }
    expect(realmSnapshot(ctx.app)).toEqual(before);
  });

  it('refuses to delete unknown or deactivated users, changing nothing', async () => {
    const ctx = t();
    ctx.app.store.state.groups.get(9)!.members.add(18); // a member deactivated while in the group
    const before = realmSnapshot(ctx.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ delete: [9999] }, 'Invalid user ID: 9999'],
      [{ delete: [18] }, 'User is deactivated'],
      [{ delete: [10, 9999] }, 'Invalid user ID: 9999'],
    ];
    for (const [params, msg] of cases) {
      const res = await ctx.as(OWNER).post('user_groups/9/members', params);
      expect(res.status).toBe(400);
      expect(res.body, msg).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    }
    expect(realmSnapshot(ctx.app)).toEqual(before);
  });

  it('lets a member join through can_join_group but not add others', async () => {
    const { app } = t();
    app.store.state.settings.can_manage_all_groups = app.store.state.systemGroupIds.get('role:owners')!;
    const me = app.store.state.usersByEmail.get(MEMBER2)!.user_id;
    expect(
      (
        await t()
          .as(MEMBER2)
          .post('user_groups/11/members', { add: [me] })
      ).status,
    ).toBe(200);
    const other = await t()
      .as(MEMBER2)
      .post('user_groups/11/members', { add: [14] });
    expect(other.body.msg).toBe('Insufficient permission');
  });

  it('changes a deactivated group’s members from feature level 391 only', async () => {
    const { app } = t();
    expect(
      (
        await t()
          .as(ADMIN)
          .post('user_groups/12/members', { delete: [6] })
      ).status,
    ).toBe(200);
    expect(app.store.state.groups.get(12)!.members.has(6)).toBe(false);
  });
});

describeTransports(
  'POST /user_groups/{id}/members at feature level 390',
  (t) => {
    it('refuses membership changes of a deactivated group', async () => {
      const res = await t()
        .as(ADMIN)
        .post('user_groups/12/members', { delete: [6] });
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'User group is deactivated.' });
    });
  },
  { featureLevel: 390 },
);

describeTransports('user group membership queries', (t) => {
  it('answers members recursively or directly, membership of one user, and subgroups', async () => {
    const ctx = t();
    expect((await ctx.as(MEMBER).get('user_groups/11/members')).body.members).toEqual([9, 11, 15]);
    expect(
      (await ctx.as(MEMBER).get('user_groups/11/members', { direct_member_only: true })).body.members,
    ).toEqual([15]);
    expect((await ctx.as(MEMBER).get('user_groups/11/members/9')).body.is_user_group_member).toBe(true);
    expect(
      (await ctx.as(MEMBER).get('user_groups/11/members/9', { direct_member_only: true })).body
        .is_user_group_member,
    ).toBe(false);
    expect((await ctx.as(MEMBER).get('user_groups/8/subgroups')).body.subgroups).toEqual([2, 3, 4, 5, 6, 7]);
    expect(
      (await ctx.as(MEMBER).get('user_groups/8/subgroups', { direct_subgroup_only: true })).body.subgroups,
    ).toEqual([7]);
  });
});
