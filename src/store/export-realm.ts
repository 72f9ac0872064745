/**
 * exportRealm: the inverse of the loader. Builds a realm fixture from a live store that loads back into an
 * equivalent state; it walks the whole state, so it is meant for snapshots, never for a request's hot path.
 */
import type { CompleteRealmFixture } from './realm-fixture.js';
import { exportChannelFolders, exportChannels, exportSubscriptions } from './realm-export/channels.js';
import { exportUserGroups } from './realm-export/groups.js';
import { exportMessages } from './realm-export/messages.js';
import {
  exportDrafts,
  exportLinkifiers,
  exportPlaygrounds,
  exportRealmEmoji,
  exportSavedSnippets,
  exportScheduledMessages,
  exportUserTopics,
} from './realm-export/personal.js';
import { exportRealmInfo } from './realm-export/settings.js';
import { exportAlertWords, exportMutedUsers, exportUserStatuses } from './realm-export/user-preferences.js';
import { exportUsers } from './realm-export/users.js';
import { exportAttachments, exportProfileFields } from './realm-export/uploads-profiles.js';
import type { Store } from './store.js';

/**
 * The store's whole state as a realm fixture (schema src/schemas/realm.json), loadable with `--realm` or
 * `PreparedRealm.from`. What the format cannot hold is listed in docs/serving.md ("Persistence").
 * @example
 * const fixture = exportRealm(app.store);
 * const copy = createApp({ realm: fixture });
 */
export function exportRealm(store: Store): CompleteRealmFixture {
  const { state } = store;
  return {
    format: 'svc-mock-realm/1',
    realm: exportRealmInfo(state),
    users: exportUsers(state),
    channels: exportChannels(state),
    subscriptions: exportSubscriptions(state),
    user_groups: exportUserGroups(state),
    messages: exportMessages(state),
    realm_emoji: exportRealmEmoji(state),
    linkifiers: exportLinkifiers(state),
    playgrounds: exportPlaygrounds(state),
    channel_folders: exportChannelFolders(state),
    drafts: exportDrafts(state),
    saved_snippets: exportSavedSnippets(state),
    scheduled_messages: exportScheduledMessages(state),
    user_topics: exportUserTopics(state),
    alert_words: exportAlertWords(state),
    muted_users: exportMutedUsers(state),
    user_status: exportUserStatuses(state),
    custom_profile_fields: exportProfileFields(state),
    attachments: exportAttachments(state),
  };
}
