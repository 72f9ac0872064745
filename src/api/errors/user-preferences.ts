/** Errors of the caller's own preferences about others: muted users and their status. */
import { bad } from './core.js';

/** Muted-user and user-status error factories. */
export const userPreferenceErrors = {
  cannotMuteSelf: () => bad('Cannot mute self'),
  userAlreadyMuted: () => bad('User already muted'),
  userNotMuted: () => bad('User is not muted'),
  statusNoNewValues: () => bad('Client did not pass any new values.'),
  statusEmojiNameRequired: () =>
    bad('Client must pass emoji_name if they pass either emoji_code or reaction_type.'),
} as const;
