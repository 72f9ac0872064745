import { expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER, MEMBER2, MODERATOR, NOTIFICATION_BOT, OWNER } from '../../testing/accounts.js';
import { describeTransports, TEST_START_MS } from '../../testing/transports.js';

const NOW = TEST_START_MS / 1000;
const VERONA = 1; // a default channel
const DENMARK = 3;

describeTransports('invitations', (t) => {
  const state = () => t().app.store.state;
  const idOf = (email: string) => state().usersByEmail.get(email)!.user_id;
  const invitesChanged = () =>
    t().app.store.journal.filter((e) => typeof e.event !== 'function' && e.event.type === 'invites_changed');
  const snapshot = () => JSON.stringify([...state().invitations.values()]);
  const invite = (email: string, params: Record<string, unknown> = {}) =>
    t()
      .as(email)
      .post('invites', { invitee_emails: 'new1@example.com', stream_ids: [], ...params });
  const group = (name: string) => state().systemGroupIds.get(name)!;

  it('invites addresses separated by commas or newlines, `Name <email>` included', async () => {
    const res = await invite(MEMBER, {
      invitee_emails: 'a@example.com,\nBob <b@example.com>\n\n',
      stream_ids: [VERONA],
    });
    expect(res.status).toBe(200);
    const list = (await t().as(MEMBER).get('invites')).body.invites;
    expect(list.map((i: { email: string }) => i.email)).toEqual(['a@example.com', 'b@example.com']);
    expect(list[0]).toEqual({
      id: list[0].id,
      email: 'a@example.com',
      invited_by_user_id: idOf(MEMBER),
      invited: NOW,
      expiry_date: NOW + 14400 * 60,
      invited_as: 400,
      notify_referrer_on_join: true,
      is_multiuse: false,
    });
    const [changed] = invitesChanged();
    const admins = [...state().users.values()]
      .filter((u) => u.is_active && u.role <= 200)
      .map((u) => u.user_id);
    expect([...changed!.users].sort()).toEqual([...admins, idOf(MEMBER)].sort());
  });

  it('shows administrators every invitation and others only their own', async () => {
    await invite(MEMBER);
    await invite(MEMBER2, { invitee_emails: 'other@example.com' });
    expect((await t().as(ADMIN).get('invites')).body.invites).toHaveLength(2);
    expect(
      (await t().as(MEMBER2).get('invites')).body.invites.map((i: { email: string }) => i.email),
    ).toEqual(['other@example.com']);
  });

  it('keeps invitations without expiry when invite_expires_in_minutes is null, and hides expired ones', async () => {
    await invite(ADMIN, { invitee_emails: 'forever@example.com', invite_expires_in_minutes: null });
    await invite(ADMIN, { invitee_emails: 'soon@example.com', invite_expires_in_minutes: 60 });
    t().clock.advance(61 * 60 * 1000);
    const list = (await t().as(ADMIN).get('invites')).body.invites;
    expect(list.map((i: { email: string; expiry_date: null }) => [i.email, i.expiry_date])).toEqual([
      ['forever@example.com', null],
    ]);
    const res = await t().anonymous.post('/svc-mock/invitations/accept', {
      email: 'soon@example.com',
      full_name: 'Soon',
    });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'The invitation has expired.' });
    expect(state().usersByEmail.has('soon@example.com')).toBe(false);
  });

  const refusals: Array<[string, string, () => void, Record<string, unknown>, string]> = [
    ['a guest', GUEST, () => {}, {}, 'Not allowed for guest users'],
    [
      'a user outside can_invite_users_group',
      MEMBER,
      () => void (state().settings.can_invite_users_group = group('role:administrators')),
      {},
      'Insufficient permission',
    ],
    ['a non-owner inviting an owner', ADMIN, () => {}, { invite_as: 100 }, 'Must be an organization owner'],
    [
      'a member inviting a moderator',
      MEMBER,
      () => {},
      { invite_as: 300 },
      'Must be an organization administrator',
    ],
    [
      'a moderator inviting an administrator',
      MODERATOR,
      () => {},
      { invite_as: 200 },
      'Must be an organization administrator',
    ],
    [
      'no address',
      MEMBER,
      () => {},
      { invitee_emails: ' , \n' },
      'You must specify at least one email address.',
    ],
    [
      'an unknown channel',
      MEMBER,
      () => {},
      { stream_ids: [999] },
      'Invalid channel ID 999. No invites were sent.',
    ],
    [
      'a private channel the caller cannot access',
      MEMBER,
      () => {},
      { stream_ids: [8] },
      'Invalid channel ID 8. No invites were sent.',
    ],
    [
      'a channel the caller may not add subscribers to',
      MEMBER,
      () => void (state().settings.can_add_subscribers_group = group('role:administrators')),
      { stream_ids: [DENMARK] },
      'You do not have permission to subscribe other users to channels.',
    ],
    ['an unknown group', MEMBER, () => {}, { group_ids: [999] }, 'Invalid user group'],
    [
      'a group the caller may not add to',
      MEMBER,
      () => void (state().settings.can_manage_all_groups = group('role:nobody')),
      { group_ids: [9] },
      'Insufficient permission',
    ],
    [
      'a welcome text over 8000 characters',
      ADMIN,
      () => {},
      { welcome_message_custom_text: 'x'.repeat(8001) },
      'welcome_message_custom_text is too long (limit: 8000 characters)',
    ],
  ];
  for (const [what, caller, setup, params, msg] of refusals) {
    it(`refuses ${what}`, async () => {
      setup();
      const before = snapshot();
      const res = await invite(caller, params);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg });
      expect(snapshot()).toBe(before);
      expect(invitesChanged()).toEqual([]);
    });
  }

  it('requires invitee_emails and stream_ids', async () => {
    expect((await t().as(MEMBER).post('invites', { stream_ids: [] })).body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'invitee_emails' argument",
    });
    expect((await t().as(MEMBER).post('invites', { invitee_emails: 'a@example.com' })).body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'stream_ids' argument",
    });
    expect(state().invitations.size).toBe(0);
  });

  it('allows a default channel even without subscriber-adding rights', async () => {
    state().settings.can_add_subscribers_group = group('role:administrators');
    expect((await invite(MEMBER, { stream_ids: [VERONA] })).status).toBe(200);
  });

  it('stores the welcome text for administrators only', async () => {
    await invite(ADMIN, { invitee_emails: 'x@example.com', welcome_message_custom_text: 'Hi!' });
    await invite(MEMBER, { invitee_emails: 'y@example.com', welcome_message_custom_text: 'Hi!' });
    const texts = [...state().invitations.values()].map((i) => i.welcome_message_custom_text);
    expect(texts).toEqual(['Hi!', null]);
  });

  it('invites the others and reports addresses that already have accounts', async () => {
    const res = await invite(ADMIN, { invitee_emails: `fresh@example.com, ${MEMBER}, ex-employee@svc.test` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      code: 'INVITATION_FAILED',
      msg: "Some of those addresses are already using Svc, so we didn't send them an invitation. We did send invitations to everyone else!",
      errors: [
        [MEMBER, 'Already has an account.', false],
        ['ex-employee@svc.test', 'Account has been deactivated.', true],
      ],
      sent_invitations: true,
      license_limit_reached: false,
      daily_limit_reached: false,
    });
    expect([...state().invitations.values()].map((i) => i.email)).toEqual(['fresh@example.com']);
    expect(invitesChanged()).toHaveLength(1);
  });

  it('invites nobody when every address has an account', async () => {
    const res = await invite(ADMIN, { invitee_emails: MEMBER });
    expect(res.body).toMatchObject({
      code: 'INVITATION_FAILED',
      msg: "We weren't able to invite anyone.",
      sent_invitations: false,
      errors: [[MEMBER, 'Already has an account.', false]],
    });
    expect(state().invitations.size).toBe(0);
  });

  it('invites nobody when an address is invalid', async () => {
    const res = await invite(ADMIN, { invitee_emails: 'good@example.com, not-an-address' });
    expect(res.body).toMatchObject({
      code: 'INVITATION_FAILED',
      sent_invitations: false,
      errors: [['not-an-address', 'Invalid address.', false]],
    });
    expect(state().invitations.size).toBe(0);
  });

  it('stops at the daily limit of 100 invitations per organization', async () => {
    const many = Array.from({ length: 100 }, (_, i) => `p${i}@example.com`).join(',');
    expect((await invite(ADMIN, { invitee_emails: many })).status).toBe(200);
    const res = await invite(ADMIN, { invitee_emails: 'one-more@example.com' });
    expect(res.body).toMatchObject({
      code: 'INVITATION_FAILED',
      daily_limit_reached: true,
      sent_invitations: false,
      errors: [],
    });
    expect(state().invitations.size).toBe(100);
    t().clock.advance(86401 * 1000);
    expect((await invite(ADMIN, { invitee_emails: 'one-more@example.com' })).status).toBe(200);
  });

  it('revokes an invitation (referrer or administrator) and refuses others', async () => {
    await invite(MEMBER);
    const [record] = state().invitations.values();
    expect((await t().as(MEMBER2).delete(`invites/${record!.id}`)).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Must be an organization administrator',
    });
    expect((await t().as(ADMIN).delete('invites/999')).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'No such invitation',
    });
    expect((await t().as(ADMIN).delete(`invites/multiuse/${record!.id}`)).body).toMatchObject({
      msg: 'No such invitation',
    });
    expect(record!.revoked).toBe(false);
    expect((await t().as(MEMBER).delete(`invites/${record!.id}`)).status).toBe(200);
    expect((await t().as(MEMBER).get('invites')).body.invites).toEqual([]);
    const res = await t().anonymous.post('/svc-mock/invitations/accept', {
      email: 'new1@example.com',
      full_name: 'New One',
    });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'The invitation has been revoked.' });
  });

  it('refuses a guest every invitation endpoint, before looking the invitation up', async () => {
    await invite(MEMBER);
    const [record] = state().invitations.values();
    const guest = t().as(GUEST);
    for (const res of [
      await guest.get('invites'),
      await guest.delete(`invites/${record!.id}`),
      await guest.delete('invites/multiuse/999'),
      await guest.post(`invites/${record!.id}/resend`),
    ])
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Not allowed for guest users' });
    expect(record!.revoked).toBe(false);
  });

  it('resends an invitation, restarting its validity', async () => {
    await invite(MEMBER, { invite_expires_in_minutes: 60 });
    const [record] = state().invitations.values();
    t().clock.advance(30 * 60 * 1000);
    const res = await t().as(MEMBER).post(`invites/${record!.id}/resend`);
    expect(res.body.timestamp).toBe(NOW + 1800);
    expect(record).toMatchObject({ invited: NOW + 1800, expiry_date: NOW + 1800 + 3600 });
  });

  it('creates the invited user on acceptance, with role, channels, default channels and groups', async () => {
    await invite(ADMIN, {
      invite_as: 300,
      stream_ids: [DENMARK],
      group_ids: [9],
      include_realm_default_subscriptions: true,
    });
    t().app.store.journal.length = 0;
    const res = await t().anonymous.post('/svc-mock/invitations/accept', {
      email: 'new1@example.com',
      full_name: ' New One ',
    });
    expect(res.status).toBe(200);
    const { user_id, api_key } = res.body;
    expect(res.body.email).toBe('new1@example.com');
    const user = state().users.get(user_id)!;
    expect(user).toMatchObject({ full_name: 'New One', role: 300, api_key, is_active: true });
    expect(state().usersByApiKey.get(api_key)).toBe(user);
    expect(user.settings.enter_sends).toBe(true); // the organization default of the fixture
    expect(state().subscribers.get(DENMARK)!.has(user_id)).toBe(true);
    expect(state().subscribers.get(VERONA)!.has(user_id)).toBe(true);
    expect(state().groups.get(9)!.members.has(user_id)).toBe(true);
    expect(state().groups.get(group('role:moderators'))!.members.has(user_id)).toBe(true);
    const me = await t().as('new1@example.com').get('users/me');
    expect(me.body).toMatchObject({ user_id, role: 300 });
    const types = t().app.store.journal.map((e) =>
      typeof e.event === 'function' ? e.event(user_id)?.type : e.event.type,
    );
    expect(types).toEqual(
      expect.arrayContaining(['realm_user', 'user_group', 'subscription', 'invites_changed', 'message']),
    );
    const again = await t().anonymous.post('/svc-mock/invitations/accept', {
      email: 'new1@example.com',
      full_name: 'Again',
    });
    expect(again.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'The invitation has already been used.' });
  });

  it('has Notification Bot tell the referrer, unless notify_referrer_on_join is false', async () => {
    await invite(MEMBER, { invitee_emails: 'n1@example.com' });
    await invite(MEMBER, { invitee_emails: 'n2@example.com', notify_referrer_on_join: false });
    const dmsToMember = () =>
      [...state().messages.values()].filter(
        (m) =>
          m.type === 'private' &&
          m.recipients.includes(idOf(MEMBER)) &&
          m.sender_id === idOf(NOTIFICATION_BOT),
      );
    const before = dmsToMember().length;
    const first = await t().anonymous.post('/svc-mock/invitations/accept', {
      email: 'n1@example.com',
      full_name: 'Nora',
    });
    expect(dmsToMember()).toHaveLength(before + 1);
    expect(dmsToMember().at(-1)!.content).toBe(
      `@_**Nora|${first.body.user_id}** accepted your invitation to join Svc!`,
    );
    await t().anonymous.post('/svc-mock/invitations/accept', { email: 'n2@example.com', full_name: 'Nils' });
    expect(dmsToMember()).toHaveLength(before + 1);
  });

  it('refuses acceptance without an invitation, with a bad name or for an existing account', async () => {
    await invite(ADMIN, { invitee_emails: 'x@example.com' });
    const users = state().users.size;
    const accept = (params: Record<string, unknown>) =>
      t().anonymous.post('/svc-mock/invitations/accept', params);
    expect((await accept({ email: 'nobody@example.com', full_name: 'No Body' })).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'No such invitation',
    });
    expect((await accept({ email: 'x@example.com', full_name: 'X' })).body).toMatchObject({
      msg: 'Name too short!',
    });
    expect((await accept({ email: 'x@example.com', full_name: 'a*b' })).body).toMatchObject({
      msg: 'Invalid characters in name!',
    });
    expect((await accept({ email: 'x@example.com' })).body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
    });
    expect(state().users.size).toBe(users);
  });

  it('creates reusable links for administrators and accepts them more than once', async () => {
    const res = await t()
      .as(ADMIN)
      .post('invites/multiuse', { invite_as: 600, stream_ids: [DENMARK] });
    expect(res.body.invite_link).toMatch(/^http:\/\/localhost:9991\/join\/[A-Za-z0-9]{24}\/$/);
    const key = res.body.invite_link.split('/').at(-2);
    const list = (await t().as(ADMIN).get('invites')).body.invites;
    expect(list).toEqual([
      expect.objectContaining({ is_multiuse: true, link_url: res.body.invite_link, invited_as: 600 }),
    ]);
    for (const email of ['g1@example.com', 'g2@example.com']) {
      const accepted = await t().anonymous.post('/svc-mock/invitations/accept', {
        email,
        full_name: 'Guest Person',
        key,
      });
      expect(state().users.get(accepted.body.user_id)!.role).toBe(600);
    }
    expect(
      (
        await t().anonymous.post('/svc-mock/invitations/accept', {
          email: 'g3@example.com',
          full_name: 'G Three',
          key: 'nope',
        })
      ).body,
    ).toMatchObject({ msg: 'No such invitation' });
    const id = list[0].id;
    expect((await t().as(ADMIN).delete(`invites/multiuse/${id}`)).status).toBe(200);
    expect(
      (
        await t().anonymous.post('/svc-mock/invitations/accept', {
          email: 'g3@example.com',
          full_name: 'G Three',
          key,
        })
      ).body,
    ).toMatchObject({ msg: 'The invitation has been revoked.' });
  });

  it('refuses reusable links to users outside create_multiuse_invite_group', async () => {
    const res = await t().as(MEMBER).post('invites/multiuse', {});
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    state().settings.create_multiuse_invite_group = group('role:members');
    expect((await t().as(MEMBER).post('invites/multiuse', {})).status).toBe(200);
    expect((await t().as(OWNER).post('invites/multiuse', { invite_as: 100 })).status).toBe(200);
  });
});

describeTransports(
  'invitations before feature level 209',
  (t) => {
    it('lets only administrators create reusable links', async () => {
      t().app.store.state.settings.create_multiuse_invite_group =
        t().app.store.state.systemGroupIds.get('role:members')!;
      const res = await t().as(MEMBER).post('invites/multiuse', {});
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Must be an organization administrator' });
      expect(t().app.store.state.invitations.size).toBe(0);
    });
  },
  { featureLevel: 208 },
);
