/** Muted users: POST and DELETE /users/me/muted_users/{muted_user_id} (the list is in the register snapshot). */
import type {
  DeleteUsersMeMutedUsersMutedUserIdParams,
  PostUsersMeMutedUsersMutedUserIdParams,
} from '../../generated/types.js';
import type { UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { hasMuted, muteUser, unmuteUser } from '../../store/user-preferences/muted-users.js';
import { canAccessUser } from '../../store/users/visibility.js';
import { has } from '../../versions/index.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

/**
 * The user to mute or unmute (the routes exist from level 48, see src/versions/endpoints.ts): deactivated users count, bots too from level 188; users of other realms (the
 * system bots) are "No such user", users the caller may not know about "Insufficient permission".
 */
function muteTarget(store: Store, user: UserRecord, id: number): UserRecord {
  const target = store.state.users.get(id);
  if (!target || target.is_system_bot) throw errors.noSuchUser();
  if (target.is_bot && !has('mute_bots', store.featureLevel)) throw errors.noSuchUser();
  if (!canAccessUser(store.state, user, target)) throw errors.insufficientPermission();
  return target;
}

export const mutedUserRoutes = [
  defineRoute<PostUsersMeMutedUsersMutedUserIdParams>({
    method: 'POST',
    path: '/users/me/muted_users/{muted_user_id}',
    schema: 'post-users-me-muted-users-muted-user-id',
    summary: 'Mute a user (their messages reach the caller already read)',
    handler({ store, user, params }) {
      if (params.muted_user_id === user.user_id) throw errors.cannotMuteSelf();
      const target = muteTarget(store, user, params.muted_user_id);
      if (hasMuted(store.state, user.user_id, target.user_id)) throw errors.userAlreadyMuted();
      muteUser(store, user, target);
      return {};
    },
  }),
  defineRoute<DeleteUsersMeMutedUsersMutedUserIdParams>({
    method: 'DELETE',
    path: '/users/me/muted_users/{muted_user_id}',
    schema: 'delete-users-me-muted-users-muted-user-id',
    summary: 'Unmute a user',
    handler({ store, user, params }) {
      const target = muteTarget(store, user, params.muted_user_id);
      if (!hasMuted(store.state, user.user_id, target.user_id)) throw errors.userNotMuted();
      unmuteUser(store, user, target.user_id);
      return {};
    },
  }),
];
