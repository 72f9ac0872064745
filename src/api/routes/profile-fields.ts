/** Custom profile fields: GET /realm/profile_fields, and checking profile_data for PATCH /users/{id}. */
import type { DeleteUsersMeProfileDataParams, PatchUsersMeProfileDataParams } from '../../generated/types.js';
import { isRealmAdmin } from '../../store/access.js';
import {
  formatProfileField,
  profileFields,
  setProfileData,
} from '../../store/profile-fields/profile-fields.js';
import { checkProfileValue } from '../../store/profile-fields/validate.js';
import type { ProfileFieldRecord, RealmState, UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { has } from '../../versions/index.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

/**
 * Checks every `{id, value}` of a profile_data list before anything changes: an unknown field is
 * "Field id N not found.", an invalid value the server's text for its type.
 */
export function checkProfileData(
  state: RealmState,
  items: ReadonlyArray<Record<string, unknown>>,
): Array<{ field: ProfileFieldRecord; value: string | null }> {
  return items.map((item) => {
    const field = typeof item.id === 'number' ? state.profileFields.get(item.id) : undefined;
    if (!field) throw errors.profileFieldNotFound(item.id);
    const checked = checkProfileValue(state, field, item.value);
    if ('refusal' in checked) throw errors.profileValueRefused(field.name, checked.refusal);
    return { field, value: checked.value };
  });
}

/**
 * A field the user may change for themselves: editable_by_user ones or any for administrators (before
 * feature level 296, when the setting did not exist, every field).
 */
function ownField(store: Store, user: UserRecord, id: unknown): ProfileFieldRecord {
  const field = typeof id === 'number' ? store.state.profileFields.get(id) : undefined;
  if (!field) throw errors.profileFieldNotFound(id);
  const restricted = has('profile_field_editable_by_user', store.featureLevel) && !field.editable_by_user;
  if (restricted && !isRealmAdmin(user)) throw errors.profileFieldNotEditable();
  return field;
}

/** GET /realm/profile_fields and the caller's own values (PATCH/DELETE /users/me/profile_data). */
export const profileFieldRoutes = [
  defineRoute({
    method: 'GET',
    path: '/realm/profile_fields',
    schema: 'get-realm-profile-fields',
    summary: "The organization's custom profile fields",
    handler({ store }) {
      return {
        custom_fields: profileFields(store.state).map((f) => formatProfileField(f, store.featureLevel)),
      };
    },
  }),
  defineRoute<PatchUsersMeProfileDataParams>({
    method: 'PATCH',
    path: '/users/me/profile_data',
    schema: 'patch-users-me-profile-data',
    summary: 'Set the caller’s own custom profile field values',
    handler({ store, user, params }) {
      for (const item of params.data) ownField(store, user, item.id);
      setProfileData(store, user, checkProfileData(store.state, params.data));
      return {};
    },
  }),
  defineRoute<DeleteUsersMeProfileDataParams>({
    method: 'DELETE',
    path: '/users/me/profile_data',
    schema: 'delete-users-me-profile-data',
    summary: 'Clear the caller’s own values of some custom profile fields',
    handler({ store, user, params }) {
      const fields = params.data.map((id) => ownField(store, user, id));
      setProfileData(
        store,
        user,
        fields.map((field) => ({ field, value: null })),
      );
      return {};
    },
  }),
];
