import { expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER, MEMBER2, OWNER } from '../../testing/accounts.js';
import { describeTransports, type TransportContext } from '../../testing/transports.js';

/** Hamlet sends a direct message to Othello, Iago and Desdemona; returns its id. */
async function sendGroupDm(t: TransportContext): Promise<number> {
  const id = (email: string) => t.app.store.state.usersByEmail.get(email)!.user_id;
  const res = await t.as(MEMBER).post('messages', {
    type: 'private',
    to: [id(MEMBER2), id(ADMIN), id(OWNER)],
    content: 'Who read this?',
  });
  expect(res.status).toBe(200);
  return res.body.id as number;
}

const markRead = (t: TransportContext, email: string, messageId: number) =>
  t.as(email).post('messages/flags', { messages: [messageId], op: 'add', flag: 'read' });

describeTransports('GET /messages/{message_id}/read_receipts', (t) => {
  const idOf = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;

  it('lists the users who read the message, never its sender, in id order', async () => {
    const messageId = await sendGroupDm(t());
    await markRead(t(), MEMBER, messageId);
    expect((await t().as(MEMBER).get(`messages/${messageId}/read_receipts`)).body.user_ids).toEqual([]);
    await markRead(t(), OWNER, messageId);
    await markRead(t(), ADMIN, messageId);
    const res = await t().as(MEMBER2).get(`messages/${messageId}/read_receipts`);
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      user_ids: [idOf(OWNER), idOf(ADMIN)].sort((a, b) => a - b),
    });
  });

  it('leaves out users who turned send_read_receipts off', async () => {
    const messageId = await sendGroupDm(t());
    await markRead(t(), OWNER, messageId);
    await markRead(t(), ADMIN, messageId);
    expect((await t().as(ADMIN).patch('settings', { send_read_receipts: false })).status).toBe(200);
    const res = await t().as(MEMBER).get(`messages/${messageId}/read_receipts`);
    expect(res.body.user_ids).toEqual([idOf(OWNER)]);
  });

  it('leaves out users the caller muted and users who muted the caller', async () => {
    const messageId = await sendGroupDm(t());
    await markRead(t(), OWNER, messageId);
    await markRead(t(), ADMIN, messageId);
    await markRead(t(), MEMBER2, messageId);
    expect(
      (
        await t()
          .as(MEMBER)
          .post(`users/me/muted_users/${idOf(OWNER)}`)
      ).status,
    ).toBe(200);
    expect(
      (
        await t()
          .as(ADMIN)
          .post(`users/me/muted_users/${idOf(MEMBER)}`)
      ).status,
    ).toBe(200);
    const res = await t().as(MEMBER).get(`messages/${messageId}/read_receipts`);
    expect(res.body.user_ids).toEqual([idOf(MEMBER2)]);
  });

  it('answers "Invalid message(s)" for an unknown message and one the caller cannot read', async () => {
    const messageId = await sendGroupDm(t());
    for (const [email, id] of [
      [GUEST, messageId],
      [MEMBER, 999999],
    ] as const) {
      const res = await t().as(email).get(`messages/${id}/read_receipts`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', msg: 'Invalid message(s)', code: 'BAD_REQUEST' });
    }
  });

  it('leaves out deactivated users', async () => {
    const messageId = await sendGroupDm(t());
    await markRead(t(), OWNER, messageId);
    await markRead(t(), ADMIN, messageId);
    expect(
      (
        await t()
          .as(OWNER)
          .delete(`users/${idOf(ADMIN)}`)
      ).status,
    ).toBe(200);
    const res = await t().as(MEMBER).get(`messages/${messageId}/read_receipts`);
    expect(res.body.user_ids).toEqual([idOf(OWNER)]);
  });

  it('refuses when the organization disabled read receipts', async () => {
    const messageId = await sendGroupDm(t());
    t().app.store.state.settings.enable_read_receipts = false;
    // An unknown message is still "Invalid message(s)": the message is checked first.
    expect((await t().as(MEMBER).get('messages/999999/read_receipts')).body.msg).toBe('Invalid message(s)');
    const res = await t().as(MEMBER).get(`messages/${messageId}/read_receipts`);
    expect(res.body).toEqual({
      result: 'error',
      msg: 'Read receipts are disabled in this organization.',
      code: 'BAD_REQUEST',
    });
  });
});

describeTransports(
  'read receipts at feature level 143',
  (t) => {
    it('still lists muted users (hidden from feature level 144)', async () => {
      const id = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;
      const messageId = await sendGroupDm(t());
      await markRead(t(), OWNER, messageId);
      t().app.store.state.mutedUsers.set(id(MEMBER), new Map([[id(OWNER), 0]]));
      const res = await t().as(MEMBER).get(`messages/${messageId}/read_receipts`);
      expect(res.body.user_ids).toEqual([id(OWNER)]);
    });
  },
  { featureLevel: 143 },
);

describeTransports(
  'read receipts at feature level 136',
  (t) => {
    it('does not exist yet (404)', async () => {
      const res = await t().as(MEMBER).get('messages/1/read_receipts');
      expect(res.status).toBe(404);
    });
  },
  { featureLevel: 136 },
);

describeTransports(
  'read receipts at feature level 137',
  (t) => {
    it('exists', async () => {
      const messageId = await sendGroupDm(t());
      expect((await t().as(MEMBER).get(`messages/${messageId}/read_receipts`)).status).toBe(200);
    });
  },
  { featureLevel: 137 },
);
