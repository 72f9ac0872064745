/** Users: list, get by id or e-mail, the caller, and administrators' changes (name, role, (re)activation). */
import type {
  DeleteUserParams,
  GetUserByEmailParams,
  GetUserParams,
  GetUsersParams,
  PatchUserParams,
  PostUserReactivateParams,
} from '../../generated/types.js';
import { isRealmAdmin } from '../../store/access.js';
import type { UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { deactivateUser, reactivateUser, setFullName, setRole } from '../../store/users/mutate.js';
import { accessibleUserIds, canAccessAllUsers, canAccessUser } from '../../store/users/visibility.js';
import { findUserByVisibleEmail, formatUser } from '../../store/users.js';
import { setProfileData, userProfileData } from '../../store/profile-fields/profile-fields.js';
import { cachedJson } from '../cached-json.js';
import { deleteSentMessages } from '../../store/messages/delete-sent.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { checkProfileData } from './profile-fields.js';

const INVALID_NAME_CHARACTERS = /[*`\\>"@\p{Cc}]/u;

/** A user the caller may see, else "No such user" (unknown) or "Insufficient permission" (inaccessible). */
function visibleUser(store: Store, viewer: UserRecord, target: UserRecord | undefined): UserRecord {
  if (!target) throw errors.noSuchUser();
  if (!canAccessUser(store.state, viewer, target)) throw errors.insufficientPermission();
  return target;
}

/** A user an administrator acts on (admins only; unknown users are "No such user"). */
function adminTarget(store: Store, admin: UserRecord, userId: number): UserRecord {
  if (!isRealmAdmin(admin)) throw errors.mustBeAdmin();
  const target = store.state.users.get(userId);
  if (!target || target.is_system_bot) throw errors.noSuchUser();
  return target;
}

const activeOwners = (store: Store): number =>
  [...store.state.users.values()].filter((u) => u.is_active && u.role === 100 && !u.is_bot).length;

/** User endpoints: list, get by id or e-mail, the caller, change, deactivate, reactivate. */
export const userRoutes = [
  defineRoute({
    method: 'GET',
    path: '/users/me',
    schema: 'get-users-me',
    sharedParams: true,
    summary: "The caller's own user object",
    handler({ store, user }) {
      // The caller's own object changes only with the store: serialised once per change and caller.
      return cachedJson(store, `users/me ${user.user_id}`, () => {
        const history = store.state.index.byUser.get(user.user_id);
        return {
          ...formatUser(store.state, user, user, {
            clientExtavatar: false,
            includeCustomProfileFields: true,
            level: store.featureLevel,
          }),
          profile_data: userProfileData(store.state, user),
          max_message_id: history?.[history.length - 1] ?? -1,
        };
      });
    },
  }),
  defineRoute<GetUsersParams>({
    method: 'GET',
    path: '/users',
    schema: 'get-users',
    sharedParams: true,
    summary: 'Every user the caller may see, bots and deactivated users included',
    handler({ store, user, params }) {
      const options = {
        clientExtavatar: params.client_extavatar !== false,
        level: store.featureLevel,
        includeCustomProfileFields: params.include_custom_profile_fields === true,
      };
      const key = `users ${user.user_id} ${options.clientExtavatar} ${options.includeCustomProfileFields} ${params.user_ids?.join(',')}`;
      // Serialised once per change, caller and parameters.
      return cachedJson(store, key, () => {
        const wanted = params.user_ids ? new Set(params.user_ids) : undefined;
        const visible = canAccessAllUsers(store.state, user)
          ? undefined
          : accessibleUserIds(store.state, user);
        const members = [];
        for (const other of store.state.users.values()) {
          // The system bots belong to an internal organization: register lists them as cross_realm_bots.
          if (other.is_system_bot) continue;
          if (wanted && !wanted.has(other.user_id)) continue;
          if (visible && !visible.has(other.user_id)) continue;
          members.push(formatUser(store.state, other, user, options));
        }
        return { members };
      });
    },
  }),
  defineRoute<GetUserParams>({
    method: 'GET',
    path: '/users/{user_id}',
    schema: 'get-user',
    summary: 'One user by id',
    handler({ store, user, params }) {
      const target = visibleUser(store, user, store.state.users.get(params.user_id));
      const options = {
        clientExtavatar: params.client_extavatar !== false,
        level: store.featureLevel,
        includeCustomProfileFields: params.include_custom_profile_fields === true,
      };
      return { user: formatUser(store.state, target, user, options) };
    },
  }),
  defineRoute<GetUserByEmailParams>({
    method: 'GET',
    path: '/users/{email}',
    schema: 'get-user-by-email',
    summary: 'One user by e-mail',
    handler({ store, user, params }) {
      // The router has already decoded the path segment: decoding again would turn `%25zz` into a bad escape.
      const target = visibleUser(store, user, findUserByVisibleEmail(store.state, params.email, user));
      const options = {
        clientExtavatar: params.client_extavatar !== false,
        level: store.featureLevel,
        includeCustomProfileFields: params.include_custom_profile_fields === true,
      };
      return { user: formatUser(store.state, target, user, options) };
    },
  }),
  defineRoute<PatchUserParams>({
    method: 'PATCH',
    path: '/users/{user_id}',
    schema: 'patch-user',
    summary: "Change a user's name, role or custom profile fields (administrators)",
    handler({ store, user, params }) {
      const target = adminTarget(store, user, params.user_id);
      const name = params.full_name?.trim();
      if (name !== undefined) {
        if ([...name].length > 100) throw errors.nameTooLong();
        if (name.length < 1) throw errors.nameTooShort();
        if (INVALID_NAME_CHARACTERS.test(name)) throw errors.invalidNameCharacters();
      }
      if (params.role !== undefined && params.role !== target.role) {
        if ((params.role === 100 || target.role === 100) && user.role !== 100) throw errors.mustBeOwner();
        if (target.role === 100 && activeOwners(store) <= 1) throw errors.lastOwnerDemotion();
      }
      const profile = params.profile_data ? checkProfileData(store.state, params.profile_data) : [];
      if (name !== undefined) setFullName(store, target, name);
      if (params.role !== undefined) setRole(store, target, params.role);
      if (profile.length) setProfileData(store, target, profile);
      return {};
    },
  }),
  defineRoute<DeleteUserParams>({
    method: 'DELETE',
    path: '/users/{user_id}',
    schema: 'delete-user',
    summary: 'Deactivate a user (administrators)',
    handler({ store, user, params }) {
      const target = adminTarget(store, user, params.user_id);
      if (target.is_bot) throw errors.noSuchUser();
      if (!target.is_active) throw errors.userIsDeactivated();
      if (target.role === 100 && user.role !== 100) throw errors.mustBeOwner();
      if (target.role === 100 && activeOwners(store) <= 1) throw errors.lastOwnerDeactivation();
      // actions is dropped below level 459 (a parameter the level did not know).
      const actions = params.actions ?? {};
      deleteSentMessages(store, user.user_id, target.user_id, {
        publicChannels: actions.delete_public_channel_messages === true,
        privateChannels: actions.delete_private_channel_messages === true,
        direct: actions.delete_direct_messages === true,
      });
      deactivateUser(store, target);
      return {};
    },
  }),
  defineRoute<PostUserReactivateParams>({
    method: 'POST',
    path: '/users/{user_id}/reactivate',
    schema: 'post-user-reactivate',
    summary: 'Reactivate a deactivated user (administrators)',
    handler({ store, user, params }) {
      // Reactivating an active user succeeds without a change, as on the real server.
      reactivateUser(store, adminTarget(store, user, params.user_id));
      return {};
    },
  }),
];
