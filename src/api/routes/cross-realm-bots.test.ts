import { expect, it } from 'vitest';
import { ADMIN, MEMBER, NOTIFICATION_BOT } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary API bodies
type Row = Record<string, any>;

describeTransports('the system bots are cross-realm bots (reference facts K)', (t) => {
  const systemBotIds = () =>
    [...t().app.store.state.users.values()].filter((u) => u.is_system_bot).map((u) => u.user_id);

  it('register lists them only in cross_realm_bots, by name, with is_system_bot', async () => {
    const reg = (
      await t()
        .as(MEMBER)
        .post('register', { fetch_event_types: ['realm_user'] })
    ).body;
    const ids = systemBotIds();
    expect(ids).toHaveLength(3);
    for (const list of [reg.realm_users, reg.realm_non_active_users] as Row[][])
      expect(list.filter((u) => ids.includes(u.user_id))).toEqual([]);
    expect(reg.cross_realm_bots.map((b: Row) => [b.full_name, b.is_system_bot, b.is_bot])).toEqual([
      ['Email Gateway', true, true],
      ['Notification Bot', true, true],
      ['Welcome Bot', true, true],
    ]);
    const members = (await t().as(MEMBER).get('users')).body.members as Row[];
    expect(members.filter((u) => ids.includes(u.user_id) || u.is_system_bot)).toEqual([]);
    expect(members.length).toBe(reg.realm_users.length + reg.realm_non_active_users.length);
  });

  it('can still be looked up by id and by e-mail', async () => {
    const byEmail = await t().as(MEMBER).get(`users/${NOTIFICATION_BOT}`);
    expect(byEmail.body.user).toMatchObject({
      is_bot: true,
      is_system_bot: true,
      full_name: 'Notification Bot',
    });
    const byId = await t().as(MEMBER).get(`users/${byEmail.body.user.user_id}`);
    expect(byId.body.user.user_id).toBe(byEmail.body.user.user_id);
  });

  it('reactivating an active user succeeds and changes nothing', async () => {
    const hamlet = t().app.store.state.usersByEmail.get(MEMBER)!;
    const before = JSON.stringify(hamlet);
    const journal = t().app.store.journal.length;
    const res = await t().as(ADMIN).post(`users/${hamlet.user_id}/reactivate`);
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect(JSON.stringify(hamlet)).toBe(before);
    expect(t().app.store.journal.length).toBe(journal);
  });
});
