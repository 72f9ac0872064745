import { expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER, MEMBER2, OWNER } from '../../testing/accounts.js';
import { pollNow, registerQueue } from '../../testing/event-queues.js';
import { describeTransports } from '../../testing/transports.js';

describeTransports('POST /bots and PATCH /bots/{bot_id}', (t) => {
  const userId = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;
  const types = ['realm_user', 'realm_bot'];

  it('creates a bot: realm_user/add to everyone, realm_bot/add to its owner and admins, not to other members', async () => {
    const owner = await registerQueue(t().as(MEMBER), { event_types: types });
    const admin = await registerQueue(t().as(ADMIN), { event_types: types });
    const other = await registerQueue(t().as(MEMBER2), { event_types: types });
    const res = await t()
      .as(MEMBER)
      .post('bots', { full_name: 'Build Bot', short_name: 'build', default_sending_stream: 'Verona' });
    expect(res.status).toBe(200);
    const { user_id, api_key } = res.body;
    expect(res.body).toMatchObject({
      default_sending_stream: 'Verona',
      default_events_register_stream: null,
      default_all_public_streams: false,
    });
    expect(api_key).toMatch(/^[A-Za-z0-9]{32}$/);
    const bot = { user_id, default_sending_stream: 'Verona', default_events_register_stream: null };
    for (const [client, queue] of [
      [t().as(MEMBER), owner],
      [t().as(ADMIN), admin],
    ] as const) {
      const events = (await pollNow(client, queue, -1)).body.events;
      expect(events.find((e: { type: string }) => e.type === 'realm_user')).toMatchObject({
        op: 'add',
        person: { user_id, is_bot: true, bot_type: 1, bot_owner_id: userId(MEMBER), full_name: 'Build Bot' },
      });
      // From level 474 bot objects carry no key, name or owner: clients read the user object.
      expect(events.find((e: { type: string }) => e.type === 'realm_bot')).toEqual({
        id: expect.any(Number),
        type: 'realm_bot',
        op: 'add',
        bot: { ...bot, default_all_public_streams: false, services: [] },
      });
    }
    expect(
      (await pollNow(t().as(MEMBER2), other, -1)).body.events.map((e: { type: string }) => e.type),
    ).toEqual(['realm_user']);
    // The new bot works with its key, and its owner's register lists it.
    const me = await t().anonymous.get(
      'users/me',
      {},
      {
        headers: {
          Authorization: `Basic ${btoa(`build-bot@${t().app.store.state.realm.email_domain}:${api_key}`)}`,
        },
      },
    );
    expect(me.body).toMatchObject({ user_id, is_bot: true });
    const reg = await t()
      .as(MEMBER)
      .post('register', { fetch_event_types: ['realm_bot'], event_types: ['message'] });
    expect(reg.body.realm_bots).toContainEqual(expect.objectContaining(bot));
  });

  it('changes name and defaults: realm_user/update for the name, realm_bot/update per changed default', async () => {
    const { user_id } = (await t().as(MEMBER).post('bots', { full_name: 'Deploy Bot', short_name: 'deploy' }))
      .body;
    const queue = await registerQueue(t().as(ADMIN), { event_types: types });
    const res = await t().as(ADMIN).patch(`bots/${user_id}`, {
      full_name: 'Deploy Bot 2',
      default_sending_stream: 'Denmark',
      default_all_public_streams: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      full_name: 'Deploy Bot 2',
      default_sending_stream: 'Denmark',
      default_all_public_streams: true,
    });
    expect(
      (await pollNow(t().as(ADMIN), queue, -1)).body.events.map(({ id: _id, ...e }: { id: number }) => e),
    ).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id, full_name: 'Deploy Bot 2' } },
      { type: 'realm_bot', op: 'update', bot: { user_id, default_sending_stream: 'Denmark' } },
      { type: 'realm_bot', op: 'update', bot: { user_id, default_all_public_streams: true } },
    ]);
    // Clearing the default channel with an empty name.
    await t().as(MEMBER).patch(`bots/${user_id}`, { default_sending_stream: '' });
    const reg = await t()
      .as(MEMBER)
      .post('register', { fetch_event_types: ['realm_bot'], event_types: ['message'] });
    expect(reg.body.realm_bots).toContainEqual(
      expect.objectContaining({ user_id, default_sending_stream: null }),
    );
  });

  it('refuses what the rules refuse, creating and changing nothing', async () => {
    const { user_id } = (await t().as(MEMBER).post('bots', { full_name: 'Mine Bot', short_name: 'mine' }))
      .body;
    const before = t().app.store.state.users.size;
    const refusals: Array<[string, string, string, Record<string, unknown>, string]> = [
      [GUEST, 'POST', 'bots', { full_name: 'G Bot', short_name: 'g' }, 'Not allowed for guest users'],
      [MEMBER, 'POST', 'bots', { full_name: 'X Bot', short_name: 'x', bot_type: 9 }, 'Invalid bot type'],
      [MEMBER, 'POST', 'bots', { full_name: 'Mine Bot', short_name: 'other' }, 'Name is already in use!'],
      [MEMBER, 'POST', 'bots', { full_name: 'Y Bot', short_name: 'mine' }, 'Username already in use'],
      [MEMBER, 'POST', 'bots', { full_name: 'Z Bot', short_name: 'no spaces' }, 'Bad name or username'],
      [MEMBER, 'POST', 'bots', { full_name: '', short_name: 'empty' }, 'Name too short!'],
      [
        MEMBER,
        'POST',
        'bots',
        { full_name: 'W Bot', short_name: 'w', default_sending_stream: 'nowhere' },
        "Invalid channel name 'nowhere'",
      ],
      [MEMBER2, 'PATCH', `bots/${user_id}`, { full_name: 'Stolen' }, 'Insufficient permission'],
      [OWNER, 'PATCH', 'bots/99999', { full_name: 'None' }, 'No such bot'],
      [MEMBER, 'PATCH', `bots/${userId(MEMBER2)}`, { full_name: 'Human' }, 'No such bot'],
      [
        MEMBER,
        'PATCH',
        `bots/${user_id}`,
        { full_name: 'Fine Name', default_events_register_stream: 'nowhere' },
        "Invalid channel name 'nowhere'",
      ],
    ];
    for (const [who, method, path, params, msg] of refusals) {
      const res = await t().as(who).request(method, path, params);
      expect([res.status, res.body.msg], `${method} ${path} ${JSON.stringify(params)}`).toEqual([400, msg]);
    }
    expect(t().app.store.state.users.size).toBe(before);
    expect(t().app.store.state.users.get(user_id)!.full_name).toBe('Mine Bot');
  });

  it('follows can_create_bots_group and can_create_write_only_bots_group', async () => {
    const admins = t().app.store.state.systemGroupIds.get('role:administrators')!;
    await t()
      .as(OWNER)
      .patch('realm', { can_create_bots_group: admins, can_create_write_only_bots_group: admins });
    const none = await t()
      .as(MEMBER)
      .post('bots', { full_name: 'Hook Bot', short_name: 'hook', bot_type: 2 });
    expect([none.status, none.body.msg]).toEqual([400, 'Insufficient permission']);
    await t()
      .as(OWNER)
      .patch('realm', {
        can_create_write_only_bots_group: t().app.store.state.systemGroupIds.get('role:members')!,
      });
    expect(
      (await t().as(MEMBER).post('bots', { full_name: 'Hook Bot', short_name: 'hook', bot_type: 2 })).status,
    ).toBe(200);
    const generic = await t().as(MEMBER).post('bots', { full_name: 'Gen Bot', short_name: 'gen' });
    expect([generic.status, generic.body.msg]).toEqual([400, 'Invalid bot type']);
    expect((await t().as(ADMIN).post('bots', { full_name: 'Gen Bot', short_name: 'gen' })).status).toBe(200);
  });

  it('deactivates a bot for its owner: realm_user/update is_active false, and it cannot be changed any more', async () => {
    const { user_id } = (await t().as(MEMBER).post('bots', { full_name: 'Old Bot', short_name: 'old' })).body;
    const queue = await registerQueue(t().as(MEMBER2), { event_types: ['realm_user'] });
    expect((await t().as(MEMBER2).delete(`bots/${user_id}`)).body.msg).toBe('Insufficient permission');
    expect((await t().as(MEMBER).delete(`bots/${user_id}`)).status).toBe(200);
    expect((await pollNow(t().as(MEMBER2), queue, -1)).body.events).toEqual([
      { id: 0, type: 'realm_user', op: 'update', person: { user_id, is_active: false } },
    ]);
    const again = await t().as(MEMBER).patch(`bots/${user_id}`, { full_name: 'Revived' });
    expect([again.status, again.body.msg]).toEqual([400, 'No such bot']);
  });
});

describeTransports(
  'POST /bots and PATCH /bots/{bot_id} at level 473',
  (t) => {
    it('sends the whole bot below level 474, and realm_bot/update for a new name', async () => {
      const queue = await registerQueue(t().as(MEMBER), { event_types: ['realm_bot'] });
      const res = await t().as(MEMBER).post('bots', { full_name: 'Old Style Bot', short_name: 'oldstyle' });
      const { user_id, api_key } = res.body;
      await t().as(MEMBER).patch(`bots/${user_id}`, { full_name: 'Old Style Bot 2' });
      const owner = t().app.store.state.usersByEmail.get(MEMBER)!.user_id;
      expect((await pollNow(t().as(MEMBER), queue, -1)).body.events).toEqual([
        {
          id: 0,
          type: 'realm_bot',
          op: 'add',
          bot: expect.objectContaining({
            user_id,
            api_key,
            full_name: 'Old Style Bot',
            bot_type: 1,
            is_active: true,
            owner_id: owner,
            email: `oldstyle-bot@${t().app.store.state.realm.email_domain}`,
          }),
        },
        { id: 1, type: 'realm_bot', op: 'update', bot: { user_id, full_name: 'Old Style Bot 2' } },
      ]);
    });
  },
  { featureLevel: 473 },
);
