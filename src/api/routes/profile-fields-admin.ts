/**
 * Administrators' custom profile field endpoints: POST and PATCH (reorder) /realm/profile_fields, PATCH and
 * DELETE /realm/profile_fields/{field_id}.
 */
import type {
  DeleteRealmProfileFieldsFieldIdParams,
  PatchRealmProfileFieldsFieldIdParams,
  PatchRealmProfileFieldsParams,
  PostRealmProfileFieldsParams,
} from '../../generated/types.js';
import { isRealmAdmin } from '../../store/access.js';
import {
  createProfileField,
  deleteProfileField,
  reorderProfileFields,
  updateProfileField,
} from '../../store/profile-fields/admin.js';
import { PROFILE_FIELD_TYPES } from '../../store/profile-fields/profile-fields.js';
import type { ProfileFieldRecord, RealmState, UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { has } from '../../versions/index.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

const MAX_SUMMARY_FIELDS = 2;

function adminOnly(user: UserRecord): void {
  if (!isRealmAdmin(user)) throw errors.mustBeAdmin();
}

function findField(state: RealmState, id: number): ProfileFieldRecord {
  const field = state.profileFields.get(id);
  if (!field) throw errors.profileFieldNotFound(id);
  return field;
}

/** A checked, trimmed label not used by another field. */
function checkName(state: RealmState, name: string, self?: ProfileFieldRecord): string {
  const trimmed = name.trim();
  if (trimmed === '') throw errors.profileLabelBlank();
  for (const f of state.profileFields.values())
    if (f !== self && f.name.toLowerCase() === trimmed.toLowerCase()) throw errors.profileLabelTaken();
  return trimmed;
}

/** field_data as stored (JSON text): select fields need at least one option {text, order}. */
function checkFieldData(type: number, data: Record<string, unknown> | undefined): string {
  if (type === 3) {
    const options = Object.entries(data ?? {});
    if (options.length === 0) throw errors.noChoices();
    for (const [key, option] of options) {
      const o = option as Record<string, unknown> | null;
      if (typeof o?.text !== 'string' || o.text.trim() === '' || typeof o.order !== 'string')
        throw errors.invalidValue(`field_data["${key}"]`);
    }
  }
  return data === undefined || Object.keys(data).length === 0 ? '' : JSON.stringify(data);
}

/** At most two fields may show in the profile summary. */
function checkSummary(state: RealmState, wanted: boolean | undefined, self?: ProfileFieldRecord): void {
  if (!wanted) return;
  let count = 0;
  for (const f of state.profileFields.values()) if (f !== self && f.display_in_profile_summary) count++;
  if (count >= MAX_SUMMARY_FIELDS) throw errors.tooManySummaryFields();
}

function knownType(store: Store, type: number): boolean {
  if (type === 8 && !has('profile_field_pronouns', store.featureLevel)) return false;
  return PROFILE_FIELD_TYPES.some((t) => t.id === type);
}

/** Administrators' custom profile field endpoints. */
export const profileFieldAdminRoutes = [
  defineRoute<PostRealmProfileFieldsParams>({
    method: 'POST',
    path: '/realm/profile_fields',
    schema: 'post-realm-profile-fields',
    summary: 'Create a custom profile field (administrators)',
    handler({ store, user, params }) {
      adminOnly(user);
      if (!knownType(store, params.field_type)) throw errors.invalidProfileFieldType();
      const name = checkName(store.state, params.name ?? '');
      const fieldData = checkFieldData(params.field_type, params.field_data);
      checkSummary(store.state, params.display_in_profile_summary);
      const field = createProfileField(store, {
        type: params.field_type,
        name,
        hint: params.hint ?? '',
        field_data: fieldData,
        display_in_profile_summary: params.display_in_profile_summary ?? false,
        required: params.required ?? false,
        editable_by_user: params.editable_by_user ?? true,
      });
      return { id: field.id };
    },
  }),
  defineRoute<PatchRealmProfileFieldsParams>({
    method: 'PATCH',
    path: '/realm/profile_fields',
    schema: 'patch-realm-profile-fields',
    summary: 'Reorder the custom profile fields (administrators)',
    handler({ store, user, params }) {
      adminOnly(user);
      const ids = new Set(params.order);
      const all = store.state.profileFields;
      if (
        ids.size !== params.order.length ||
        ids.size !== all.size ||
        params.order.some((id) => !all.has(id))
      )
        throw errors.invalidOrderMapping();
      reorderProfileFields(store, params.order);
      return {};
    },
  }),
  defineRoute<PatchRealmProfileFieldsFieldIdParams>({
    method: 'PATCH',
    path: '/realm/profile_fields/{field_id}',
    schema: 'patch-realm-profile-fields-field-id',
    summary: 'Change a custom profile field (administrators)',
    handler({ store, user, params }) {
      adminOnly(user);
      const field = findField(store.state, params.field_id);
      const changes: Partial<ProfileFieldRecord> = {};
      if (params.name !== undefined) changes.name = checkName(store.state, params.name, field);
      if (params.field_data !== undefined) changes.field_data = checkFieldData(field.type, params.field_data);
      checkSummary(store.state, params.display_in_profile_summary, field);
      if (params.hint !== undefined) changes.hint = params.hint;
      if (params.display_in_profile_summary !== undefined)
        changes.display_in_profile_summary = params.display_in_profile_summary;
      if (params.required !== undefined) changes.required = params.required;
      if (params.editable_by_user !== undefined) changes.editable_by_user = params.editable_by_user;
      updateProfileField(store, field, changes);
      return {};
    },
  }),
  defineRoute<DeleteRealmProfileFieldsFieldIdParams>({
    method: 'DELETE',
    path: '/realm/profile_fields/{field_id}',
    schema: 'delete-realm-profile-fields-field-id',
    summary: 'Delete a custom profile field and its values (administrators)',
    handler({ store, user, params }) {
      adminOnly(user);
      deleteProfileField(store, findField(store.state, params.field_id));
      return {};
    },
  }),
];
