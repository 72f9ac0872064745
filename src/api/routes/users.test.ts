import { expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER, MEMBER2, OWNER } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

describeTransports('GET /users/me', (t) => {
  it("returns the caller's user object with max_message_id", async () => {
    const { app } = t();
    const me = app.store.state.usersByEmail.get(MEMBER)!;
    const history = app.store.state.index.byUser.get(me.user_id)!;
    const res = await t().as(MEMBER).get('users/me');
    expect(res.body).toMatchObject({
      user_id: me.user_id,
      delivery_email: MEMBER,
      full_name: me.full_name,
      role: 400,
      is_admin: false,
      is_owner: false,
      is_guest: false,
      is_bot: false,
      profile_data: {},
      max_message_id: history[history.length - 1],
    });
    expect(res.body.avatar_url).toMatch(
      /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/,
    );
    expect(res.body.date_joined).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
  });

  it('marks administrators and guests by role', async () => {
    expect((await t().as(ADMIN).get('users/me')).body).toMatchObject({
      role: 200,
      is_admin: true,
      is_owner: false,
    });
    expect((await t().as(GUEST).get('users/me')).body).toMatchObject({
      role: 600,
      is_guest: true,
      is_admin: false,
    });
  });
});

describeTransports('GET /users', (t) => {
  it('lists every user, deactivated users and bots included, but not the system bots', async () => {
    const { app } = t();
    const res = await t().as(MEMBER).get('users');
    const users = [...app.store.state.users.values()];
    const systemBots = users.filter((u) => u.is_system_bot).map((u) => u.user_id);
    expect(systemBots.length).toBeGreaterThan(0);
    expect(res.body.members).toHaveLength(users.length - systemBots.length);
    const ids = res.body.members.map((m: { user_id: number }) => m.user_id);
    for (const id of systemBots) expect(ids).not.toContain(id);
    const bySystemId = await t().as(MEMBER).get(`users/${systemBots[0]}`);
    expect(bySystemId.body.user).toMatchObject({ user_id: systemBots[0], is_bot: true });
    expect(res.body.members.some((m: { is_active: boolean }) => !m.is_active)).toBe(true);
    const bot = res.body.members.find(
      (m: { is_bot: boolean; bot_owner_id: number | null }) => m.is_bot && m.bot_owner_id,
    );
    expect(bot).toMatchObject({ bot_type: expect.any(Number), bot_owner_id: expect.any(Number) });
  });

  it('hides real e-mails the caller may not see, and shows them to administrators', async () => {
    const { app } = t();
    const hidden = [...app.store.state.users.values()].find(
      (u) => !u.is_bot && u.settings.email_address_visibility === 3,
    )!;
    expect(hidden).toBeDefined();
    const asMember = (await t().as(MEMBER).get('users')).body.members.find(
      (m: { user_id: number }) => m.user_id === hidden.user_id,
    );
    expect(asMember.email).toBe(`user${hidden.user_id}@${app.store.state.realm.email_domain}`);
    expect(asMember.delivery_email).toBeNull();
    const asAdmin = (await t().as(ADMIN).get('users')).body.members.find(
      (m: { user_id: number }) => m.user_id === hidden.user_id,
    );
    expect(asAdmin.delivery_email).toBe(hidden.delivery_email);
  });

  it('gives null avatar URLs with client_extavatar and full URLs without it', async () => {
    const withFlag = await t().as(ADMIN).get('users');
    const without = await t().as(ADMIN).get('users', { client_extavatar: false });
    const id = withFlag.body.members.find(
      (m: { avatar_url: string | null }) => m.avatar_url === null,
    ).user_id;
    expect(without.body.members.find((m: { user_id: number }) => m.user_id === id).avatar_url).toMatch(
      /^https:/,
    );
  });

  it('adds profile_data for humans with include_custom_profile_fields', async () => {
    const res = await t().as(MEMBER).get('users', { include_custom_profile_fields: true });
    const human = res.body.members.find((m: { is_bot: boolean }) => !m.is_bot);
    expect(human.profile_data).toEqual({});
  });
});

describeTransports('GET /users/{id} and /users/{email}', (t) => {
  it('returns one user by id or e-mail and refuses unknown ones', async () => {
    const { app } = t();
    const me = app.store.state.usersByEmail.get(MEMBER)!;
    const byId = await t().as(ADMIN).get(`users/${me.user_id}`);
    expect(byId.body.user).toMatchObject({ user_id: me.user_id, full_name: me.full_name });
    const byEmail = await t().as(ADMIN).get(`users/${MEMBER}`);
    expect(byEmail.body.user.user_id).toBe(me.user_id);
    const missing = await t().as(ADMIN).get('users/99999');
    expect(missing.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
  });
});

describeTransports('guests with can_access_all_users_group = role:members', (t) => {
  it('see only users they share channels or direct messages with', async () => {
    const { app } = t();
    const { state } = app.store;
    state.settings.can_access_all_users_group = state.systemGroupIds.get('role:members')!;
    const guest = state.usersByEmail.get(GUEST)!;
    const res = await t().as(GUEST).get('users');
    const ids = new Set(res.body.members.map((m: { user_id: number }) => m.user_id));
    expect(ids.has(guest.user_id)).toBe(true);
    const sharing = [...state.subscribers.get(4)!];
    for (const id of sharing) expect(ids.has(id)).toBe(true);
    const stranger = [...state.users.values()].find(
      (u) =>
        !u.is_system_bot &&
        ![...state.subscriptions.get(guest.user_id)!.keys()].some((s) =>
          state.subscribers.get(s)?.has(u.user_id),
        ) &&
        !(state.index.byUser.get(guest.user_id) ?? []).some((m) =>
          state.messages.get(m)!.recipients.includes(u.user_id),
        ),
    )!;
    expect(stranger).toBeDefined();
    expect(ids.has(stranger.user_id)).toBe(false);
    const direct = await t().as(GUEST).get(`users/${stranger.user_id}`);
    expect(direct.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    const systemBots = [...state.users.values()].filter((u) => u.is_system_bot).length;
    expect((await t().as(MEMBER).get('users')).body.members).toHaveLength(state.users.size - systemBots);
  });
});

describeTransports('PATCH /users/{id}', (t) => {
  it('lets administrators rename and change roles, refreshing system groups', async () => {
    const { app } = t();
    const { state } = app.store;
    const target = state.usersByEmail.get(MEMBER2)!;
    const start = app.store.journal.length;
    expect(
      (await t().as(ADMIN).patch(`users/${target.user_id}`, { full_name: 'Othello II', role: 300 })).status,
    ).toBe(200);
    expect(target).toMatchObject({ full_name: 'Othello II', role: 300 });
    expect(state.groups.get(state.systemGroupIds.get('role:moderators')!)!.members.has(target.user_id)).toBe(
      true,
    );
    expect(state.groups.get(state.systemGroupIds.get('role:members')!)!.members.has(target.user_id)).toBe(
      false,
    );
    const persons = app.store.journal
      .slice(start)
      .map((e) => e.event as { type: string; person?: unknown })
      .filter((e) => e.type === 'realm_user')
      .map((e) => e.person);
    expect(persons).toEqual([
      { user_id: target.user_id, full_name: 'Othello II' },
      { user_id: target.user_id, role: 300 },
    ]);
  });

  it('refuses non-administrators, owner changes by administrators, bad names and demoting the only owner', async () => {
    const { app } = t();
    const { state } = app.store;
    const member2 = state.usersByEmail.get(MEMBER2)!.user_id;
    const owner = state.usersByEmail.get(OWNER)!.user_id;
    const before = JSON.stringify([...state.users.values()].map((u) => [u.full_name, u.role]));
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      [MEMBER, `users/${member2}`, { full_name: 'X' }, 'Must be an organization administrator'],
      [ADMIN, `users/${member2}`, { role: 100 }, 'Must be an organization owner'],
      [ADMIN, `users/${member2}`, { full_name: 'n'.repeat(101) }, 'Name too long!'],
      [ADMIN, `users/${member2}`, { full_name: 'a*b' }, 'Invalid characters in name!'],
      [ADMIN, `users/${member2}`, { role: 250 }, 'Invalid role'],
      [
        OWNER,
        `users/${owner}`,
        { role: 200 },
        'The owner permission cannot be removed from the only organization owner.',
      ],
      [ADMIN, 'users/99999', { full_name: 'X' }, 'No such user'],
    ];
    for (const [as, path, params, msg] of cases) {
      const res = await t().as(as).patch(path, params);
      expect(res.body, msg).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
    }
    expect(JSON.stringify([...state.users.values()].map((u) => [u.full_name, u.role]))).toBe(before);
  });
});

describeTransports('DELETE /users/{id} and POST /users/{id}/reactivate', (t) => {
  it('deactivates: subscriptions stop counting, system groups refresh, is_active false event; reactivation restores', async () => {
    const { app } = t();
    const { state } = app.store;
    const target = state.usersByEmail.get(MEMBER2)!;
    const members = state.systemGroupIds.get('role:members')!;
    const count = state.subscribers.get(1)!.size;
    const start = app.store.journal.length;
    expect((await t().as(ADMIN).delete(`users/${target.user_id}`)).status).toBe(200);
    expect(target.is_active).toBe(false);
    expect(state.subscribers.get(1)!.size).toBe(count - 1);
    expect(state.groups.get(members)!.members.has(target.user_id)).toBe(false);
    const evs = app.store.journal.slice(start).map((e) => e.event as Record<string, unknown>);
    expect(evs).toContainEqual({
      type: 'realm_user',
      op: 'update',
      person: { user_id: target.user_id, is_active: false },
    });
    expect(evs).toContainEqual({
      type: 'subscription',
      op: 'peer_remove',
      stream_ids: [1],
      user_ids: [target.user_id],
    });
    const stream = (await t().as(ADMIN).get('streams/1')).body.stream;
    expect(stream.subscriber_count).toBe(count - 1);
    const again = await t().as(ADMIN).delete(`users/${target.user_id}`);
    expect(again.body).toMatchObject({ msg: 'User is deactivated' });
    expect((await t().as(ADMIN).post(`users/${target.user_id}/reactivate`)).status).toBe(200);
    expect(state.subscribers.get(1)!.size).toBe(count);
    expect(state.groups.get(members)!.members.has(target.user_id)).toBe(true);
    const events = app.store.journal.length;
    const twice = await t().as(ADMIN).post(`users/${target.user_id}/reactivate`);
    expect(twice.status).toBe(200);
    expect(twice.body).toEqual({ result: 'success', msg: '' });
    expect(app.store.journal.length).toBe(events);
  });

  it('refuses to deactivate the only owner and lets no member deactivate anyone', async () => {
    const { app } = t();
    const owner = app.store.state.usersByEmail.get(OWNER)!;
    const res = await t().as(OWNER).delete(`users/${owner.user_id}`);
    expect(res.body).toEqual({
      result: 'error',
      code: 'CANNOT_DEACTIVATE_LAST_USER',
      msg: 'Cannot deactivate the only organization owner.',
      is_last_owner: true,
      entity: 'organization owner',
    });
    const member = await t().as(MEMBER).delete(`users/${owner.user_id}`);
    expect(member.body).toMatchObject({ msg: 'Must be an organization administrator' });
    expect(owner.is_active).toBe(true);
  });
});

describeTransports(
  'deactivation and reactivation before feature level 222',
  (t) => {
    it('sends realm_user/remove on deactivation and realm_user/add with the whole user on reactivation', async () => {
      const { app } = t();
      const target = app.store.state.usersByEmail.get(MEMBER2)!;
      const start = app.store.journal.length;
      expect((await t().as(ADMIN).delete(`users/${target.user_id}`)).status).toBe(200);
      expect((await t().as(ADMIN).post(`users/${target.user_id}/reactivate`)).status).toBe(200);
      const admin = app.store.state.usersByEmail.get(ADMIN)!.user_id;
      type RealmUserEvent = { type: string; op?: string; person?: Record<string, unknown> };
      const evs = app.store.journal
        .slice(start)
        .map((e) => (typeof e.event === 'function' ? e.event(admin) : e.event) as RealmUserEvent)
        .filter((e) => e.type === 'realm_user');
      expect(evs.map((e) => e.op)).toEqual(['remove', 'add']);
      expect(evs[0]!.person).toEqual({ user_id: target.user_id, full_name: target.full_name });
      expect(evs[1]!.person).toMatchObject({
        user_id: target.user_id,
        full_name: target.full_name,
        is_active: true,
        role: target.role,
      });
    });
  },
  { featureLevel: 221 },
);
