/** GET /users/{user_id_or_email}/presence: one user's presence, in the shape of the level being served. */
import type { GetUserPresenceParams } from '../../generated/types.js';
import { legacyPresence, presenceState } from '../../store/events/presence.js';
import { apiEmail, findUser, findUserByVisibleEmail } from '../../store/users.js';
import { canAccessUser } from '../../store/users/visibility.js';
import { has } from '../../versions/index.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

/** The user presence route. */
export const userPresenceRoutes = [
  defineRoute<GetUserPresenceParams>({
    method: 'GET',
    path: '/users/{user_id_or_email}/presence',
    schema: 'get-users-user-id-or-email-presence',
    summary: "One user's presence (legacy keys, modern timestamps or both, by level)",
    handler({ store, user, params }) {
      const key = params.user_id_or_email.trim();
      const target = /^\d+$/.test(key)
        ? findUser(store.state, Number(key))
        : findUserByVisibleEmail(store.state, key, user);
      if (!target || target.is_system_bot || !canAccessUser(store.state, user, target))
        throw errors.noSuchUser();
      if (target.is_bot) throw errors.presenceNotForBots();
      const record = presenceState(store.state).byUser.get(target.user_id);
      if (!record) throw errors.noPresenceData(apiEmail(store.state, target));
      const level = store.featureLevel;
      if (!has('user_presence_modern', level)) return { presence: legacyPresence(record) };
      const modern = { active_timestamp: record.active_timestamp, idle_timestamp: record.idle_timestamp };
      if (!has('user_presence_legacy_keys', level)) return { presence: modern };
      return {
        presence: { ...modern, ...legacyPresence(record) },
        server_timestamp: store.clock.now() / 1000,
      };
    },
  }),
];
