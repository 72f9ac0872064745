/**
 * The one error catalogue: every code and message the mock sends, as factories grouped by area.
 * Handlers throw `errors.x(...)`; only the dispatcher turns an ApiError into the JSON envelope.
 */
import { channelsErrors } from './channels.js';
import { coreErrors } from './core.js';
import { groupsErrors } from './groups.js';
import { usersErrors } from './users.js';
import { eventsErrors } from './events.js';
import { messagesErrors } from './messages.js';
import { draftErrors } from './drafts.js';
import { emojiAccountErrors } from './emoji-accounts.js';
import { invitationErrors } from './invitations.js';
import { realmConfigErrors } from './realm-config.js';
import { realmErrors } from './realms.js';
import { scheduledMessageErrors } from './scheduled-messages.js';
import { settingsErrors } from './settings.js';
import { trafficErrors } from './traffic.js';
import { uploadsProfilesErrors } from './uploads-profiles.js';
import { userPreferenceErrors } from './user-preferences.js';
import { viewsFoldersErrors } from './views-folders.js';
import { devicesCallsErrors } from './devices-calls.js';
import { orgSettingsBotErrors } from './org-settings-bots.js';

export { ApiError } from './core.js';

/** Every error factory. Areas add their own module here. */
export const errors = {
  ...coreErrors,
  ...channelsErrors,
  ...groupsErrors,
  ...usersErrors,
  ...eventsErrors,
  ...messagesErrors,
  ...draftErrors,
  ...emojiAccountErrors,
  ...scheduledMessageErrors,
  ...invitationErrors,
  ...realmConfigErrors,
  ...realmErrors,
  ...settingsErrors,
  ...trafficErrors,
  ...userPreferenceErrors,
  ...uploadsProfilesErrors,
  ...viewsFoldersErrors,
  ...devicesCallsErrors,
  ...orgSettingsBotErrors,
} as const;
