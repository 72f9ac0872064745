/** The permission matrix: each role against each guarded action, with the exact refusal envelope. */
import { expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER, MODERATOR, OWNER } from '../../testing/accounts.js';
import { describeTransports, type TestClient } from '../../testing/transports.js';
import { realmSnapshot } from './realm-snapshot.test-util.js';

const BOT = 'default-bot@svc.test';
const ROLES = {
  owner: OWNER,
  admin: ADMIN,
  moderator: MODERATOR,
  member: MEMBER,
  guest: GUEST,
  bot: BOT,
} as const;
type RoleName = keyof typeof ROLES;

const INSUFFICIENT = 'Insufficient permission';
const NOT_CHANNEL_ADMIN = 'You do not have permission to administer this channel.';
const INVALID_CHANNEL = 'Invalid channel ID';
const NOT_ADMIN = 'Must be an organization administrator';
const NOT_AUTHORIZED = 'User not authorized for this query';
const NOT_GUEST = 'Not allowed for guest users';
const OK = 'ok';

/** Prospero: a member who is not subscribed to Rome and is subscribed to Verona. */
const TARGET = 14;

interface Action {
  name: string;
  run: (c: TestClient) => Promise<{ status: number; body: { msg: string } }>;
  expected: Record<RoleName, string>;
}

const ACTIONS: Action[] = [
  {
    name: 'create a public channel',
    run: (c) => c.post('users/me/subscriptions', { subscriptions: [{ name: 'matrix' }] }),
    expected: { owner: OK, admin: OK, moderator: OK, member: OK, guest: NOT_GUEST, bot: OK },
  },
  {
    name: 'create a private channel',
    run: (c) => c.post('users/me/subscriptions', { subscriptions: [{ name: 'matrix' }], invite_only: true }),
    expected: { owner: OK, admin: OK, moderator: OK, member: OK, guest: NOT_GUEST, bot: OK },
  },
  {
    name: 'create a web-public channel',
    run: (c) =>
      c.post('users/me/subscriptions', { subscriptions: [{ name: 'matrix' }], is_web_public: true }),
    expected: {
      owner: OK,
      admin: INSUFFICIENT,
      moderator: INSUFFICIENT,
      member: INSUFFICIENT,
      guest: NOT_GUEST,
      bot: INSUFFICIENT,
    },
  },
  {
    name: 'subscribe another user',
    run: (c) => c.post('users/me/subscriptions', { subscriptions: [{ name: 'Rome' }], principals: [TARGET] }),
    expected: { owner: OK, admin: OK, moderator: OK, member: OK, guest: NOT_GUEST, bot: OK },
  },
  {
    name: 'unsubscribe another user',
    run: (c) => c.delete('users/me/subscriptions', { subscriptions: ['Verona'], principals: [TARGET] }),
    expected: {
      owner: OK,
      admin: OK,
      moderator: INSUFFICIENT,
      member: INSUFFICIENT,
      guest: INSUFFICIENT,
      bot: INSUFFICIENT,
    },
  },
  {
    name: 'administer a channel',
    run: (c) => c.patch('streams/5', { description: 'matrix' }),
    expected: {
      owner: OK,
      admin: OK,
      moderator: NOT_CHANNEL_ADMIN,
      member: NOT_CHANNEL_ADMIN,
      guest: INVALID_CHANNEL,
      bot: NOT_CHANNEL_ADMIN,
    },
  },
  {
    name: 'archive a channel',
    run: (c) => c.delete('streams/5'),
    expected: {
      owner: OK,
      admin: OK,
      moderator: NOT_CHANNEL_ADMIN,
      member: NOT_CHANNEL_ADMIN,
      guest: INVALID_CHANNEL,
      bot: NOT_CHANNEL_ADMIN,
    },
  },
  {
    name: 'list all channels with include_all_active',
    run: (c) => c.get('streams', { include_all_active: true }),
    expected: {
      owner: OK,
      admin: OK,
      moderator: NOT_AUTHORIZED,
      member: NOT_AUTHORIZED,
      guest: NOT_AUTHORIZED,
      bot: NOT_AUTHORIZED,
    },
  },
  {
    name: 'create a user group',
    run: (c) => c.post('user_groups/create', { name: 'matrix', description: '' }),
    expected: { owner: OK, admin: OK, moderator: OK, member: OK, guest: INSUFFICIENT, bot: OK },
  },
  {
    name: 'deactivate a user',
    run: (c) => c.delete(`users/${TARGET}`),
    expected: {
      owner: OK,
      admin: OK,
      moderator: NOT_ADMIN,
      member: NOT_ADMIN,
      guest: NOT_ADMIN,
      bot: NOT_ADMIN,
    },
  },
  {
    name: "change a user's role",
    run: (c) => c.patch(`users/${TARGET}`, { role: 300 }),
    expected: {
      owner: OK,
      admin: OK,
      moderator: NOT_ADMIN,
      member: NOT_ADMIN,
      guest: NOT_ADMIN,
      bot: NOT_ADMIN,
    },
  },
];

describeTransports('permission matrix', (t) => {
  for (const action of ACTIONS) {
    for (const [role, email] of Object.entries(ROLES) as Array<[RoleName, string]>) {
      const expected = action.expected[role];
      const outcome = expected === OK ? 'allows' : 'refuses';
      it(`${outcome} the ${role} to ${action.name}`, async () => {
        const ctx = t();
        const before = realmSnapshot(ctx.app);
        const res = await action.run(ctx.as(email));
        if (expected === OK) {
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        } else {
          expect(res.status).toBe(400);
          expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: expected });
          expect(realmSnapshot(ctx.app)).toEqual(before);
        }
      });
    }
  }
});
