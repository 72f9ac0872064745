import { expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER, MEMBER2, NOTIFICATION_BOT } from '../../testing/accounts.js';
import { describeTransports, TEST_START_MS } from '../../testing/transports.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary event payloads
type Ev = Record<string, any>;

const BOT = 'default-bot@svc.test';
const FORMER = 'ex-employee@svc.test';

describeTransports('muted users', (t) => {
  const events = (type: string): Ev[] =>
    t().app.store.journal.flatMap((e) =>
      typeof e.event !== 'function' && e.event.type === type ? [{ users: e.users, ...e.event }] : [],
    );
  const idOf = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;
  const mutes = () => JSON.stringify([...t().app.store.state.mutedUsers].map(([k, v]) => [k, [...v]]));
  const send = async (content: string, from = MEMBER2) =>
    (await t().as(from).post('messages', { type: 'stream', to: 'Verona', topic: 'mute', content })).body
      .id as number;
  const unread = async (email = MEMBER) =>
    (
      await t()
        .as(email)
        .post('register', { fetch_event_types: ['message', 'update_message_flags'] })
    ).body.unread_msgs;
  const muted = async (email = MEMBER) =>
    (
      await t()
        .as(email)
        .post('register', { fetch_event_types: ['muted_users'] })
    ).body.muted_users;

  it('mutes a user: the snapshot and the muted_users event list them with the time', async () => {
    t().clock.advance(5000);
    const res = await t()
      .as(MEMBER)
      .post(`users/me/muted_users/${idOf(MEMBER2)}`);
    expect(res.body).toMatchObject({ result: 'success' });
    const entry = { id: idOf(MEMBER2), timestamp: TEST_START_MS / 1000 + 5 };
    expect(await muted()).toEqual([entry]);
    expect(await muted(ADMIN)).toEqual([]);
    expect(events('muted_users')).toEqual([
      { users: [idOf(MEMBER)], type: 'muted_users', muted_users: [entry] },
    ]);
  });

  it('marks the muted user’s unread messages read at once, and new ones on arrival', async () => {
    const before = await send('one');
    const other = await send('from someone else', ADMIN);
    expect(
      (await unread()).streams.flatMap((s: { unread_message_ids: number[] }) => s.unread_message_ids),
    ).toEqual(expect.arrayContaining([before, other]));
    await t()
      .as(MEMBER)
      .post(`users/me/muted_users/${idOf(MEMBER2)}`);
    const flagEvents = events('update_message_flags');
    expect(flagEvents).toEqual([
      expect.objectContaining({ users: [idOf(MEMBER)], op: 'add', flag: 'read', all: false }),
    ]);
    // Every unread message of theirs in the muter's history (older ones from the realm too), and only those.
    const marked: number[] = flagEvents[0]!.messages;
    expect(marked).toContain(before);
    const senders = new Set(marked.map((id) => t().app.store.state.messages.get(id)!.sender_id));
    expect([...senders]).toEqual([idOf(MEMBER2)]);
    const after = await send('two');
    const ids = (await unread()).streams.flatMap(
      (s: { unread_message_ids: number[] }) => s.unread_message_ids,
    );
    expect(ids).toContain(other);
    expect(ids).not.toContain(before);
    expect(ids).not.toContain(after);
    expect((await t().as(MEMBER).get(`messages/${after}`)).body.message.flags).toContain('read');
    // Others still get it unread.
    expect((await t().as(ADMIN).get(`messages/${after}`)).body.message.flags).not.toContain('read');
  });

  it('sends no flag event when the muted user has no unread message for the muter', async () => {
    await t().as(MEMBER).post('mark_all_as_read');
    const start = t().app.store.journal.length;
    await t()
      .as(MEMBER)
      .post(`users/me/muted_users/${idOf(ADMIN)}`);
    const types = t()
      .app.store.journal.slice(start)
      .map((e) => (typeof e.event === 'function' ? 'per-user' : e.event.type));
    expect(types).toEqual(['muted_users']);
  });

  it('unmutes: later messages are unread again', async () => {
    await t()
      .as(MEMBER)
      .post(`users/me/muted_users/${idOf(MEMBER2)}`);
    const res = await t()
      .as(MEMBER)
      .delete(`users/me/muted_users/${idOf(MEMBER2)}`);
    expect(res.body.result).toBe('success');
    expect(await muted()).toEqual([]);
    expect(events('muted_users').map((e) => e.muted_users)).toEqual([
      [{ id: idOf(MEMBER2), timestamp: TEST_START_MS / 1000 }],
      [],
    ]);
    const id = await send('hello again');
    expect((await t().as(MEMBER).get(`messages/${id}`)).body.message.flags).not.toContain('read');
  });

  it('mutes bots and deactivated users', async () => {
    expect(
      (
        await t()
          .as(MEMBER)
          .post(`users/me/muted_users/${idOf(BOT)}`)
      ).body.result,
    ).toBe('success');
    expect(
      (
        await t()
          .as(MEMBER)
          .post(`users/me/muted_users/${idOf(FORMER)}`)
      ).body.result,
    ).toBe('success');
    expect((await muted()).map((m: { id: number }) => m.id)).toEqual([idOf(BOT), idOf(FORMER)]);
  });

  const refusals: Array<[string, 'post' | 'delete', () => string, string]> = [
    ['self', 'post', () => String(idOf(MEMBER)), 'Cannot mute self'],
    ['an unknown user', 'post', () => '9999', 'No such user'],
    ['a system bot of another realm', 'post', () => String(idOf(NOTIFICATION_BOT)), 'No such user'],
    ['an unknown user on unmute', 'delete', () => '9999', 'No such user'],
    ['a user who is not muted', 'delete', () => String(idOf(MEMBER2)), 'User is not muted'],
  ];
  for (const [what, method, id, msg] of refusals) {
    it(`refuses ${what} and changes nothing`, async () => {
      const before = mutes();
      const res = await t().as(MEMBER)[method](`users/me/muted_users/${id()}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg });
      expect(mutes()).toBe(before);
      expect(events('muted_users')).toEqual([]);
    });
  }

  it('refuses to mute a user twice', async () => {
    await t()
      .as(MEMBER)
      .post(`users/me/muted_users/${idOf(MEMBER2)}`);
    const before = mutes();
    const res = await t()
      .as(MEMBER)
      .post(`users/me/muted_users/${idOf(MEMBER2)}`);
    expect(res.body).toMatchObject({ result: 'error', msg: 'User already muted' });
    expect(mutes()).toBe(before);
  });

  it('keeps a guest from muting users they may not know about', async () => {
    const { state } = t().app.store;
    // Only members may see everyone: the guest knows the users of their channels (not this bot).
    state.settings.can_access_all_users_group = state.systemGroupIds.get('role:members')!;
    const before = mutes();
    const res = await t()
      .as(GUEST)
      .post(`users/me/muted_users/${idOf(BOT)}`);
    expect(res.body).toMatchObject({ result: 'error', msg: 'Insufficient permission' });
    expect(mutes()).toBe(before);
    const known = await t()
      .as(GUEST)
      .post(`users/me/muted_users/${idOf(MEMBER)}`);
    expect(known.body.result).toBe('success');
  });
});

describeTransports(
  'muted users at feature level 187',
  (t) => {
    const idOf = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;
    it('treats a bot as no such user before bots could be muted', async () => {
      const res = await t()
        .as(MEMBER)
        .post(`users/me/muted_users/${idOf(BOT)}`);
      expect(res.body).toMatchObject({ result: 'error', msg: 'No such user' });
      const human = await t()
        .as(MEMBER)
        .post(`users/me/muted_users/${idOf(MEMBER2)}`);
      expect(human.body.result).toBe('success');
    });
  },
  { featureLevel: 187 },
);

describeTransports(
  'muted users at feature level 47',
  (t) => {
    it('has no muted_users routes before feature level 48', async () => {
      const res = await t().as(MEMBER).post('users/me/muted_users/12');
      expect(res.status).toBe(404);
      expect(t().app.store.state.mutedUsers.size).toBe(0);
      const snapshot = await t()
        .as(MEMBER)
        .post('register', { fetch_event_types: ['muted_users'] });
      expect(snapshot.body).not.toHaveProperty('muted_users');
    });
  },
  { featureLevel: 47 },
);
