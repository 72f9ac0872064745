/** POST /users/me/presence and GET /realm/presence. */
import type { PostUsersMePresenceParams } from '../../generated/types.js';
import { presenceState, presencesSnapshot, updatePresence } from '../../store/events/presence.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

/** Presence history returned by default (days). */
const HISTORY_DAYS = 14;

export const presenceRoutes = [
  defineRoute<PostUsersMePresenceParams>({
    method: 'POST',
    path: '/users/me/presence',
    schema: 'post-users-me-presence',
    summary: "Update the user's presence and fetch the organization's",
    handler({ store, user, params }) {
      if (params.status !== 'active' && params.status !== 'idle') {
        throw errors.invalidPresenceStatus(params.status);
      }
      updatePresence(store, user, params.status);
      if (params.ping_only) return {};
      return {
        presences: presencesSnapshot(store, {
          slim: params.slim_presence ?? false,
          historyDays: params.history_limit_days ?? HISTORY_DAYS,
          viewer: user,
        }),
        server_timestamp: store.clock.now() / 1000,
        presence_last_update_id: presenceState(store.state).lastUpdateId,
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/realm/presence',
    schema: 'get-realm-presence',
    summary: "Every user's presence",
    handler({ store, user }) {
      return {
        presences: presencesSnapshot(store, { slim: false, historyDays: HISTORY_DAYS, viewer: user }),
        server_timestamp: store.clock.now() / 1000,
      };
    },
  }),
];
