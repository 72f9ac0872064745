/** The route table: every endpoint the mock implements, in one list. */
import type { Route } from '../route.js';
import { accountRoutes } from './accounts.js';
import { avatarRoutes } from './avatar.js';
import { userAvatarRoutes } from './user-avatars.js';
import { draftRoutes } from './drafts.js';
import { inviteRoutes } from './invites.js';
import { messageRoutes } from './messages.js';
import { pushTokenRoutes } from './push-tokens.js';
import { realmConfigRoutes } from './realm-config.js';
import { realmEmojiRoutes } from './realm-emoji.js';
import { realmFilterLegacyRoutes } from './realm-filters-legacy.js';
import { savedSnippetRoutes } from './saved-snippets.js';
import { navigationViewRoutes } from './navigation-views.js';
import { channelFolderRoutes } from './channel-folders.js';
import { submessageRoutes } from './submessage.js';
import { scheduledMessageRoutes } from './scheduled-messages.js';
import { settingsRoutes } from './settings.js';
import { eventsRoutes } from './events.js';
import { controlRoutes } from './svc-mock-control.js';
import { restartRoutes } from './svc-mock-restart.js';
import { realmSettingsRoutes } from './realm-settings.js';
import { botManageRoutes } from './bots-manage.js';
import { faultRoutes } from './svc-mock-faults.js';
import { inspectRoutes } from './svc-mock-inspect.js';
import { presenceRoutes } from './presence.js';
import { registerRoutes } from './register.js';
import { serverRoutes } from './server.js';
import { typingRoutes } from './typing.js';
import { userRoutes } from './users.js';
import { streamRoutes } from './streams.js';
import { subscriptionRoutes } from './subscriptions.js';
import { topicRoutes } from './topics.js';
import { userGroupRoutes } from './user-groups.js';
import { uploadRoutes } from './uploads.js';
import { temporaryUploadRoutes } from './uploads-temporary.js';
import { readReceiptRoutes } from './read-receipts.js';
import { profileFieldRoutes } from './profile-fields.js';
import { legacyAliasRoutes } from './legacy-aliases.js';
import { profileFieldAdminRoutes } from './profile-fields-admin.js';
import { alertWordRoutes } from './alert-words.js';
import { mutedUserRoutes } from './muted-users.js';
import { userStatusRoutes } from './user-status.js';
import { userPresenceRoutes } from './user-presence.js';
import { botRoutes } from './bots.js';
import { clientDeviceRoutes } from './client-devices.js';
import { callRoutes } from './calls.js';
import { userChannelRoutes } from './user-channels.js';

/** All routes; the dispatcher, the README table and `svc-mock routes` read this list. */
export const routes: readonly Route[] = [
  ...serverRoutes,
  ...userRoutes,
  ...streamRoutes,
  ...subscriptionRoutes,
  ...topicRoutes,
  ...userGroupRoutes,
  ...registerRoutes,
  ...eventsRoutes,
  ...typingRoutes,
  ...presenceRoutes,
  ...userPresenceRoutes,
  ...botRoutes,
  ...clientDeviceRoutes,
  ...callRoutes,
  ...userChannelRoutes,
  ...alertWordRoutes,
  ...mutedUserRoutes,
  ...userStatusRoutes,
  ...draftRoutes,
  ...savedSnippetRoutes,
  ...navigationViewRoutes,
  ...channelFolderRoutes,
  ...submessageRoutes,
  ...scheduledMessageRoutes,
  ...inviteRoutes,
  ...realmConfigRoutes,
  ...realmFilterLegacyRoutes,
  ...realmEmojiRoutes,
  ...accountRoutes,
  ...settingsRoutes,
  ...pushTokenRoutes,
  ...avatarRoutes,
  ...userAvatarRoutes,
  ...messageRoutes,
  ...readReceiptRoutes,
  ...uploadRoutes,
  ...temporaryUploadRoutes,
  ...profileFieldRoutes,
  ...profileFieldAdminRoutes,
  ...legacyAliasRoutes,
  ...faultRoutes,
  ...controlRoutes,
  ...restartRoutes,
  ...realmSettingsRoutes,
  ...botManageRoutes,
  ...inspectRoutes,
] as Route[];
