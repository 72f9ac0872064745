/** Snapshot sections of custom profile fields and of the caller's uploaded files. */
import {
  formatProfileField,
  profileFields,
  profileFieldTypes,
} from '../../store/profile-fields/profile-fields.js';
import { userAttachments } from '../../store/uploads/uploads.js';
import type { SnapshotSection } from './context.js';

/** custom_profile_fields (+ the field types) and attachments. */
export const uploadsProfilesSections: SnapshotSection[] = [
  {
    types: ['custom_profile_fields'],
    build: ({ store }) => ({
      custom_profile_fields: profileFields(store.state).map((f) => formatProfileField(f, store.featureLevel)),
      custom_profile_field_types: profileFieldTypes(store.featureLevel),
    }),
  },
  {
    types: ['attachments'],
    build: ({ store, user }) => ({
      attachments: user ? userAttachments(store.state, user.user_id, store.featureLevel) : [],
    }),
  },
];
