import { expect, it } from 'vitest';
import { ADMIN, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { pollNow, registerQueue } from '../../testing/event-queues.js';
import { describeTransports } from '../../testing/transports.js';

describeTransports('custom profile fields', (t) => {
  const idOf = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;
  const values = () => JSON.stringify([...t().app.store.state.profileData].map(([u, v]) => [u, [...v]]));

  it('lists the fields in order with every field of the newest level', async () => {
    const res = await t().as(MEMBER).get('realm/profile_fields');
    expect(res.body.custom_fields.map((f: { id: number }) => f.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(res.body.custom_fields[2]).toEqual({
      id: 3,
      type: 3,
      order: 3,
      name: 'Favorite editor',
      hint: '',
      field_data: '{"0":{"text":"Vim","order":"1"},"1":{"text":"Emacs","order":"2"}}',
      display_in_profile_summary: true,
      required: false,
      editable_by_user: true,
    });
  });

  it('puts the fields and the field types in the register snapshot', async () => {
    const res = await t()
      .as(MEMBER)
      .post('register', { fetch_event_types: ['custom_profile_fields'] });
    expect(res.body.custom_profile_fields).toHaveLength(8);
    expect(res.body.custom_profile_field_types.SELECT).toEqual({ id: 3, name: 'List of options' });
    expect(res.body.custom_profile_field_types.PRONOUNS).toEqual({ id: 8, name: 'Pronouns' });
  });

  it('shows profile_data only when asked for, with rendered values for text fields', async () => {
    const plain = await t()
      .as(MEMBER2)
      .get(`users/${idOf(MEMBER)}`);
    expect(plain.body.user.profile_data).toBeUndefined();
    const asked = await t()
      .as(MEMBER2)
      .get(`users/${idOf(MEMBER)}`, { include_custom_profile_fields: true });
    expect(asked.body.user.profile_data).toEqual({
      '1': { value: '+45 33 12 34 56', rendered_value: '<p>+45 33 12 34 56</p>' },
      '2': { value: 'Prince of *Denmark*.', rendered_value: '<p>Prince of <em>Denmark</em>.</p>' },
    });
    const list = await t().as(MEMBER).get('users', { include_custom_profile_fields: true });
    const iago = list.body.members.find((u: { user_id: number }) => u.user_id === idOf(ADMIN));
    expect(iago.profile_data['3']).toEqual({ value: '1' });
    const me = await t().as(MEMBER).get('users/me');
    expect(Object.keys(me.body.profile_data)).toEqual(['1', '2']);
    const snapshot = await t()
      .as(MEMBER2)
      .post('register', { fetch_event_types: ['realm_user'] });
    const cordelia = snapshot.body.realm_users.find(
      (u: { user_id: number }) => u.user_id === idOf('cordelia@svc.test'),
    );
    expect(cordelia.profile_data).toEqual({ '4': { value: '1990-06-15' } });
  });

  it('lets an administrator set and clear values, sending realm_user/update per changed field', async () => {
    const queue = await registerQueue(t().as(MEMBER2), { event_types: ['realm_user'] });
    const res = await t()
      .as(ADMIN)
      .patch(`users/${idOf(MEMBER)}`, {
        profile_data: [
          { id: 4, value: '2000-02-29' },
          { id: 6, value: [idOf(ADMIN)] },
          { id: 1, value: null },
          { id: 3, value: '0' },
        ],
      });
    expect(res.status).toBe(200);
    const after = await t().as(MEMBER).get('users/me');
    expect(after.body.profile_data).toEqual({
      '2': expect.objectContaining({ value: 'Prince of *Denmark*.' }),
      '3': { value: '0' },
      '4': { value: '2000-02-29' },
      '6': { value: `[${idOf(ADMIN)}]` },
    });
    const events = (await pollNow(t().as(MEMBER2), queue, -1)).body.events;
    expect(events.map((e: { person: unknown }) => e.person)).toEqual([
      { user_id: idOf(MEMBER), custom_profile_field: { id: 4, value: '2000-02-29' } },
      { user_id: idOf(MEMBER), custom_profile_field: { id: 6, value: `[${idOf(ADMIN)}]` } },
      { user_id: idOf(MEMBER), custom_profile_field: { id: 1, value: null } },
      { user_id: idOf(MEMBER), custom_profile_field: { id: 3, value: '0' } },
    ]);
  });

  const refused: Array<[string, unknown, string]> = [
    ['an unknown field id', [{ id: 44, value: 'x' }], 'Field id 44 not found.'],
    [
      'a short text over 50 characters',
      [{ id: 1, value: 'x'.repeat(51) }],
      'Phone number is too long (limit: 50 characters)',
    ],
    [
      'a long text over 500 characters',
      [{ id: 2, value: 'x'.repeat(501) }],
      'Biography is too long (limit: 500 characters)',
    ],
    ['an unknown option', [{ id: 3, value: '7' }], "'7' is not a valid choice for 'Favorite editor'."],
    ['a date that does not exist', [{ id: 4, value: '2001-02-29' }], 'Birthday is not a date'],
    ['a link that is no URL', [{ id: 5, value: 'not a url' }], 'Favorite website is not a URL'],
    ['an unknown user', [{ id: 6, value: [99999] }], 'Invalid user ID: 99999'],
    [
      'a valid value before an unknown field',
      [
        { id: 4, value: '2000-01-01' },
        { id: 4444, value: 'x' },
      ],
      'Field id 4444 not found.',
    ],
  ];
  for (const [what, profileData, msg] of refused) {
    it(`refuses ${what} and changes nothing`, async () => {
      const before = values();
      const res = await t()
        .as(ADMIN)
        .patch(`users/${idOf(MEMBER)}`, { profile_data: profileData });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
      expect(values()).toBe(before);
    });
  }

  it('lets users set and clear their own values through /users/me/profile_data', async () => {
    const queue = await registerQueue(t().as(MEMBER2), { event_types: ['realm_user'] });
    const set = await t()
      .as(MEMBER)
      .patch('users/me/profile_data', { data: [{ id: 8, value: 'he/him' }] });
    expect(set.body).toEqual({ result: 'success', msg: '' });
    const cleared = await t()
      .as(MEMBER)
      .delete('users/me/profile_data', { data: [1, 8] });
    expect(cleared.status).toBe(200);
    const me = await t().as(MEMBER).get('users/me');
    expect(Object.keys(me.body.profile_data)).toEqual(['2']);
    const events = (await pollNow(t().as(MEMBER2), queue, -1)).body.events;
    expect(
      events.map((e: { person: { custom_profile_field: unknown } }) => e.person.custom_profile_field),
    ).toEqual([
      { id: 8, value: 'he/him' },
      { id: 1, value: null },
      { id: 8, value: null },
    ]);
  });

  it('refuses own changes to a field users may not edit, and unknown fields', async () => {
    t().app.store.state.profileFields.get(1)!.editable_by_user = false;
    const before = values();
    const patch = await t()
      .as(MEMBER)
      .patch('users/me/profile_data', { data: [{ id: 1, value: '1' }] });
    expect(patch.body).toEqual({
      result: 'error',
      msg: 'You are not allowed to change this field. Contact an administrator to update it.',
      code: 'BAD_REQUEST',
    });
    const remove = await t()
      .as(MEMBER)
      .delete('users/me/profile_data', { data: [1] });
    expect(remove.body.code).toBe('BAD_REQUEST');
    const unknown = await t()
      .as(MEMBER)
      .delete('users/me/profile_data', { data: [77] });
    expect(unknown.body.msg).toBe('Field id 77 not found.');
    expect(values()).toBe(before);
    const admin = await t()
      .as(ADMIN)
      .patch('users/me/profile_data', { data: [{ id: 1, value: '1' }] });
    expect(admin.status).toBe(200);
  });

  it('refuses profile_data from a non-administrator', async () => {
    const before = values();
    const res = await t()
      .as(MEMBER)
      .patch(`users/${idOf(MEMBER2)}`, { profile_data: [{ id: 1, value: '1' }] });
    expect(res.status).toBe(400);
    expect(values()).toBe(before);
  });
});

describeTransports(
  'custom profile fields at feature level 145',
  (t) => {
    it('leave out display_in_profile_summary, required and editable_by_user, and the pronouns type', async () => {
      const res = await t().as(MEMBER).get('realm/profile_fields');
      expect(Object.keys(res.body.custom_fields[0]).sort()).toEqual([
        'field_data',
        'hint',
        'id',
        'name',
        'order',
        'type',
      ]);
      const snapshot = await t()
        .as(MEMBER)
        .post('register', { fetch_event_types: ['custom_profile_fields'] });
      expect(snapshot.body.custom_profile_field_types.PRONOUNS).toBeUndefined();
    });
  },
  { featureLevel: 145 },
);

describeTransports(
  'custom profile fields at feature level 244',
  (t) => {
    it('carry display_in_profile_summary and required, not yet editable_by_user', async () => {
      const field = (await t().as(MEMBER).get('realm/profile_fields')).body.custom_fields[0];
      expect(field).toHaveProperty('display_in_profile_summary', false);
      expect(field).toHaveProperty('required', false);
      expect(field).not.toHaveProperty('editable_by_user');
    });
  },
  { featureLevel: 244 },
);
