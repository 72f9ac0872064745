import { expect, it } from 'vitest';
import { ADMIN, MEMBER } from '../../testing/accounts.js';
import { pollNow, registerQueue } from '../../testing/event-queues.js';
import { describeTransports } from '../../testing/transports.js';

const NEW_USER = { email: 'newcomer@svc.test', password: 'secret-password', full_name: 'New Comer' };

describeTransports('realm_default_avatar_source for new users', (t) => {
  const create = () => t().as(ADMIN).post('users', NEW_USER);

  it('gives users created while the default is "J" a Jdenticon, served from the avatar path even to client_gravatar', async () => {
    t().app.store.state.settings.default_avatar_source = 'J';
    const queue = await registerQueue(t().as(MEMBER), { event_types: ['realm_user'] });
    const id = (await create()).body.user_id as number;
    const realmId = t().app.store.state.realm.id;
    const url = `/user_avatars/${realmId}/${id}.png?version=1`;
    expect(t().app.store.state.users.get(id)!.avatar_source).toBe('J');
    const fetched = await t().as(MEMBER).get(`users/${id}`, { client_gravatar: true });
    expect(fetched.body.user.avatar_url).toBe(url);
    const own = await t()
      .as(NEW_USER.email)
      .post('register', { fetch_event_types: ['realm_user'] });
    expect(own.body).toMatchObject({ avatar_source: 'J', avatar_url: url });
    const added = (await pollNow(t().as(MEMBER), queue, -1)).body.events.find(
      (e: { op?: string }) => e.op === 'add',
    );
    expect(added.person).toMatchObject({ user_id: id, avatar_url: url });
  });

  it('keeps Gravatar for new users while the default is "G" (client_gravatar: null)', async () => {
    const id = (await create()).body.user_id as number;
    expect(t().app.store.state.users.get(id)!.avatar_source).toBe('G');
    const fetched = await t().as(ADMIN).get(`users/${id}`, { client_gravatar: true });
    expect(fetched.body.user.avatar_url).toBeNull();
  });
});

describeTransports(
  'realm_default_avatar_source before Jdenticons (level 465)',
  (t) => {
    it('gives new users Gravatar even when the default says "J"', async () => {
      t().app.store.state.settings.default_avatar_source = 'J';
      const id = (await t().as(ADMIN).post('users', NEW_USER)).body.user_id as number;
      expect(t().app.store.state.users.get(id)!.avatar_source).toBe('G');
    });
  },
  { featureLevel: 465 },
);
