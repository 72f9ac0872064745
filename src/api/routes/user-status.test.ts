import { expect, it } from 'vitest';
import { ADMIN, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary event payloads
type Ev = Record<string, any>;

const BOT = 'default-bot@svc.test';
const FORMER = 'ex-employee@svc.test';

describeTransports('user status', (t) => {
  const events = (type: string): Ev[] =>
    t().app.store.journal.flatMap((e) =>
      typeof e.event !== 'function' && e.event.type === type ? [{ users: e.users, ...e.event }] : [],
    );
  const idOf = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;
  const statuses = () => JSON.stringify([...t().app.store.state.userStatuses]);
  const statusOf = async (email: string, viewer = ADMIN) =>
    (
      await t()
        .as(viewer)
        .get(`users/${idOf(email)}/status`)
    ).body.status;

  it('sets text and emoji, tells every active user, and reads back only what is set', async () => {
    expect(await statusOf(MEMBER)).toEqual({});
    const res = await t()
      .as(MEMBER)
      .post('users/me/status', { status_text: '  on vacation ', emoji_name: 'car' });
    expect(res.body.result).toBe('success');
    const status = {
      status_text: 'on vacation',
      emoji_name: 'car',
      emoji_code: '1f697',
      reaction_type: 'unicode_emoji',
    };
    expect(await statusOf(MEMBER)).toEqual(status);
    const [event] = events('user_status');
    expect(event).toMatchObject({ type: 'user_status', user_id: idOf(MEMBER), ...status });
    expect(event!.users).toEqual(t().app.store.activeUserIds());
    expect(event!.users).not.toContain(idOf(FORMER));
  });

  it('changes only the parts passed and clears them with empty strings', async () => {
    await t().as(MEMBER).post('users/me/status', { status_text: 'busy', emoji_name: 'car' });
    await t().as(MEMBER).post('users/me/status', { status_text: 'lunch' });
    expect(await statusOf(MEMBER)).toMatchObject({ status_text: 'lunch', emoji_name: 'car' });
    await t().as(MEMBER).post('users/me/status', { emoji_name: '' });
    expect(await statusOf(MEMBER)).toEqual({ status_text: 'lunch' });
    expect(events('user_status').at(-1)).toEqual({
      users: expect.any(Array),
      type: 'user_status',
      user_id: idOf(MEMBER),
      emoji_name: '',
      emoji_code: '',
      reaction_type: 'unicode_emoji',
    });
    await t().as(MEMBER).post('users/me/status', { status_text: '' });
    expect(await statusOf(MEMBER)).toEqual({});
  });

  it('ties the deprecated away flag to presence_enabled', async () => {
    await t().as(MEMBER).post('users/me/status', { away: true });
    expect(await statusOf(MEMBER)).toEqual({ away: true });
    expect(t().app.store.state.users.get(idOf(MEMBER))!.settings.presence_enabled).toBe(false);
    const order = t()
      .app.store.journal.map((e) => (typeof e.event === 'function' ? '' : e.event.type))
      .filter((type) => type === 'user_settings' || type === 'user_status');
    expect(order).toEqual(['user_settings', 'user_status']);
    expect(events('user_status')[0]).toMatchObject({ away: true });
    await t().as(MEMBER).patch('settings', { presence_enabled: true });
    expect(await statusOf(MEMBER)).toEqual({});
  });

  it('lists statuses in the register snapshot, keyed by user id string', async () => {
    await t().as(MEMBER).post('users/me/status', { status_text: 'here' });
    await t().as(MEMBER2).post('users/me/status', { status_text: 'x' });
    await t().as(MEMBER2).post('users/me/status', { status_text: '' });
    const res = await t()
      .as(ADMIN)
      .post('register', { fetch_event_types: ['user_status'] });
    expect(res.body.user_status).toEqual({ [String(idOf(MEMBER))]: { status_text: 'here' } });
  });

  const refusals: Array<[string, Record<string, unknown>, string]> = [
    ['no new value', {}, 'Client did not pass any new values.'],
    [
      'text over 60 characters',
      { status_text: 'x'.repeat(61) },
      'status_text is too long (limit: 60 characters)',
    ],
    [
      'an emoji code without a name',
      { status_text: 'hi', emoji_code: '1f4bb' },
      'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    ],
    [
      'an unknown emoji name',
      { emoji_code: '1f4bb', emoji_name: 'invalid' },
      "Emoji 'invalid' does not exist",
    ],
    [
      'a name that does not match the code',
      { emoji_code: '1f4bb', emoji_name: 'car' },
      'Invalid emoji name.',
    ],
    [
      'a custom emoji that does not exist',
      { emoji_code: '1f4bb', emoji_name: 'car', reaction_type: 'realm_emoji' },
      'Invalid custom emoji.',
    ],
    [
      'an unknown emoji type',
      { emoji_code: '1f697', emoji_name: 'car', reaction_type: 'x' },
      'Invalid emoji type.',
    ],
  ];
  for (const [what, params, msg] of refusals) {
    it(`refuses ${what} and changes nothing`, async () => {
      const before = statuses();
      const res = await t().as(MEMBER).post('users/me/status', params);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg });
      expect(statuses()).toBe(before);
      expect(events('user_status')).toEqual([]);
    });
  }

  it('accepts 60 characters after stripping surrounding whitespace', async () => {
    const res = await t()
      .as(MEMBER)
      .post('users/me/status', { status_text: `  ${'y'.repeat(60)}  ` });
    expect(res.body.result).toBe('success');
  });

  it('refuses bots', async () => {
    const res = await t().as(BOT).post('users/me/status', { status_text: 'beep' });
    expect(res.body).toMatchObject({ result: 'error', msg: 'This endpoint does not accept bot requests.' });
  });

  it("lets an administrator change another user's status, emitting user_status for that user", async () => {
    const res = await t()
      .as(ADMIN)
      .post(`users/${idOf(MEMBER)}/status`, { status_text: ' set by admin ', emoji_name: 'car' });
    expect(res.body.result).toBe('success');
    expect(await statusOf(MEMBER)).toMatchObject({ status_text: 'set by admin', emoji_code: '1f697' });
    expect(events('user_status')).toEqual([
      expect.objectContaining({ user_id: idOf(MEMBER), status_text: 'set by admin', emoji_name: 'car' }),
    ]);
  });

  const adminRefusals: Array<[string, string, () => string, Record<string, unknown>, string]> = [
    ['a member', MEMBER, () => String(idOf(MEMBER2)), { status_text: 'x' }, 'Insufficient permission'],
    [
      'a member, even for themselves',
      MEMBER,
      () => String(idOf(MEMBER)),
      { status_text: 'x' },
      'Insufficient permission',
    ],
    ['an unknown user before the parameters', ADMIN, () => '9999', {}, 'No such user'],
    ['a bot target', ADMIN, () => String(idOf(BOT)), { status_text: 'x' }, 'No such user'],
    ['a deactivated target', ADMIN, () => String(idOf(FORMER)), { status_text: 'x' }, 'User is deactivated'],
    ['no new value', ADMIN, () => String(idOf(MEMBER)), {}, 'Client did not pass any new values.'],
  ];
  for (const [what, caller, target, params, msg] of adminRefusals) {
    it(`refuses POST /users/{id}/status for ${what}`, async () => {
      const before = statuses();
      const res = await t().as(caller).post(`users/${target()}/status`, params);
      expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
      expect(statuses()).toBe(before);
    });
  }

  it('answers GET /users/{id}/status errors as the server does', async () => {
    expect((await t().as(ADMIN).get('users/9999/status')).body.msg).toBe('No such user');
    expect(
      (
        await t()
          .as(ADMIN)
          .get(`users/${idOf(BOT)}/status`)
      ).body.msg,
    ).toBe('No such user');
    expect(
      (
        await t()
          .as(ADMIN)
          .get(`users/${idOf(FORMER)}/status`)
      ).body.msg,
    ).toBe('User is deactivated');
  });
});

describeTransports(
  'user status at feature level 261',
  (t) => {
    it('has no GET /users/{id}/status before feature level 262', async () => {
      const res = await t().as(ADMIN).get('users/10/status');
      expect(res.status).toBe(404);
    });
  },
  { featureLevel: 261 },
);

describeTransports(
  'user status at feature level 406',
  (t) => {
    it('has no POST /users/{id}/status before feature level 407', async () => {
      const res = await t().as(ADMIN).post('users/10/status', { status_text: 'x' });
      expect(res.status).toBe(404);
      expect(t().app.store.state.userStatuses.size).toBe(0);
    });
  },
  { featureLevel: 406 },
);

describeTransports(
  'user status at feature level 147',
  (t) => {
    it('keeps away apart from presence_enabled before feature level 148', async () => {
      await t().as(MEMBER).post('users/me/status', { away: true });
      const user = t().app.store.state.usersByEmail.get(MEMBER)!;
      expect(user.settings.presence_enabled).toBe(true);
      const res = await t()
        .as(ADMIN)
        .post('register', { fetch_event_types: ['user_status'] });
      expect(res.body.user_status).toEqual({ [String(user.user_id)]: { away: true } });
      expect(
        t().app.store.journal.map((e) => (typeof e.event === 'function' ? '' : e.event.type)),
      ).not.toContain('user_settings');
    });
  },
  { featureLevel: 147 },
);

describeTransports(
  'user status at feature level 85',
  (t) => {
    it('knows no status emoji before feature level 86', async () => {
      const only = await t().as(MEMBER).post('users/me/status', { emoji_name: 'car' });
      expect(only.body).toMatchObject({ result: 'error', msg: 'Client did not pass any new values.' });
      await t().as(MEMBER).post('users/me/status', { status_text: 'busy', emoji_name: 'car' });
      const res = await t()
        .as(ADMIN)
        .post('register', { fetch_event_types: ['user_status'] });
      const id = t().app.store.state.usersByEmail.get(MEMBER)!.user_id;
      expect(res.body.user_status).toEqual({ [String(id)]: { status_text: 'busy' } });
    });
  },
  { featureLevel: 85 },
);
