/** The realm's in-memory state: records and the indexes that keep hot paths off full scans. */
import type {
  ChannelFolder,
  CodePlayground,
  FixtureRealmEmoji,
  GroupSettingValue,
  Linkifier,
  RealmInfo,
  RealmSettings,
  ReactionType,
  Role,
  TopicsPolicy,
  UserSettings,
} from '../generated/types.js';
import type { UserHistories, UserRows } from './user-rows.js';

/** A user or bot. `email` is derived (see users.ts), so only the delivery address is stored. */
export interface UserRecord {
  user_id: number;
  delivery_email: string;
  full_name: string;
  role: Role;
  is_bot: boolean;
  bot_type: 1 | 2 | 3 | 4 | null;
  bot_owner_id: number | null;
  is_system_bot: boolean;
  is_active: boolean;
  is_billing_admin: boolean;
  date_joined: number;
  timezone: string;
  api_key: string;
  avatar_source: 'G' | 'U' | 'J';
  avatar_version: number;
  settings: Required<UserSettings>;
  /** The password POST /fetch_api_key accepts; accounts without one cannot log in with a password. */
  password?: string;
  /** A bot's default channels (POST / PATCH /bots), by id; absent or null: none. */
  bot_default_sending_stream_id?: number | null;
  bot_default_events_register_stream_id?: number | null;
  /** Whether a bot registers for every public channel by default. */
  bot_default_all_public_streams?: boolean;
}

/** Names of the channel-level group settings. */
export const CHANNEL_GROUP_SETTINGS = [
  'can_add_subscribers_group',
  'can_remove_subscribers_group',
  'can_administer_channel_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_send_message_group',
  'can_subscribe_group',
  'can_resolve_topics_group',
  'can_create_topic_group',
] as const;
export type ChannelGroupSetting = (typeof CHANNEL_GROUP_SETTINGS)[number];

/** A channel (stream). */
export interface ChannelRecord extends Record<ChannelGroupSetting, GroupSettingValue> {
  stream_id: number;
  name: string;
  description: string;
  rendered_description: string;
  invite_only: boolean;
  is_web_public: boolean;
  history_public_to_subscribers: boolean;
  is_archived: boolean;
  is_default: boolean;
  date_created: number;
  creator_id: number | null;
  message_retention_days: number | null;
  topics_policy: TopicsPolicy;
  folder_id: number | null;
}

/** A user's subscription to a channel; `active: false` is a past subscription. */
export interface SubscriptionRecord {
  user_id: number;
  stream_id: number;
  active: boolean;
  color: string;
  is_muted: boolean;
  pin_to_top: boolean;
  desktop_notifications: boolean | null;
  email_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
  push_notifications: boolean | null;
  audible_notifications: boolean | null;
  date_subscribed: number;
}

/** Names of the user-group-level group settings. */
export const USER_GROUP_SETTINGS = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;
export type UserGroupSetting = (typeof USER_GROUP_SETTINGS)[number];

/** A user group; system groups (`role:*`) have members derived from roles. */
export interface UserGroupRecord extends Record<UserGroupSetting, GroupSettingValue> {
  id: number;
  name: string;
  description: string;
  members: Set<number>;
  direct_subgroup_ids: Set<number>;
  is_system_group: boolean;
  deactivated: boolean;
  date_created: number | null;
  creator_id: number | null;
}

/** One emoji reaction by one user. */
export interface ReactionRecord {
  user_id: number;
  emoji_name: string;
  emoji_code: string;
  reaction_type: ReactionType;
}

/** One entry of a message's edit history (newest first in the record). */
export interface EditRecord {
  user_id: number | null;
  timestamp: number;
  prev_content?: string;
  prev_rendered_content?: string;
  prev_stream?: number;
  stream?: number;
  prev_topic?: string;
  topic?: string;
}

/** A stored message. `recipients` are the sorted participant ids of a direct message (sender included). */
export interface MessageRecord {
  id: number;
  sender_id: number;
  type: 'stream' | 'private';
  stream_id: number | null;
  topic: string;
  recipients: number[];
  content: string;
  rendered_content: string;
  timestamp: number;
  client: string;
  is_me_message: boolean;
  reactions: ReactionRecord[];
  edit_history: EditRecord[];
  /** Widget submessages (polls, todo lists) in the order they came; absent while there are none. */
  submessages?: SubmessageRecord[];
  last_edit_timestamp?: number;
  last_moved_timestamp?: number;
  /** User ids mentioned personally (directly or through a group); shared between records, never changed. */
  mentioned_user_ids: ReadonlySet<number>;
  /** Whether a wildcard mention (all/everyone/channel/topic) occurs. */
  wildcard_mention: 'channel' | 'topic' | null;
  has_link: boolean;
  has_image: boolean;
  has_attachment: boolean;
}

/** Per-user message flags as a bitmask, in the API's flag order. */
export const FLAG_BITS = {
  read: 1,
  starred: 2,
  collapsed: 4,
  mentioned: 8,
  stream_wildcard_mentioned: 16,
  topic_wildcard_mentioned: 32,
  wildcard_mentioned: 64,
  has_alert_word: 128,
  historical: 256,
} as const;
export type FlagName = keyof typeof FLAG_BITS;

export interface DraftRecord {
  id: number;
  user_id: number;
  type: '' | 'stream' | 'private';
  to: number[];
  topic: string;
  content: string;
  timestamp: number;
}

export interface SavedSnippetRecord {
  id: number;
  user_id: number;
  title: string;
  content: string;
  date_created: number;
}

/** A submessage attached to a message (a widget's data), as messages carry it. */
export interface SubmessageRecord {
  id: number;
  message_id: number;
  sender_id: number;
  msg_type: string;
  content: string;
}

/** A user's navigation view: a sidebar or More Views entry for a URL fragment (built-in views have no name). */
export interface NavigationViewRecord {
  fragment: string;
  is_pinned: boolean;
  name: string | null;
}

export interface ScheduledMessageRecord {
  scheduled_message_id: number;
  sender_id: number;
  type: 'stream' | 'private';
  to: number | number[];
  topic: string;
  content: string;
  scheduled_delivery_timestamp: number;
  failed: boolean;
  read_by_sender: boolean | null;
  /** Set once delivered: the id of the sent message. */
  delivered_message_id: number | null;
}

export interface InvitationRecord {
  id: number;
  invited_by_user_id: number;
  /** null for a reusable link. */
  email: string | null;
  link_key: string | null;
  invited: number;
  expiry_date: number | null;
  invited_as: Role;
  stream_ids: number[];
  group_ids: number[];
  include_realm_default_subscriptions: boolean;
  notify_referrer_on_join: boolean;
  welcome_message_custom_text: string | null;
  /** The user who accepted it; reusable links stay open. */
  accepted_by: number[];
  revoked: boolean;
}

export interface RealmEmojiRecord {
  id: number;
  name: string;
  source_url: string;
  still_url: string | null;
  deactivated: boolean;
  author_id: number | null;
  /** The uploaded image (POST /realm/emoji/{name}); fixture emoji without one are drawn by the mock. */
  image?: FixtureRealmEmoji['image'];
}

export interface UserTopicRecord {
  user_id: number;
  stream_id: number;
  topic_name: string;
  visibility_policy: number;
  last_updated: number;
}

/** An uploaded file: its bytes stay in memory (bounded by the app's `maxUploadStorage`). */
export interface UploadRecord {
  id: number;
  owner_id: number;
  /** `<realm id>/<2 chars>/<24 chars>/<file name>`: the file's URL is `/user_uploads/<path_id>`. */
  path_id: string;
  /** The file name as uploaded. */
  name: string;
  content_type: string;
  create_time: number;
  /** Never changed once stored (shared between seeded stores, not copied). */
  content: Uint8Array;
}

/** A custom profile field of the organization. */
export interface ProfileFieldRecord {
  id: number;
  type: number;
  name: string;
  hint: string;
  field_data: string;
  order: number;
  display_in_profile_summary: boolean;
  required: boolean;
  editable_by_user: boolean;
}

/** A user's status; `away` is the deprecated flag (from feature level 148 it mirrors presence_enabled). */
export interface UserStatusRecord {
  away: boolean;
  status_text: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: ReactionType;
}

export interface PushTokenRecord {
  user_id: number;
  kind: 'apns';
  token: string;
  appid: string;
}

/** Indexes over messages; every list holds message ids in ascending order. */
export interface MessageIndexes {
  byChannel: Map<number, number[]>;
  /** Key: `${stream_id}\u0000${lowercased topic}`. */
  byTopic: Map<string, number[]>;
  /** The byTopic keys of each channel, so listing a channel's topics never walks every topic. */
  topicKeysByChannel: Map<number, Set<string>>;
  /** Key: comma-joined sorted participant ids. */
  byConversation: Map<string, number[]>;
  /** Messages each user has a personal row for (their history): the ids of their `flags` rows. */
  byUser: UserHistories;
  /** Each user's personal rows: user id → (message id → flag bitmask), ascending by message id. */
  flags: Map<number, UserRows>;
}

/** A logged-in client device: the mock keeps no push keys or tokens for it (it sends no E2EE pushes). */
export interface ClientDeviceRecord {
  id: number;
  user_id: number;
}

/** The whole realm. Records are keyed by id; see store.ts for the change path. */
export interface RealmState {
  realm: Omit<RealmInfo, 'settings' | 'user_settings_defaults'>;
  settings: Required<RealmSettings>;
  userSettingsDefaults: Required<UserSettings>;
  users: Map<number, UserRecord>;
  usersByApiKey: Map<string, UserRecord>;
  usersByEmail: Map<string, UserRecord>;
  channels: Map<number, ChannelRecord>;
  channelsByName: Map<string, ChannelRecord>;
  /** user id → stream id → subscription (active or past). */
  subscriptions: Map<number, Map<number, SubscriptionRecord>>;
  /** stream id → ids of active subscribers. */
  subscribers: Map<number, Set<number>>;
  groups: Map<number, UserGroupRecord>;
  systemGroupIds: Map<string, number>;
  messages: Map<number, MessageRecord>;
  index: MessageIndexes;
  realmEmoji: Map<number, RealmEmojiRecord>;
  linkifiers: Linkifier[];
  playgrounds: Map<number, CodePlayground>;
  channelFolders: Map<number, ChannelFolder>;
  drafts: Map<number, DraftRecord>;
  savedSnippets: Map<number, SavedSnippetRecord>;
  scheduledMessages: Map<number, ScheduledMessageRecord>;
  /** Owner user id → ids of their drafts, saved snippets and scheduled messages (kept by the change paths). */
  byOwner: {
    drafts: Map<number, Set<number>>;
    savedSnippets: Map<number, Set<number>>;
    scheduledMessages: Map<number, Set<number>>;
  };
  invitations: Map<number, InvitationRecord>;
  userTopics: Map<string, UserTopicRecord>;
  pushTokens: PushTokenRecord[];
  /** device id → the logged-in client device it names (POST /register_client_device, feature level 468). */
  clientDevices: Map<number, ClientDeviceRecord>;
  /** user id → navigation views, in creation order (users without any have no entry). */
  navigationViews: Map<number, NavigationViewRecord[]>;
  /** user id → alert words, in the order they were added (users without any have no entry). */
  alertWords: Map<number, string[]>;
  /** user id → muted user id → when it was muted (UNIX seconds), in muting order. */
  mutedUsers: Map<number, Map<number, number>>;
  /** user id → status (users who never set one have no entry). */
  userStatuses: Map<number, UserStatusRecord>;
  uploads: Map<number, UploadRecord>;
  profileFields: Map<number, ProfileFieldRecord>;
  /** user id → field id → value (as the API takes it: text, a select option key, a JSON list of user ids). */
  profileData: Map<number, Map<number, string>>;
}
