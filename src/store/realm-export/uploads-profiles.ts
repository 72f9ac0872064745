/** Custom profile fields (with values) and uploaded files (with their bytes) for a realm export. */
import type { FixtureAttachment, FixtureProfileField } from '../../generated/types.js';
import type { RealmState } from '../state.js';
import { bytesToBase64 } from '../uploads/base64.js';

/** Every custom profile field with the users' values. */
export function exportProfileFields(state: RealmState): FixtureProfileField[] {
  const fields = [...state.profileFields.values()].sort((a, b) => a.id - b.id);
  return fields.map((field) => {
    const values: Record<string, string> = {};
    for (const [userId, userValues] of state.profileData) {
      const value = userValues.get(field.id);
      if (value !== undefined) values[String(userId)] = value;
    }
    return { ...field, type: field.type as FixtureProfileField['type'], values };
  });
}

/** Every uploaded file, its bytes as base64. */
export function exportAttachments(state: RealmState): FixtureAttachment[] {
  return [...state.uploads.values()].map((u) => ({
    id: u.id,
    owner_id: u.owner_id,
    path_id: u.path_id,
    name: u.name,
    content_type: u.content_type,
    create_time: u.create_time,
    content_base64: bytesToBase64(u.content),
  }));
}
