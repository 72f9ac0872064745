import { expect, it } from 'vitest';
import { ADMIN, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { describeTransports, type TransportContext } from '../../testing/transports.js';

const BOT = 'default-bot@svc.test';

/** Marks MEMBER active, then reads their presence as MEMBER2 (by id and by e-mail). */
async function readPresence(t: () => TransportContext) {
  await t().as(MEMBER).post('users/me/presence', { status: 'active' });
  const id = t().app.store.state.usersByEmail.get(MEMBER)!.user_id;
  const byId = await t().as(MEMBER2).get(`users/${id}/presence`);
  const byEmail = await t().as(MEMBER2).get(`users/${MEMBER}/presence`);
  expect(byEmail.body).toEqual(byId.body);
  return byId;
}

describeTransports('GET /users/{user_id_or_email}/presence at the newest level', (t) => {
  it('answers active_timestamp and idle_timestamp with the legacy keys and server_timestamp', async () => {
    const res = await readPresence(t);
    const now = Math.floor(t().clock.now() / 1000);
    expect(res.status).toBe(200);
    expect(res.body.presence).toEqual({
      active_timestamp: now,
      idle_timestamp: now,
      aggregated: { client: 'website', status: 'active', timestamp: now },
      website: { client: 'website', status: 'active', timestamp: now, pushable: false },
    });
    expect(res.body.server_timestamp).toBe(t().clock.now() / 1000);
  });

  it('refuses bots, unknown users and users without presence data', async () => {
    const bot = await t().as(ADMIN).get(`users/${BOT}/presence`);
    expect(bot.body).toMatchObject({ result: 'error', msg: 'Presence is not supported for bot users.' });
    const unknown = await t().as(ADMIN).get('users/nobody@svc.test/presence');
    expect(unknown.body).toMatchObject({ result: 'error', msg: 'No such user' });
    const none = await t().as(ADMIN).get(`users/${MEMBER2}/presence`);
    expect(none.status).toBe(400);
    expect(none.body.msg).toMatch(/^No presence data for /);
  });
});

describeTransports(
  'GET /users/{user_id_or_email}/presence from 487 to 496',
  (t) => {
    it('answers the modern fields only, without server_timestamp', async () => {
      const res = await readPresence(t);
      expect(Object.keys(res.body.presence).sort()).toEqual(['active_timestamp', 'idle_timestamp']);
      expect(res.body).not.toHaveProperty('server_timestamp');
    });
  },
  { featureLevel: 496 },
);

describeTransports(
  'GET /users/{user_id_or_email}/presence below 487',
  (t) => {
    it('answers the legacy keys only: aggregated and one entry per client', async () => {
      const res = await readPresence(t);
      expect(Object.keys(res.body.presence).sort()).toEqual(['aggregated', 'website']);
      expect(res.body.presence.website).toMatchObject({ status: 'active', client: 'website' });
      expect(res.body).not.toHaveProperty('server_timestamp');
    });
  },
  { featureLevel: 486 },
);
