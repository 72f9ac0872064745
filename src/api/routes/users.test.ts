import { expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER } from '../../testing/accounts.js';
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
  it('lists every user, deactivated users and bots included', async () => {
    const { app } = t();
    const res = await t().as(MEMBER).get('users');
    expect(res.body.members).toHaveLength(app.store.state.users.size);
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
