import { expect, it } from 'vitest';
import { ADMIN, MEMBER } from '../../testing/accounts.js';
import { describeTransports, TEST_START_MS } from '../../testing/transports.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary event payloads
type Ev = Record<string, any>;

const NOW = TEST_START_MS / 1000;

describeTransports('drafts', (t) => {
  const events = (type: string): Ev[] =>
    t().app.store.journal.flatMap((e) =>
      typeof e.event !== 'function' && e.event.type === type ? [{ users: e.users, ...e.event }] : [],
    );
  const idOf = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;
  const draftCount = () => t().app.store.state.drafts.size;

  it('lists the caller’s drafts oldest edit first', async () => {
    const res = await t().as(ADMIN).get('drafts');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.drafts.map((d: { id: number }) => d.id)).toEqual([1, 2]);
    expect(res.body.drafts[0]).toEqual({
      id: 1,
      type: '',
      to: [],
      topic: 'Release Notes',
      content: 'Release notes draft 1',
      timestamp: 1763000000,
    });
  });

  it('creates drafts with ids in submission order, a server timestamp and one drafts/add event', async () => {
    const drafts = [
      { type: 'stream', to: [3], topic: 'castle', content: 'one' },
      { type: 'private', to: [idOf(MEMBER), idOf(ADMIN)], topic: 'ignored', content: 'two' },
      { type: '', to: [], topic: '', content: 'three', timestamp: NOW - 10 },
    ];
    const res = await t().as(ADMIN).post('drafts', { drafts });
    expect(res.status).toBe(200);
    const [a, b, c] = res.body.ids;
    expect([a, b, c]).toEqual([a, a + 1, a + 2]);
    const list = (await t().as(ADMIN).get('drafts')).body.drafts;
    expect(list.map((d: { id: number }) => d.id)).toEqual([1, 2, c, a, b]);
    expect(list.find((d: { id: number }) => d.id === a)).toMatchObject({
      timestamp: NOW,
      topic: 'castle',
      to: [3],
    });
    expect(list.find((d: { id: number }) => d.id === b)).toMatchObject({ to: [idOf(MEMBER)], topic: '' });
    const added = events('drafts');
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ users: [idOf(ADMIN)], op: 'add' });
    expect((added[0] as { drafts: unknown[] }).drafts).toHaveLength(3);
  });

  it('reads (no topic) as the empty topic in channel drafts', async () => {
    const res = await t()
      .as(ADMIN)
      .post('drafts', {
        drafts: [{ type: 'stream', to: [3], topic: '(no topic)', content: 'x' }],
      });
    expect(t().app.store.state.drafts.get(res.body.ids[0])!.topic).toBe('');
  });

  const refusals: Array<[string, Record<string, unknown>, string]> = [
    [
      'a channel draft with two channels',
      { type: 'stream', to: [3, 4], topic: 't', content: 'x' },
      'Must specify exactly 1 stream ID for stream messages',
    ],
    [
      'a channel draft with no channel',
      { type: 'stream', to: [], topic: 't', content: 'x' },
      'Must specify exactly 1 stream ID for stream messages',
    ],
    ['an unknown channel', { type: 'stream', to: [999], topic: 't', content: 'x' }, 'Invalid channel ID'],
    [
      'a null byte in the topic',
      { type: 'stream', to: [3], topic: 'a\u0000b', content: 'x' },
      'Topic must not contain null bytes',
    ],
    [
      'a null byte in the content',
      { type: '', to: [], topic: '', content: 'a\u0000b' },
      'Message must not contain null bytes',
    ],
    ['empty content', { type: '', to: [], topic: '', content: '   ' }, 'Message must not be empty'],
    ['an unknown user', { type: 'private', to: [999], topic: '', content: 'x' }, 'Invalid user ID 999'],
    [
      'a negative timestamp',
      { type: '', to: [], topic: '', content: 'x', timestamp: -5 },
      'Timestamp must not be negative.',
    ],
    [
      'an unknown key',
      { type: '', to: [], topic: '', content: 'x', color: 'red' },
      "drafts[1] has an unexpected key 'color'",
    ],
    ['an unknown type', { type: 'direct', to: [], topic: '', content: 'x' }, 'Invalid drafts[1]["type"]'],
  ];
  for (const [what, draft, msg] of refusals) {
    it(`refuses the whole list for ${what}`, async () => {
      const before = draftCount();
      const good = { type: '', to: [], topic: '', content: 'fine' };
      const res = await t()
        .as(ADMIN)
        .post('drafts', { drafts: [good, draft] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
      expect(draftCount()).toBe(before);
      expect(events('drafts')).toHaveLength(0);
    });
  }

  it('edits a draft and emits drafts/update', async () => {
    const draft = { type: 'stream', to: [4], topic: 'new', content: 'edited' };
    const res = await t().as(ADMIN).patch('drafts/1', { draft });
    expect(res.status).toBe(200);
    expect(t().app.store.state.drafts.get(1)).toMatchObject({
      type: 'stream',
      to: [4],
      topic: 'new',
      content: 'edited',
      timestamp: NOW,
    });
    expect(events('drafts')).toEqual([
      { users: [idOf(ADMIN)], type: 'drafts', op: 'update', draft: { id: 1, ...draft, timestamp: NOW } },
    ]);
  });

  it('answers 404 for editing or deleting a draft that is not the caller’s', async () => {
    const draft = { type: '', to: [], topic: '', content: 'x' };
    for (const res of [
      await t().as(MEMBER).patch('drafts/1', { draft }),
      await t().as(MEMBER).delete('drafts/1'),
      await t().as(ADMIN).delete('drafts/999'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Draft does not exist' });
    }
    expect(draftCount()).toBe(3);
  });

  it('deletes a draft and emits drafts/remove', async () => {
    expect((await t().as(ADMIN).delete('drafts/2')).status).toBe(200);
    expect(t().app.store.state.drafts.has(2)).toBe(false);
    expect(events('drafts')).toEqual([{ users: [idOf(ADMIN)], type: 'drafts', op: 'remove', draft_id: 2 }]);
  });

  it('refuses every drafts endpoint when synchronization is off, and turning it off deletes the drafts', async () => {
    const off = await t().as(ADMIN).patch('settings', { enable_drafts_synchronization: false });
    expect(off.status).toBe(200);
    expect([...t().app.store.state.drafts.values()].filter((d) => d.user_id === idOf(ADMIN))).toEqual([]);
    const draft = { type: '', to: [], topic: '', content: 'x' };
    for (const res of [
      await t().as(ADMIN).get('drafts'),
      await t()
        .as(ADMIN)
        .post('drafts', { drafts: [draft] }),
      await t().as(ADMIN).patch('drafts/1', { draft }),
      await t().as(ADMIN).delete('drafts/1'),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'User has disabled synchronizing drafts.' });
    }
    expect(draftCount()).toBe(1);
  });
});
