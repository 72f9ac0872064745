/** GET /users and GET /users/me. */
import type { GetUsersParams } from '../../generated/types.js';
import { formatUser } from '../../store/users.js';
import { defineRoute } from '../route.js';

export const userRoutes = [
  defineRoute({
    method: 'GET',
    path: '/users/me',
    schema: 'get-users-me',
    summary: "The caller's own user object",
    handler({ store, user }) {
      const history = store.state.index.byUser.get(user.user_id);
      return {
        ...formatUser(store.state, user, user, { clientExtavatar: false, includeCustomProfileFields: true }),
        profile_data: {},
        max_message_id: history?.[history.length - 1] ?? -1,
      };
    },
  }),
  defineRoute<GetUsersParams>({
    method: 'GET',
    path: '/users',
    schema: 'get-users',
    summary: 'Every user of the organization, bots and deactivated users included',
    handler({ store, user, params }) {
      const options = {
        clientExtavatar: params.client_extavatar !== false,
        includeCustomProfileFields: params.include_custom_profile_fields === true,
      };
      const wanted = params.user_ids ? new Set(params.user_ids) : undefined;
      const members = [];
      for (const other of store.state.users.values()) {
        if (wanted && !wanted.has(other.user_id)) continue;
        members.push(formatUser(store.state, other, user, options));
      }
      return { members };
    },
  }),
];
