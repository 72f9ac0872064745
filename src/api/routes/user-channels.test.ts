import { expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

describeTransports('GET /users/{user_id}/channels', (t) => {
  const state = () => t().app.store.state;
  const idOf = (email: string) => state().usersByEmail.get(email.toLowerCase())!.user_id;
  /** Ids of the channels `email` is subscribed to, from the store. */
  const subscribed = (email: string) =>
    [...(state().subscriptions.get(idOf(email)) ?? [])]
      .filter(([, sub]) => sub.active)
      .map(([id]) => id)
      .sort((a, b) => a - b);
  const privateOf = (email: string) =>
    subscribed(email).filter((id) => state().channels.get(id)!.invite_only);

  it('answers an administrator every channel the user is subscribed to, private ones included', async () => {
    const res = await t()
      .as(ADMIN)
      .get(`users/${idOf(MEMBER2)}/channels`);
    expect(res.body).toEqual({ result: 'success', msg: '', subscribed_channel_ids: subscribed(MEMBER2) });
  });

  it('leaves out private channels whose subscribers the caller may not see', async () => {
    // Someone subscribed to a private channel the member is not in.
    const target = [...state().users.values()].find((u) =>
      privateOf(u.delivery_email).some((id) => !subscribed(MEMBER).includes(id)),
    )!;
    expect(target).toBeDefined();
    const hidden = privateOf(target.delivery_email).filter((id) => !subscribed(MEMBER).includes(id));
    const res = await t().as(MEMBER).get(`users/${target.user_id}/channels`);
    expect(res.body.subscribed_channel_ids).toEqual(
      subscribed(target.delivery_email).filter((id) => !hidden.includes(id)),
    );
  });

  it('answers for a bot, and refuses an unknown user', async () => {
    const bot = [...state().users.values()].find((u) => u.is_bot && !u.is_system_bot)!;
    expect((await t().as(ADMIN).get(`users/${bot.user_id}/channels`)).status).toBe(200);
    const res = await t().as(MEMBER).get('users/999999/channels');
    expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
  });

  it('gives a guest only channels it has metadata access to', async () => {
    const res = await t()
      .as(GUEST)
      .get(`users/${idOf(GUEST)}/channels`);
    expect(res.body.subscribed_channel_ids).toEqual(subscribed(GUEST));
    // Of the member's channels, the guest sees those it is subscribed to (guests see no other subscribers).
    const other = await t()
      .as(GUEST)
      .get(`users/${idOf(MEMBER)}/channels`);
    expect(other.body.subscribed_channel_ids).toEqual(
      subscribed(MEMBER).filter((id) => subscribed(GUEST).includes(id)),
    );
  });
});

describeTransports('GET /thumbnail/status/{path_id}', (t) => {
  const upload = () => [...t().app.store.state.uploads.values()][0]!;
  const owner = () => t().app.store.state.users.get(upload().owner_id)!.delivery_email;

  it('says the mock made no thumbnail of an upload its owner asks about', async () => {
    const res = await t().as(owner()).get(`thumbnail/status/${upload().path_id}`);
    expect(res.body).toEqual({ result: 'success', msg: '', has_thumbnail: false });
  });

  it('answers 404 for an unknown file', async () => {
    const res = await t().as(owner()).get('thumbnail/status/2/ab/cdef/missing.png', {}, { unchecked: true });
    expect(res.status).toBe(404);
  });
});

describeTransports(
  'GET /users/{user_id}/channels and the thumbnail status below their levels',
  (t) => {
    it('does not exist (404)', async () => {
      const id = t().app.store.state.usersByEmail.get(MEMBER)!.user_id;
      expect((await t().as(ADMIN).get(`users/${id}/channels`, {}, { unchecked: true })).status).toBe(404);
      const path = [...t().app.store.state.uploads.values()][0]!.path_id;
      expect((await t().as(ADMIN).get(`thumbnail/status/${path}`, {}, { unchecked: true })).status).toBe(404);
    });
  },
  { featureLevel: 439 },
);
