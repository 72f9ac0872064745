/** Loads custom profile fields and the users' values from a realm fixture. */
import type { LoadContext } from './context.js';

/** Adds the fixture's fields (order defaults to the list position) and values of existing users. */
export function loadProfileFields({ data, state, userExists }: LoadContext): void {
  for (const [i, f] of (data.custom_profile_fields ?? []).entries()) {
    state.profileFields.set(f.id, {
      id: f.id,
      type: f.type,
      name: f.name,
      hint: f.hint ?? '',
      field_data: f.field_data ?? '',
      order: f.order ?? i + 1,
      display_in_profile_summary: f.display_in_profile_summary ?? false,
      required: f.required ?? false,
      editable_by_user: f.editable_by_user ?? true,
    });
    for (const [userId, value] of Object.entries(f.values ?? {})) {
      const id = Number(userId);
      if (!userExists(id, `/custom_profile_fields/${i}/values/${userId}`)) continue;
      let values = state.profileData.get(id);
      if (!values) state.profileData.set(id, (values = new Map()));
      values.set(f.id, value);
    }
  }
}
