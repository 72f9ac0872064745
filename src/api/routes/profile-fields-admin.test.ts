import { expect, it } from 'vitest';
import { ADMIN, MEMBER } from '../../testing/accounts.js';
import { pollNow, registerQueue } from '../../testing/event-queues.js';
import { describeTransports } from '../../testing/transports.js';

describeTransports('administrators manage custom profile fields', (t) => {
  const fields = () => JSON.stringify([...t().app.store.state.profileFields.values()]);
  const listed = async () =>
    (await t().as(MEMBER).get('realm/profile_fields')).body.custom_fields as Array<Record<string, unknown>>;

  it('creates a field after the others and sends the full list to everyone', async () => {
    const queue = await registerQueue(t().as(MEMBER), { event_types: ['custom_profile_fields'] });
    const res = await t()
      .as(ADMIN)
      .post('realm/profile_fields', {
        name: ' Team ',
        hint: 'Where you work',
        field_type: 3,
        field_data: { a: { text: 'Red', order: '1' }, b: { text: 'Blue', order: '2' } },
      });
    expect(res.body).toEqual({ result: 'success', msg: '', id: 9 });
    const all = await listed();
    expect(all.at(-1)).toEqual({
      id: 9,
      type: 3,
      order: 9,
      name: 'Team',
      hint: 'Where you work',
      field_data: '{"a":{"text":"Red","order":"1"},"b":{"text":"Blue","order":"2"}}',
      display_in_profile_summary: false,
      required: false,
      editable_by_user: true,
    });
    const events = (await pollNow(t().as(MEMBER), queue, -1)).body.events;
    expect(events).toEqual([{ id: 0, type: 'custom_profile_fields', fields: all }]);
  });

  it('changes, reorders and deletes fields; deleting drops the users’ values', async () => {
    expect(
      (await t().as(ADMIN).patch('realm/profile_fields/1', { name: 'Phone', required: true })).status,
    ).toBe(200);
    expect((await listed())[0]).toMatchObject({ id: 1, name: 'Phone', required: true });
    const order = [8, 7, 6, 5, 4, 3, 2, 1];
    expect((await t().as(ADMIN).patch('realm/profile_fields', { order })).status).toBe(200);
    expect((await listed()).map((f) => f.id)).toEqual(order);
    expect((await t().as(ADMIN).delete('realm/profile_fields/2')).status).toBe(200);
    expect((await listed()).map((f) => f.id)).not.toContain(2);
    const hamlet = await t().as(MEMBER).get('users/me');
    expect(Object.keys(hamlet.body.profile_data)).toEqual(['1']);
  });

  const refused: Array<[string, string, string, Record<string, unknown>, string]> = [
    ['a member', MEMBER, 'POST', { name: 'X', field_type: 1 }, 'Must be an organization administrator'],
    ['a blank label', ADMIN, 'POST', { name: '  ', field_type: 1 }, 'Label cannot be blank.'],
    [
      'a label in use',
      ADMIN,
      'POST',
      { name: 'biography', field_type: 2 },
      'A field with that label already exists.',
    ],
    ['an unknown type', ADMIN, 'POST', { name: 'X', field_type: 42 }, 'Invalid field type.'],
    [
      'a list without options',
      ADMIN,
      'POST',
      { name: 'X', field_type: 3, field_data: {} },
      'Field must have at least one choice.',
    ],
    [
      'a third summary field',
      ADMIN,
      'POST',
      { name: 'X', field_type: 1, display_in_profile_summary: true },
      'Only 2 custom profile fields can be displayed in the profile summary.',
    ],
  ];
  for (const [what, who, , params, msg] of refused) {
    it(`refuses ${what} and changes nothing`, async () => {
      // The dev realm shows one field in the summary; a second one fills the two places.
      await t().as(ADMIN).patch('realm/profile_fields/1', { display_in_profile_summary: true });
      const before = fields();
      const res = await t().as(who).post('realm/profile_fields', params);
      expect(res.body).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
      expect(fields()).toBe(before);
    });
  }

  it('refuses an unknown field and an order that is not every field once', async () => {
    const before = fields();
    for (const res of [
      await t().as(ADMIN).patch('realm/profile_fields/77', { hint: 'x' }),
      await t().as(ADMIN).delete('realm/profile_fields/77'),
    ])
      expect(res.body.msg).toBe('Field id 77 not found.');
    for (const order of [
      [1, 2, 3],
      [1, 1, 2, 3, 4, 5, 6, 7],
      [1, 2, 3, 4, 5, 6, 7, 99],
    ]) {
      const res = await t().as(ADMIN).patch('realm/profile_fields', { order });
      expect(res.body.msg).toBe('Invalid order mapping.');
    }
    expect(fields()).toBe(before);
  });
});
