import { expect, it } from 'vitest';
import { ADMIN, MEMBER, MODERATOR } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary event payloads
type Ev = Record<string, any>;

describeTransports('PATCH /settings and PATCH /realm/user_settings_defaults', (t) => {
  const state = () => t().app.store.state;
  const user = (email: string) => state().usersByEmail.get(email)!;
  const journalOf = (type: string): Ev[] =>
    t().app.store.journal.flatMap((e) =>
      typeof e.event !== 'function' && e.event.type === type ? [{ users: e.users, ...e.event }] : [],
    );

  it('changes personal settings with one user_settings event per changed property', async () => {
    const res = await t()
      .as(MEMBER)
      .patch('settings', {
        color_scheme: 2,
        enter_sends: user(MEMBER).settings.enter_sends,
        web_home_view: 'inbox',
        default_language: 'de',
      });
    expect(res.status).toBe(200);
    expect(res.body.ignored_parameters_unsupported).toBeUndefined();
    expect(user(MEMBER).settings).toMatchObject({
      color_scheme: 2,
      web_home_view: 'inbox',
      default_language: 'de',
    });
    const id = user(MEMBER).user_id;
    // enter_sends keeps its value, so it emits nothing.
    expect(journalOf('user_settings')).toEqual([
      { users: [id], type: 'user_settings', op: 'update', property: 'color_scheme', value: 2 },
      { users: [id], type: 'user_settings', op: 'update', property: 'web_home_view', value: 'inbox' },
      {
        users: [id],
        type: 'user_settings',
        op: 'update',
        property: 'default_language',
        value: 'de',
        language_name: 'Deutsch',
      },
    ]);
  });

  it('changes the full name (trimmed) with a realm_user event to everyone', async () => {
    expect((await t().as(MEMBER).patch('settings', { full_name: '  Prince Hamlet ' })).status).toBe(200);
    expect(user(MEMBER).full_name).toBe('Prince Hamlet');
    const [event] = journalOf('realm_user');
    expect(event).toMatchObject({
      op: 'update',
      person: { user_id: user(MEMBER).user_id, full_name: 'Prince Hamlet' },
    });
    expect(event!.users).toEqual(t().app.store.activeUserIds());
  });

  it('changes the timezone with user_settings and realm_user events', async () => {
    await t().as(MEMBER).patch('settings', { timezone: 'Europe/Copenhagen' });
    expect(user(MEMBER).timezone).toBe('Europe/Copenhagen');
    expect(journalOf('user_settings')).toMatchObject([{ property: 'timezone', value: 'Europe/Copenhagen' }]);
    expect(journalOf('realm_user')).toMatchObject([
      { op: 'update', person: { timezone: 'Europe/Copenhagen' } },
    ]);
  });

  it('announces a changed email_address_visibility to others', async () => {
    await t().as(MEMBER).patch('settings', { email_address_visibility: 4 });
    expect(journalOf('realm_user')).toMatchObject([
      { person: { new_email: `user${user(MEMBER).user_id}@svcdev.com` } },
    ]);
  });

  const refusals: Array<[string, Record<string, unknown>, string]> = [
    ['a name over 100 characters', { full_name: 'x'.repeat(101) }, 'Name too long!'],
    ['a one-character name', { full_name: ' x ' }, 'Name too short!'],
    ['a name with forbidden characters', { full_name: 'Ham@let' }, 'Invalid characters in name!'],
    ['an unknown timezone', { timezone: 'Mars/Olympus' }, 'Invalid timezone'],
    ['an unknown language', { default_language: 'xx' }, 'Invalid default_language'],
    ['an unknown notification sound', { notification_sound: 'boing' }, "Invalid notification sound 'boing'"],
    ['a value outside the allowed set', { color_scheme: 7 }, 'Invalid color_scheme'],
    ['a non-boolean', { enter_sends: 'maybe' }, 'Argument "enter_sends" is not valid JSON.'],
  ];
  for (const [what, params, msg] of refusals) {
    it(`refuses ${what} and changes nothing`, async () => {
      const before = JSON.stringify(user(MEMBER));
      const res = await t()
        .as(MEMBER)
        .patch('settings', { twenty_four_hour_time: true, ...params });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg });
      expect(JSON.stringify(user(MEMBER))).toBe(before);
      expect(journalOf('user_settings')).toEqual([]);
    });
  }

  it('refuses name changes when the organization disabled them', async () => {
    state().settings.name_changes_disabled = true;
    const res = await t().as(MEMBER).patch('settings', { full_name: 'New Name' });
    expect(res.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Name changes are disabled in this organization. Contact an administrator to change your name.',
    });
    expect(user(MEMBER).full_name).not.toBe('New Name');
  });

  it('lists dense_mode and unknown parameters as ignored', async () => {
    const res = await t()
      .as(MEMBER)
      .patch('settings', { dense_mode: true, frobnicate: 1, enter_sends: false });
    expect(res.body.ignored_parameters_unsupported).toEqual(['dense_mode', 'frobnicate']);
    expect(user(MEMBER).settings.enter_sends).toBe(false);
  });

  it('changes organization defaults for later users only, one event per changed property to everyone', async () => {
    const res = await t().as(ADMIN).patch('realm/user_settings_defaults', {
      color_scheme: 3,
      emojiset: 'text',
      enter_sends: true,
      email_address_visibility: 2,
    });
    expect(res.status).toBe(200);
    expect(state().userSettingsDefaults).toMatchObject({
      color_scheme: 3,
      emojiset: 'text',
      email_address_visibility: 2,
    });
    expect(user(MEMBER).settings.color_scheme).toBe(1);
    const events = journalOf('realm_user_settings_defaults');
    expect(
      events.map((e) => [(e as { property: string }).property, (e as { value: unknown }).value]),
    ).toEqual([
      ['color_scheme', 3],
      ['emojiset', 'text'],
      ['email_address_visibility', 2],
    ]);
    expect(events[0]!.users).toEqual(t().app.store.activeUserIds());
    await t().as(ADMIN).post('invites', { invitee_emails: 'later@example.com', stream_ids: [] });
    const accepted = await t().anonymous.post('/svc-mock/invitations/accept', {
      email: 'later@example.com',
      full_name: 'Later User',
    });
    expect(state().users.get(accepted.body.user_id)!.settings).toMatchObject({
      color_scheme: 3,
      emojiset: 'text',
    });
  });

  it('refuses organization defaults to non-administrators and bad values', async () => {
    const before = JSON.stringify(state().userSettingsDefaults);
    expect(
      (await t().as(MODERATOR).patch('realm/user_settings_defaults', { color_scheme: 2 })).body,
    ).toMatchObject({ code: 'BAD_REQUEST', msg: 'Must be an organization administrator' });
    expect(
      (await t().as(ADMIN).patch('realm/user_settings_defaults', { web_home_view: 'feed' })).body,
    ).toMatchObject({ msg: 'Invalid web_home_view' });
    expect(
      (await t().as(ADMIN).patch('realm/user_settings_defaults', { automatically_follow_topics_policy: 5 }))
        .body,
    ).toMatchObject({ msg: 'Invalid automatically_follow_topics_policy' });
    expect(JSON.stringify(state().userSettingsDefaults)).toBe(before);
    expect(journalOf('realm_user_settings_defaults')).toEqual([]);
  });

  it('refuses an e-mail batching period outside one second to one week, personal or default', async () => {
    const before = JSON.stringify([user(MEMBER).settings, state().userSettingsDefaults]);
    for (const seconds of [-1, 0, 7 * 24 * 3600 + 1]) {
      for (const [email, path] of [
        [MEMBER, 'settings'],
        [ADMIN, 'realm/user_settings_defaults'],
      ] as const) {
        const res = await t().as(email).patch(path, { email_notifications_batching_period_seconds: seconds });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'BAD_REQUEST',
          msg: `Invalid email batching period: ${seconds} seconds`,
        });
      }
    }
    expect(JSON.stringify([user(MEMBER).settings, state().userSettingsDefaults])).toBe(before);
    expect(journalOf('user_settings')).toEqual([]);
    expect(journalOf('realm_user_settings_defaults')).toEqual([]);
    const week = 7 * 24 * 3600;
    const ok = await t().as(MEMBER).patch('settings', { email_notifications_batching_period_seconds: week });
    expect(ok.status).toBe(200);
    expect(user(MEMBER).settings.email_notifications_batching_period_seconds).toBe(week);
  });

  it('ignores dense_mode in the defaults from feature level 364', async () => {
    const res = await t().as(ADMIN).patch('realm/user_settings_defaults', { dense_mode: false });
    expect(res.body.ignored_parameters_unsupported).toEqual(['dense_mode']);
  });
});

describeTransports(
  'settings before feature level 364',
  (t) => {
    it('accepts dense_mode without listing it as ignored', async () => {
      for (const path of ['settings', 'realm/user_settings_defaults']) {
        const res = await t().as(ADMIN).patch(path, { dense_mode: true });
        expect(res.status).toBe(200);
        expect(res.body.ignored_parameters_unsupported).toBeUndefined();
      }
    });
  },
  { featureLevel: 363 },
);
