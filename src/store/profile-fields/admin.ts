/** Administrators' changes to the custom profile fields, each followed by custom_profile_fields to everyone. */
import type { ProfileFieldRecord } from '../state.js';
import type { Store } from '../store.js';
import { formatProfileField, profileFields } from './profile-fields.js';

/** What a new field or a change sets (checked by the caller). */
export type ProfileFieldSpec = Omit<ProfileFieldRecord, 'id' | 'order'>;

/** Sends the full list of fields to every active user. */
function emitFields(store: Store): void {
  const fields = profileFields(store.state).map((f) => formatProfileField(f, store.featureLevel));
  store.emit(store.activeUserIds(), { type: 'custom_profile_fields', fields });
}

/** Adds a field after the others. */
export function createProfileField(store: Store, spec: ProfileFieldSpec): ProfileFieldRecord {
  let last = 0;
  for (const f of store.state.profileFields.values()) last = Math.max(last, f.order);
  const field: ProfileFieldRecord = { ...spec, id: store.nextId('profile_field'), order: last + 1 };
  store.state.profileFields.set(field.id, field);
  emitFields(store);
  return field;
}

/** Changes a field's settings (its type never changes). */
export function updateProfileField(
  store: Store,
  field: ProfileFieldRecord,
  changes: Partial<Omit<ProfileFieldSpec, 'type'>>,
): void {
  Object.assign(field, changes);
  emitFields(store);
}

/** Removes a field and every user's value of it. */
export function deleteProfileField(store: Store, field: ProfileFieldRecord): void {
  store.state.profileFields.delete(field.id);
  for (const values of store.state.profileData.values()) values.delete(field.id);
  emitFields(store);
}

/** Puts the fields in the order of `ids` (every field's id, each once). */
export function reorderProfileFields(store: Store, ids: readonly number[]): void {
  ids.forEach((id, i) => {
    store.state.profileFields.get(id)!.order = i + 1;
  });
  emitFields(store);
}
