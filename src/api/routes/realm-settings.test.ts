import { expect, it } from 'vitest';
import { ADMIN, MEMBER, OWNER } from '../../testing/accounts.js';
import { pollNow, registerQueue } from '../../testing/event-queues.js';
import { describeTransports } from '../../testing/transports.js';

describeTransports('PATCH /realm', (t) => {
  const groupId = (name: string) => t().app.store.state.systemGroupIds.get(name)!;
  const realmOf = async (email = MEMBER) =>
    (
      await t()
        .as(email)
        .post('register', { fetch_event_types: ['realm'], event_types: ['message'] })
    ).body;

  it('changes the name, a boolean and a group setting, one realm event each, and register follows', async () => {
    const queue = await registerQueue(t().as(MEMBER), { event_types: ['realm'] });
    const moderators = groupId('role:moderators');
    const res = await t()
      .as(ADMIN)
      .patch('realm', {
        name: 'Renamed org',
        inline_url_embed_preview: true,
        can_add_custom_emoji_group: { new: moderators, old: groupId('role:members') },
        digest_weekday: 1,
      });
    expect(res.status).toBe(200);
    // digest_weekday is already 1: unchanged values send nothing.
    expect((await pollNow(t().as(MEMBER), queue, -1)).body.events).toEqual([
      { id: 0, type: 'realm', op: 'update', property: 'name', value: 'Renamed org' },
      { id: 1, type: 'realm', op: 'update', property: 'inline_url_embed_preview', value: true },
      {
        id: 2,
        type: 'realm',
        op: 'update_dict',
        property: 'default',
        data: { can_add_custom_emoji_group: moderators },
      },
    ]);
    expect(await realmOf()).toMatchObject({
      realm_name: 'Renamed org',
      realm_inline_url_embed_preview: true,
      realm_can_add_custom_emoji_group: moderators,
    });
  });

  it('sends allow_message_editing as update_dict and an anonymous group with sorted lists', async () => {
    const queue = await registerQueue(t().as(ADMIN), { event_types: ['realm'] });
    const members = groupId('role:members');
    await t()
      .as(ADMIN)
      .patch('realm', {
        allow_message_editing: false,
        can_create_write_only_bots_group: { direct_members: [11, 10], direct_subgroups: [members] },
      });
    expect((await pollNow(t().as(ADMIN), queue, -1)).body.events).toMatchObject([
      { op: 'update_dict', property: 'default', data: { allow_message_editing: false } },
      {
        op: 'update_dict',
        data: { can_create_write_only_bots_group: { direct_members: [10, 11], direct_subgroups: [members] } },
      },
    ]);
  });

  it('refuses members, owner-only settings for administrators, and bad values, changing nothing', async () => {
    const before = await realmOf();
    const refusals: Array<[string, Record<string, unknown>, string]> = [
      [MEMBER, { name: 'x' }, 'Must be an organization administrator'],
      [ADMIN, { name: 'ok', waiting_period_threshold: 3 }, 'Must be an organization owner'],
      [ADMIN, { name: 'ok', invite_required: true }, 'Must be an organization owner'],
      [ADMIN, { name: 'n'.repeat(41) }, 'name is too long (limit: 40 characters)'],
      [
        ADMIN,
        { name: 'ok', description: 'd'.repeat(1001) },
        'description is too long (limit: 1000 characters)',
      ],
      [ADMIN, { name: 'ok', default_language: 'xx-nowhere' }, "Invalid language 'xx-nowhere'"],
      [ADMIN, { name: 'ok', can_add_custom_emoji_group: 99999 }, 'Invalid user group'],
      [
        ADMIN,
        {
          name: 'ok',
          can_add_custom_emoji_group: { new: groupId('role:owners'), old: groupId('role:owners') },
        },
        "'old' value does not match the expected value.",
      ],
    ];
    for (const [who, params, msg] of refusals) {
      const res = await t().as(who).patch('realm', params);
      expect([res.status, res.body.code, res.body.msg], JSON.stringify(params)).toEqual([
        400,
        'BAD_REQUEST',
        msg,
      ]);
    }
    const bad = await t().as(ADMIN).patch('realm', { digest_weekday: 9 });
    expect([bad.status, bad.body.result]).toEqual([400, 'error']);
    expect(await realmOf()).toEqual({ ...before, queue_id: expect.any(String) });
  });

  it('lets an owner change owner-only settings', async () => {
    const res = await t().as(OWNER).patch('realm', { waiting_period_threshold: 3, invite_required: true });
    expect(res.status).toBe(200);
    expect(await realmOf()).toMatchObject({ realm_waiting_period_threshold: 3, realm_invite_required: true });
  });
});

describeTransports(
  'PATCH /realm at level 310',
  (t) => {
    it('sends a group setting as a group id before group-setting objects, and leaves settings the level lacks alone', async () => {
      const queue = await registerQueue(t().as(ADMIN), { event_types: ['realm'] });
      const moderators = t().app.store.state.systemGroupIds.get('role:moderators')!;
      const before = t().app.store.state.settings.can_create_bots_group;
      await t()
        .as(OWNER)
        .patch('realm', { can_add_custom_emoji_group: moderators, can_create_bots_group: moderators });
      expect((await pollNow(t().as(ADMIN), queue, -1)).body.events).toEqual([
        {
          id: 0,
          type: 'realm',
          op: 'update_dict',
          property: 'default',
          data: { can_add_custom_emoji_group: moderators },
        },
      ]);
      // can_create_bots_group came at level 344.
      expect(t().app.store.state.settings.can_create_bots_group).toEqual(before);
    });
  },
  { featureLevel: 310 },
);
