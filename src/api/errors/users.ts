/** User management errors. */
import { ApiError, bad } from './core.js';

/** User error factories. */
export const usersErrors = {
  userIsDeactivated: () => bad('User is deactivated'),
  invalidUserId: (id: number) => bad(`Invalid user ID: ${id}`),
  lastOwnerDeactivation: () =>
    new ApiError('CANNOT_DEACTIVATE_LAST_USER', 'Cannot deactivate the only organization owner.', 400, {
      is_last_owner: true,
      entity: 'organization owner',
    }),
  lastOwnerDemotion: () => bad('The owner permission cannot be removed from the only organization owner.'),
  nameTooLong: () => bad('Name too long!'),
  nameTooShort: () => bad('Name too short!'),
  invalidNameCharacters: () => bad('Invalid characters in name!'),
  noSuchBot: () => bad('No such bot'),
  presenceNotForBots: () => bad('Presence is not supported for bot users.'),
  noPresenceData: (email: string) => bad(`No presence data for ${email}`),
} as const;
