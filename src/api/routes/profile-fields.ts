/** Custom profile fields: GET /realm/profile_fields, and checking profile_data for PATCH /users/{id}. */
import { formatProfileField, profileFields } from '../../store/profile-fields/profile-fields.js';
import { checkProfileValue } from '../../store/profile-fields/validate.js';
import type { ProfileFieldRecord, RealmState } from '../../store/state.js';
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
];
