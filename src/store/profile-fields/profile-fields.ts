/** Custom profile fields: the organization's fields, users' values, and the events their changes send. */
import { has } from '../../versions/index.js';
import { renderContent } from '../render.js';
import type { ProfileFieldRecord, RealmState, UserRecord } from '../state.js';
import type { Store } from '../store.js';

/** Field types: API id and the name and label register's custom_profile_field_types lists. */
export const PROFILE_FIELD_TYPES = [
  { key: 'SHORT_TEXT', id: 1, name: 'Text (short)' },
  { key: 'LONG_TEXT', id: 2, name: 'Text (long)' },
  { key: 'SELECT', id: 3, name: 'List of options' },
  { key: 'DATE', id: 4, name: 'Date picker' },
  { key: 'URL', id: 5, name: 'Link' },
  { key: 'USER', id: 6, name: 'Users' },
  { key: 'EXTERNAL_ACCOUNT', id: 7, name: 'External account' },
  { key: 'PRONOUNS', id: 8, name: 'Pronouns' },
] as const;

/** Types whose values are Markdown (they get a rendered_value). */
const RENDERED_TYPES = new Set([1, 2]);

/** register's custom_profile_field_types: {KEY: {id, name}} (PRONOUNS only from its feature level). */
export function profileFieldTypes(featureLevel: number): Record<string, { id: number; name: string }> {
  const out: Record<string, { id: number; name: string }> = {};
  for (const type of PROFILE_FIELD_TYPES) {
    if (type.id === 8 && !has('profile_field_pronouns', featureLevel)) continue;
    out[type.key] = { id: type.id, name: type.name };
  }
  return out;
}

/** A field as the API shows it at this feature level (later fields are left out, as older servers did). */
export function formatProfileField(field: ProfileFieldRecord, featureLevel: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: field.id,
    type: field.type,
    order: field.order,
    name: field.name,
    hint: field.hint,
    field_data: field.field_data,
  };
  if (has('profile_field_summary', featureLevel))
    out.display_in_profile_summary = field.display_in_profile_summary;
  if (has('profile_field_required', featureLevel)) out.required = field.required;
  if (has('profile_field_editable_by_user', featureLevel)) out.editable_by_user = field.editable_by_user;
  return out;
}

/** Every field in display order. */
export function profileFields(state: RealmState): ProfileFieldRecord[] {
  return [...state.profileFields.values()].sort((a, b) => a.order - b.order || a.id - b.id);
}

/** One stored value as user objects carry it: `{value}` plus `rendered_value` for Markdown fields. */
export function profileValue(
  state: RealmState,
  field: ProfileFieldRecord,
  value: string,
): { value: string; rendered_value?: string } {
  if (!RENDERED_TYPES.has(field.type)) return { value };
  return { value, rendered_value: renderContent(state, value).html };
}

/** A user's `profile_data`: field id → value, for the fields they have a value for. */
export function userProfileData(
  state: RealmState,
  user: UserRecord,
): Record<string, { value: string; rendered_value?: string }> {
  const out: Record<string, { value: string; rendered_value?: string }> = {};
  const values = state.profileData.get(user.user_id);
  if (!values) return out;
  for (const [fieldId, value] of values) {
    const field = state.profileFields.get(fieldId);
    if (field) out[String(fieldId)] = profileValue(state, field, value);
  }
  return out;
}

/**
 * Sets (a string) or clears (null) a user's values, already checked, and emits one realm_user/update
 * {custom_profile_field} per value that changed, to every active user.
 */
export function setProfileData(
  store: Store,
  user: UserRecord,
  changes: ReadonlyArray<{ field: ProfileFieldRecord; value: string | null }>,
): void {
  const { state } = store;
  for (const { field, value } of changes) {
    let values = state.profileData.get(user.user_id);
    const before = values?.get(field.id) ?? null;
    if (before === value) continue;
    if (value === null) values?.delete(field.id);
    else {
      if (!values) state.profileData.set(user.user_id, (values = new Map()));
      values.set(field.id, value);
    }
    const change =
      value === null ? { id: field.id, value: null } : { id: field.id, ...profileValue(state, field, value) };
    store.emit(store.activeUserIds(), {
      type: 'realm_user',
      op: 'update',
      person: { user_id: user.user_id, custom_profile_field: change },
    });
  }
}
