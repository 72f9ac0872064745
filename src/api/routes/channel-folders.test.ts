import { expect, it } from 'vitest';
import { ADMIN, MEMBER } from '../../testing/accounts.js';
import { describeTransports, TEST_START_MS } from '../../testing/transports.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary event payloads
type Ev = Record<string, any>;

describeTransports('channel folders', (t) => {
  const events = (): Ev[] =>
    t().app.store.journal.flatMap((e) =>
      typeof e.event !== 'function' && e.event.type === 'channel_folder'
        ? [{ users: e.users.length, ...e.event }]
        : [],
    );
  const idOf = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;
  const active = () => t().app.store.activeUserIds().length;
  const list = async (params?: Record<string, unknown>) =>
    (await t().as(MEMBER).get('channel_folders', params)).body.channel_folders;
  const create = (name: string, description = '') =>
    t().as(ADMIN).post('channel_folders/create', { name, description });

  it('creates a folder last in the order, lists it for everyone and sends channel_folder/add to all', async () => {
    const before = await list();
    const res = await create('Projects', 'Work **in progress**');
    expect(res.status).toBe(200);
    const folder = {
      id: res.body.channel_folder_id,
      name: 'Projects',
      order: Math.max(-1, ...before.map((f: { order: number }) => f.order)) + 1,
      date_created: TEST_START_MS / 1000,
      creator_id: idOf(ADMIN),
      description: 'Work **in progress**',
      rendered_description: '<p>Work <strong>in progress</strong></p>',
      is_archived: false,
    };
    expect(await list()).toEqual([...before, folder]);
    const registered = await t()
      .as(MEMBER)
      .post('register', { fetch_event_types: ['channel_folders'] });
    expect(registered.body.channel_folders).toContainEqual(folder);
    expect(events()).toEqual([
      { users: active(), type: 'channel_folder', op: 'add', channel_folder: folder },
    ]);
  });

  const refusals: Array<[string, () => Promise<{ status: number; body: Ev }>, string]> = [
    [
      'a member',
      () => t().as(MEMBER).post('channel_folders/create', { name: 'X', description: '' }),
      'Must be an organization administrator',
    ],
    ['a blank name', () => create('  '), "Channel folder name can't be empty."],
    [
      'a name taken in another letter case',
      () => create('PROJECTS'),
      "Channel folder 'PROJECTS' already exists",
    ],
    ['a name over 60 characters', () => create('n'.repeat(61)), 'name is too long (limit: 60 characters)'],
    [
      'a description over 1024 characters',
      () => create('Y', 'd'.repeat(1025)),
      'description is too long (limit: 1024 characters)',
    ],
  ];
  for (const [what, send, msg] of refusals) {
    it(`refuses ${what} and creates nothing`, async () => {
      await create('Projects');
      const before = await list({ include_archived: true });
      const res = await send();
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
      expect(await list({ include_archived: true })).toEqual(before);
      expect(events()).toHaveLength(1);
    });
  }

  it('renames and describes a folder, one update event per changed property', async () => {
    const id = (await create('Projects')).body.channel_folder_id;
    const res = await t().as(ADMIN).patch(`channel_folders/${id}`, { name: 'Ongoing', description: '*now*' });
    expect(res.status).toBe(200);
    expect(await list()).toContainEqual(
      expect.objectContaining({
        id,
        name: 'Ongoing',
        description: '*now*',
        rendered_description: '<p><em>now</em></p>',
      }),
    );
    expect(events().slice(1)).toEqual([
      {
        users: active(),
        type: 'channel_folder',
        op: 'update',
        channel_folder_id: id,
        data: { name: 'Ongoing' },
      },
      {
        users: active(),
        type: 'channel_folder',
        op: 'update',
        channel_folder_id: id,
        data: { description: '*now*', rendered_description: '<p><em>now</em></p>' },
      },
    ]);
    // The same values again change nothing and send nothing.
    await t().as(ADMIN).patch(`channel_folders/${id}`, { name: 'Ongoing', description: '*now*' });
    expect(events()).toHaveLength(3);
  });

  it('archives an empty folder (listed then only with include_archived) and unarchives it', async () => {
    const id = (await create('Projects')).body.channel_folder_id;
    expect((await t().as(ADMIN).patch(`channel_folders/${id}`, { is_archived: true })).status).toBe(200);
    expect((await list()).map((f: { id: number }) => f.id)).not.toContain(id);
    expect(await list({ include_archived: true })).toContainEqual(
      expect.objectContaining({ id, is_archived: true }),
    );
    expect((await t().as(ADMIN).patch(`channel_folders/${id}`, { is_archived: false })).status).toBe(200);
    expect(
      events()
        .slice(1)
        .map((e) => e.data),
    ).toEqual([{ is_archived: true }, { is_archived: false }]);
  });

  it('refuses to archive a folder that holds a channel, and an unknown folder id', async () => {
    const used = [...t().app.store.state.channels.values()].find((c) => c.folder_id !== null);
    expect(used).toBeDefined();
    const inUse = await t().as(ADMIN).patch(`channel_folders/${used!.folder_id}`, { is_archived: true });
    expect(inUse.body.msg).toBe('You need to remove all the channels from this folder to archive it.');
    expect(t().app.store.state.channelFolders.get(used!.folder_id!)!.is_archived).toBe(false);
    const unknown = await t().as(ADMIN).patch('channel_folders/999', { name: 'Z' });
    expect(unknown.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid channel folder ID' });
    expect(events()).toEqual([]);
  });
});

describeTransports(
  'channel folders at feature level 388',
  (t) => {
    it('has no /channel_folders endpoints yet', async () => {
      expect((await t().as(ADMIN).get('channel_folders')).status).toBe(404);
      expect(
        (await t().as(ADMIN).post('channel_folders/create', { name: 'A', description: '' })).status,
      ).toBe(404);
    });
  },
  { featureLevel: 388 },
);
