import { expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER, MODERATOR, OWNER } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary event payloads
type Ev = Record<string, any>;

describeTransports('POST /fetch_api_key', (t) => {
  it('answers the API key, delivery e-mail and id for a documented password, without credentials', async () => {
    const res = await t().anonymous.post('fetch_api_key', {
      username: 'HAMLET@svc.test ',
      password: 'hamlet-svc-dev',
    });
    const hamlet = t().app.store.state.usersByEmail.get(MEMBER)!;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      api_key: hamlet.api_key,
      email: 'hamlet@svc.test',
      user_id: hamlet.user_id,
    });
    const multipart = await t().anonymous.post(
      'fetch_api_key',
      { username: 'AARON@svc.test', password: 'aaron-svc-dev' },
      { encoding: 'multipart' },
    );
    expect(multipart.body.email).toBe('AARON@svc.test');
  });

  const failures: Array<[string, string, string]> = [
    ['a wrong password', MEMBER, 'hamlet'],
    ['an unknown user', 'nobody@svc.test', 'hamlet-svc-dev'],
    ["another account's password", MEMBER, 'iago-svc-dev'],
    ['a bot (no password)', 'default-bot@svc.test', ''],
    ['a deactivated account with a wrong password', 'ex-employee@svc.test', 'nope'],
  ];
  for (const [what, username, password] of failures) {
    it(`refuses ${what} with 401 AUTHENTICATION_FAILED`, async () => {
      const res = await t().anonymous.post('fetch_api_key', { username, password });
      expect([res.status, res.body.code, res.body.msg]).toEqual([
        401,
        'AUTHENTICATION_FAILED',
        'Your username or password is incorrect',
      ]);
    });
  }

  it('refuses a deactivated account with its password as USER_DEACTIVATED', async () => {
    const res = await t().anonymous.post('fetch_api_key', {
      username: 'ex-employee@svc.test',
      password: 'exemployee-svc-dev',
    });
    expect([res.status, res.body.code, res.body.msg]).toEqual([
      401,
      'USER_DEACTIVATED',
      'Account is deactivated',
    ]);
  });

  it('needs both arguments', async () => {
    const res = await t().anonymous.post('fetch_api_key', { username: MEMBER });
    expect([res.status, res.body.msg]).toEqual([400, "Missing 'password' argument"]);
  });
});

describeTransports('POST /users', (t) => {
  const events = (type: string): Ev[] =>
    t().app.store.journal.flatMap((e) => {
      if (typeof e.event === 'function') {
        const first = e.users[0];
        const built = first === undefined ? undefined : e.event(first);
        return built?.type === type ? [{ users: e.users, ...built }] : [];
      }
      return e.event.type === type ? [{ users: e.users, ...e.event }] : [];
    });
  const users = () => JSON.stringify([...t().app.store.state.users.values()]);

  it('creates a member with a password, on the default channels, and announces them', async () => {
    const res = await t().as(ADMIN).post('users', {
      email: 'newbie@svc.test',
      password: 'a-long-password',
      full_name: '  New Bie ',
    });
    expect(res.status).toBe(200);
    const id = res.body.user_id as number;
    expect(res.body).toEqual({ result: 'success', msg: '', user_id: id });
    const created = (await t().as(ADMIN).get(`users/${id}`)).body.user;
    expect(created).toMatchObject({
      user_id: id,
      full_name: 'New Bie',
      role: 400,
      is_active: true,
      is_bot: false,
    });
    const subs = (await t().as(ADMIN).get(`users/${id}/subscriptions/1`)).body;
    expect(subs.is_subscribed).toBe(true);
    expect(events('realm_user')).toEqual([
      expect.objectContaining({
        op: 'add',
        users: t().app.store.activeUserIds(),
        person: expect.objectContaining({ user_id: id, full_name: 'New Bie' }),
      }),
    ]);
    expect(events('subscription')).toContainEqual(
      expect.objectContaining({
        users: [id],
        op: 'add',
        subscriptions: [expect.objectContaining({ stream_id: 1 })],
      }),
    );
    const { state } = t().app.store;
    const notice = [...state.messages.values()].at(-1)!;
    expect(notice).toMatchObject({
      sender_id: state.usersByEmail.get('notification-bot@svc.test')!.user_id,
      stream_id: state.settings.signup_announcements_stream_id,
      topic: 'signups',
      content: `@_**New Bie|${id}** joined this organization.`,
    });
    const login = await t().anonymous.post('fetch_api_key', {
      username: 'newbie@svc.test',
      password: 'a-long-password',
    });
    expect(login.body).toMatchObject({ result: 'success', user_id: id, email: 'newbie@svc.test' });
    expect((await t().as('newbie@svc.test').get('users/me')).body.user_id).toBe(id);
  });

  const refusals: Array<[string, string, Record<string, string>, string]> = [
    ['a member', MEMBER, {}, 'Must be an organization administrator'],
    ['a moderator', MODERATOR, {}, 'Must be an organization administrator'],
    ['a guest', GUEST, {}, 'Must be an organization administrator'],
    [
      'an e-mail in use (any case)',
      OWNER,
      { email: 'Hamlet@SVC.test' },
      "Email 'Hamlet@SVC.test' already in use",
    ],
    ['an invalid e-mail', ADMIN, { email: 'not-an-address' }, 'Bad name or username'],
    ['an empty name', ADMIN, { full_name: '  ' }, 'Name too short!'],
    ['a name with invalid characters', ADMIN, { full_name: 'Bad *name*' }, 'Invalid characters in name!'],
    ['a short password', ADMIN, { password: '12345' }, 'The password is too weak.'],
  ];
  for (const [what, who, override, msg] of refusals) {
    it(`refuses ${what} and changes nothing`, async () => {
      const before = users();
      const res = await t()
        .as(who)
        .post('users', { email: 'fresh@svc.test', password: 'long-enough', full_name: 'Fresh', ...override });
      expect([res.status, res.body.code, res.body.msg]).toEqual([400, 'BAD_REQUEST', msg]);
      expect(users()).toBe(before);
      expect(events('realm_user')).toEqual([]);
    });
  }

  it("keeps to the organization's domain when e-mails are restricted to it", async () => {
    t().app.store.state.settings.emails_restricted_to_domains = true;
    const outside = await t()
      .as(ADMIN)
      .post('users', { email: 'x@example.com', password: 'long-enough', full_name: 'Xavier' });
    expect(outside.body.msg).toBe("Email 'x@example.com' not allowed in this organization");
    const plus = await t()
      .as(ADMIN)
      .post('users', { email: 'x+y@svcdev.com', password: 'long-enough', full_name: 'Xavier' });
    expect(plus.body.msg).toBe('Email addresses containing + are not allowed.');
    const inside = await t()
      .as(ADMIN)
      .post('users', { email: 'x@svcdev.com', password: 'long-enough', full_name: 'Xavier' });
    expect(inside.status).toBe(200);
  });
});
