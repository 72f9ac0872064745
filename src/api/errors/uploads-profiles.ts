/** Errors of file uploads, read receipts and custom profile fields. */
import type { ProfileValueRefusal } from '../../store/profile-fields/validate.js';
import { bad } from './core.js';

/** Upload, attachment, read-receipt and profile-field error factories. */
export const uploadsProfilesErrors = {
  noFileUploaded: () => bad('You must specify a file to upload'),
  tooManyFiles: () => bad('You may only upload one file at a time'),
  fileTooLarge: (mib: number) => bad(`Uploaded file is larger than the allowed limit of ${mib} MiB`),
  uploadQuotaExceeded: () => bad("Upload would exceed your organization's upload quota."),
  invalidAttachment: () => bad('Invalid attachment'),
  readReceiptsDisabled: () => bad('Read receipts are disabled in this organization.'),
  profileFieldNotEditable: () =>
    bad('You are not allowed to change this field. Contact an administrator to update it.'),
  profileLabelBlank: () => bad('Label cannot be blank.'),
  profileLabelTaken: () => bad('A field with that label already exists.'),
  invalidProfileFieldType: () => bad('Invalid field type.'),
  tooManySummaryFields: () => bad('Only 2 custom profile fields can be displayed in the profile summary.'),
  noChoices: () => bad('Field must have at least one choice.'),
  invalidOrderMapping: () => bad('Invalid order mapping.'),
  profileFieldNotFound: (id: unknown) => bad(`Field id ${String(id)} not found.`),
  profileValueRefused: (fieldName: string, refusal: ProfileValueRefusal) => {
    switch (refusal.kind) {
      case 'too_long':
        return bad(`${fieldName} is too long (limit: ${refusal.limit} characters)`);
      case 'not_a_date':
        return bad(`${fieldName} is not a date`);
      case 'not_a_url':
        return bad(`${fieldName} is not a URL`);
      case 'bad_choice':
        return bad(`'${refusal.value}' is not a valid choice for '${fieldName}'.`);
      case 'not_a_list':
        return bad(`${fieldName} is not a list`);
      case 'invalid_user':
        return bad(`Invalid user ID: ${String(refusal.id)}`);
      case 'not_a_string':
        return bad(`${fieldName} is not a string`);
    }
  },
} as const;
