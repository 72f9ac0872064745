/** Presence of users a guest cannot access (realm can_access_all_users_group) stays hidden from the guest. */
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createManualClock } from '../../store/clock.js';
import { apiEmail } from '../../store/users.js';
import { accessRealm, IDS } from '../../testing/access/realm.js';
import { TEST_START_MS } from '../../testing/transports.js';

const GUEST = 13;
const MEMBER = 10;

function setup() {
  const app = createApp({
    realm: accessRealm(),
    clock: createManualClock(TEST_START_MS),
    logError: () => {},
  });
  const send = async (userId: number, method: string, path: string, params: Record<string, string> = {}) => {
    const user = app.store.state.users.get(userId)!;
    const body = new URLSearchParams(params).toString();
    const isGet = method === 'GET';
    const response = await app.fetch(
      new Request(`http://localhost/api/v1/${path}${isGet && body ? `?${body}` : ''}`, {
        method,
        headers: {
          authorization: `Basic ${btoa(`${user.delivery_email}:${user.api_key}`)}`,
          ...(isGet ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        ...(isGet ? {} : { body }),
      }),
    );
    return (await response.json()) as { presences: Record<string, unknown> };
  };
  return { app, send };
}

/** The presence keys naming `userId`: its id (modern shape) or its API e-mail (legacy shape). */
function namesOf(app: ReturnType<typeof setup>['app'], userId: number, keys: string[]): string[] {
  const email = apiEmail(app.store.state, app.store.state.users.get(userId)!);
  return keys.filter((k) => k === String(userId) || k === email);
}

describe('presence and user access', () => {
  it('leaves out users the guest cannot access from GET /realm/presence, POST /users/me/presence and register', async () => {
    const { app, send } = setup();
    await send(IDS.keeper, 'POST', 'users/me/presence', { status: 'active' });
    await send(IDS.quiet, 'POST', 'users/me/presence', { status: 'active' });
    const answers = async (userId: number) => [
      Object.keys((await send(userId, 'GET', 'realm/presence')).presences),
      Object.keys((await send(userId, 'POST', 'users/me/presence', { status: 'idle' })).presences),
      Object.keys((await send(userId, 'POST', 'register', { slim_presence: 'true' })).presences),
    ];
    for (const keys of await answers(GUEST)) {
      expect(namesOf(app, IDS.keeper, keys)).toEqual([]);
      expect(namesOf(app, IDS.quiet, keys)).toHaveLength(1);
    }
    for (const keys of await answers(MEMBER)) expect(namesOf(app, IDS.keeper, keys)).toHaveLength(1);
  });

  it('sends the presence event of an inaccessible user to everyone but the guest', async () => {
    const { app, send } = setup();
    const guestQueue = app.services.queues.register(GUEST);
    const memberQueue = app.services.queues.register(MEMBER);
    await send(IDS.keeper, 'POST', 'users/me/presence', { status: 'active' });
    expect(guestQueue.contents().filter((e) => e.type === 'presence')).toEqual([]);
    expect(memberQueue.contents().filter((e) => e.type === 'presence')).toHaveLength(1);
  });
});
