/**
 * Response fields by feature level: which field of which object a level did not send yet, under which older
 * name it was sent, and since when a group-setting value may be an object instead of a group id.
 *
 * The levels come from src/versions/table.ts (each rule names a behaviour). Formatters build the newest
 * shape and call {@link trimFields} with the level being served; the schemas of src/schemas describe the
 * newest shape and src/schema/level-schemas.ts derives each level's schema from the same rules.
 */
import {
  NEWEST_FEATURE_LEVEL,
  has,
  levelOf,
  BEHAVIOURS,
  type Behaviour,
  type BehaviourName,
} from './index.js';

/** The objects whose fields depend on the level. */
export type ObjectKind =
  | 'channel'
  | 'subscription'
  | 'user_group'
  | 'linkifier'
  | 'register'
  | 'user_settings'
  | 'user_group_created'
  | 'subscribed'
  | 'server_settings'
  | 'stream_delete_event'
  | 'user'
  | 'bot';

/**
 * When one field appeared, and how it looked before: absent (neither `oldName` nor `oldValue`), under an
 * older name, or under the same name with an older value (`oldValue` alone). A field that a later level
 * removed again has a `since` behaviour with `until` in the table: from that level on it is absent too, and
 * formatters leave it out themselves there (the newest shape never carries it).
 */
export interface FieldRule {
  /** The behaviour whose level first sends the field under its current name and in its current form. */
  readonly since: BehaviourName;
  /** The field's name before `since` (sent from `oldSince` on, or always when `oldSince` is absent). */
  readonly oldName?: string;
  /** The behaviour whose level first sent the field in its older form. */
  readonly oldSince?: BehaviourName;
  /** The older value, from the current one (unchanged when absent). */
  readonly oldValue?: (value: unknown) => unknown;
  /** The name of the older form before `oldSince` (absent there when not given). */
  readonly firstName?: string;
}

/** A group-setting field whose value was a plain group id before a level. */
export interface IdSettingRule {
  readonly field: string;
  readonly objectsSince: BehaviourName;
}

const CHANNEL_FIELDS: Readonly<Record<string, FieldRule>> = {
  stream_post_policy: { since: 'stream_post_policy' },
  stream_weekly_traffic: { since: 'field_stream_weekly_traffic' },
  can_remove_subscribers_group: {
    since: 'field_can_remove_subscribers_group',
    oldName: 'can_remove_subscribers_group_id',
    oldSince: 'field_can_remove_subscribers_group_id',
  },
  creator_id: { since: 'field_channel_creator_id' },
  is_archived: { since: 'field_channel_is_archived' },
  is_recently_active: { since: 'field_channel_is_recently_active' },
  can_administer_channel_group: { since: 'field_can_administer_channel_group' },
  can_send_message_group: { since: 'field_can_send_message_group' },
  can_add_subscribers_group: { since: 'field_can_add_subscribers_group' },
  can_subscribe_group: { since: 'field_can_subscribe_group' },
  folder_id: { since: 'field_channel_folder_id' },
  topics_policy: { since: 'field_channel_topics_policy' },
  subscriber_count: { since: 'field_subscriber_count' },
  can_move_messages_out_of_channel_group: { since: 'field_can_move_messages_channel_groups' },
  can_move_messages_within_channel_group: { since: 'field_can_move_messages_channel_groups' },
  can_resolve_topics_group: { since: 'field_can_resolve_topics_group' },
  can_delete_any_message_group: { since: 'field_can_delete_message_channel_groups' },
  can_delete_own_message_group: { since: 'field_can_delete_message_channel_groups' },
  can_create_topic_group: { since: 'field_can_create_topic_group' },
};

/** Authentication methods as booleans (enabled), the register shape before level 243. */
export function enabledFlags(methods: unknown): unknown {
  if (!methods || typeof methods !== 'object') return methods;
  return Object.fromEntries(
    Object.entries(methods).map(([name, m]) => [name, typeof m === 'object' && m ? Boolean(m.enabled) : m]),
  );
}

/** No limit as 0 instead of null, the encoding of the edit and delete time limits before levels 138 and 100. */
export function nullAsZero(value: unknown): unknown {
  return value === null ? 0 : value;
}

/** Unlimited message retention as null instead of -1, the register encoding before level 22. */
export function minusOneAsNull(value: unknown): unknown {
  return value === -1 ? null : value;
}

/** A quota in MiB as bytes, the register unit before level 251. */
export function mibAsBytes(value: unknown): unknown {
  return typeof value === 'number' ? value * 1024 * 1024 : value;
}

/**
 * An RFC 6570 URL template as the older Python format string: `{name}` (with any operator) becomes `%(name)s`
 * and a literal `%` is doubled; an expression of several variables keeps its first (the old format had one).
 */
export function urlFormatString(template: unknown): unknown {
  if (typeof template !== 'string') return template;
  return template
    .split(/(\{[^}]*\})/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replaceAll('%', '%%');
      const name = part
        .slice(1, -1)
        .replace(/^[+#./;?&]/, '')
        .split(',')[0]!
        .replace(/[:*].*$/, '');
      return `%(${name})s`;
    })
    .join('');
}

/** Register keys of levels 1 to 218 (the API changelog), as far as the mock sends them. */
const REGISTER_FIELDS_BEFORE_218: Readonly<Record<string, FieldRule>> = {
  ...Object.fromEntries(
    [
      'development_environment',
      'server_generation',
      'password_min_length',
      'password_min_guesses',
      'max_file_upload_size_mib',
      'max_avatar_file_size_mib',
      'server_inline_image_preview',
      'server_inline_url_embed_preview',
      'server_avatar_changes_disabled',
      'server_name_changes_disabled',
    ].map((key): [string, FieldRule] => [key, { since: 'field_server_settings_in_register' }]),
  ),
  realm_message_retention_days: {
    since: 'field_realm_message_retention_unlimited',
    oldValue: minusOneAsNull,
  },
  is_owner: { since: 'field_register_is_owner' },
  realm_wildcard_mention_policy: { since: 'field_wildcard_mention_policy' },
  realm_playgrounds: { since: 'field_realm_playgrounds' },
  realm_invite_to_realm_policy: { since: 'field_invite_to_realm_policy' },
  can_invite_others_to_realm: { since: 'field_can_invite_others_to_realm' },
  max_topic_length: { since: 'field_register_max_lengths' },
  max_message_length: { since: 'field_register_max_lengths' },
  // Before 53 in the stream section under these older names.
  max_stream_name_length: { since: 'field_register_max_lengths', oldName: 'stream_name_max_length' },
  max_stream_description_length: {
    since: 'field_register_max_lengths',
    oldName: 'stream_description_max_length',
  },
  realm_linkifiers: { since: 'field_realm_linkifiers' },
  // Renamed realm_gif_rating_policy at 453; the choices were renamed twice (442, 453): the realm section
  // sends the name of the level.
  realm_gif_rating_policy: {
    since: 'field_gif_rating_policy',
    oldName: 'realm_giphy_rating',
    oldSince: 'field_giphy_rating',
  },
  giphy_rating_options: { since: 'field_giphy_rating_options_name' },
  gif_rating_options: { since: 'field_gif_rating_options_name' },
  gif_rating_policy_options: { since: 'field_gif_rating_policy' },
  realm_move_messages_between_streams_policy: { since: 'field_move_between_streams_policy' },
  is_moderator: { since: 'field_is_moderator' },
  server_timestamp: { since: 'field_presence_server_timestamp' },
  max_icon_file_size_mib: { since: 'field_file_size_mib_names', oldName: 'max_icon_file_size' },
  max_logo_file_size_mib: { since: 'field_file_size_mib_names', oldName: 'max_logo_file_size' },
  server_needs_upgrade: { since: 'field_server_needs_upgrade' },
  event_queue_longpoll_timeout_seconds: { since: 'field_server_needs_upgrade' },
  realm_edit_topic_policy: { since: 'field_edit_topic_policy' },
  realm_add_custom_emoji_policy: { since: 'field_add_custom_emoji_policy' },
  drafts: { since: 'field_drafts' },
  user_settings: { since: 'field_user_settings_object' },
  realm_user_settings_defaults: { since: 'field_realm_user_settings_defaults' },
  realm_message_content_delete_limit_seconds: { since: 'field_delete_limit_null', oldValue: nullAsZero },
  realm_delete_own_message_policy: { since: 'field_delete_own_message_policy' },
  realm_create_public_stream_policy: {
    since: 'field_create_stream_policy_split',
    oldName: 'realm_create_stream_policy',
  },
  realm_create_private_stream_policy: { since: 'field_create_stream_policy_split' },
  realm_create_web_public_stream_policy: { since: 'field_web_public_stream_policy' },
  can_create_web_public_streams: { since: 'field_web_public_stream_policy' },
  realm_enable_spectator_access: { since: 'field_spectator_access' },
  server_web_public_streams_enabled: { since: 'field_server_web_public_streams' },
  realm_org_type: { since: 'field_realm_org_type' },
  realm_want_advertise_in_communities_directory: { since: 'field_communities_directory' },
  user_topics: { since: 'field_user_topics' },
  realm_enable_read_receipts: { since: 'field_read_receipts_setting' },
  realm_message_content_edit_limit_seconds: { since: 'field_edit_limit_null', oldValue: nullAsZero },
  realm_move_messages_within_stream_limit_seconds: { since: 'field_move_limits' },
  realm_move_messages_between_streams_limit_seconds: { since: 'field_move_limits' },
  scheduled_messages: { since: 'field_scheduled_messages' },
};

/** Personal settings of levels 1 to 235 (in user_settings, the flat register keys and the defaults). */
const SETTINGS_BEFORE_218: Readonly<Record<string, FieldRule>> = {
  presence_enabled: { since: 'field_presence_enabled' },
  email_notifications_batching_period_seconds: { since: 'field_email_batching_period' },
  enable_drafts_synchronization: { since: 'field_drafts' },
  send_private_typing_notifications: { since: 'field_privacy_typing_settings' },
  send_stream_typing_notifications: { since: 'field_privacy_typing_settings' },
  send_read_receipts: { since: 'field_privacy_typing_settings' },
  display_emoji_reaction_users: { since: 'field_display_emoji_reaction_users' },
  user_list_style: { since: 'field_user_list_style' },
  email_address_visibility: { since: 'field_user_email_address_visibility' },
  realm_name_in_email_notifications_policy: { since: 'field_realm_name_in_email_notifications_policy' },
  enable_followed_topic_desktop_notifications: { since: 'field_followed_topic_notifications' },
  enable_followed_topic_email_notifications: { since: 'field_followed_topic_notifications' },
  enable_followed_topic_push_notifications: { since: 'field_followed_topic_notifications' },
  enable_followed_topic_audible_notifications: { since: 'field_followed_topic_notifications' },
  enable_followed_topic_wildcard_mentions_notify: { since: 'field_followed_topic_notifications' },
  automatically_follow_topics_policy: { since: 'field_automatic_follow_policies' },
  automatically_unmute_topics_in_muted_streams_policy: { since: 'field_automatic_follow_policies' },
  automatically_follow_topics_where_mentioned: { since: 'field_follow_topics_where_mentioned' },
};

/** Register keys of levels 221 to 503 that the web app's state schemas and the published schema require. */
const REGISTER_FIELDS_AFTER_220: Readonly<Record<string, FieldRule>> = {
  server_supported_permission_settings: { since: 'field_server_supported_permission_settings' },
  server_thumbnail_formats: { since: 'field_server_thumbnail_formats' },
  server_min_deactivated_realm_deletion_days: { since: 'field_realm_deletion_days' },
  server_max_deactivated_realm_deletion_days: { since: 'field_realm_deletion_days' },
  password_max_length: { since: 'field_password_max_length' },
  server_can_summarize_topics: { since: 'field_server_can_summarize_topics' },
  realm_billing: { since: 'field_realm_billing' },
  reminders: { since: 'field_reminders' },
  // Sent from 406 to 467 only (devices replaced it).
  push_devices: { since: 'field_push_devices' },
  realm_require_e2ee_push_notifications: { since: 'field_realm_require_e2ee_push_notifications' },
  realm_send_channel_events_messages: { since: 'field_realm_send_channel_events_messages' },
  server_report_message_types: { since: 'field_server_report_message_types' },
  realm_owner_full_content_access: { since: 'field_realm_owner_full_content_access' },
  tenor_api_key: { since: 'field_tenor_api_key' },
  realm_default_avatar_source: { since: 'field_realm_default_avatar_source' },
  realm_uuid: { since: 'field_realm_uuid' },
  devices: { since: 'field_devices' },
  realm_media_preview_size: { since: 'field_realm_media_preview_size' },
  realm_workplace_users_group: { since: 'field_realm_workplace_users_group' },
  idle_queue_timeout_secs: { since: 'idle_queue_timeout' },
  klipy_api_key: { since: 'field_klipy_api_key' },
  has_webex_token: { since: 'field_has_webex_token' },
};

/** Object kind -> field -> the rule of its level. Iterated by the tests: every entry is checked. */
export const FIELDS: Readonly<Record<ObjectKind, Readonly<Record<string, FieldRule>>>> = {
  channel: CHANNEL_FIELDS,
  subscription: {
    // Subscriptions carried stream_weekly_traffic long before channel objects did (level 199).
    ...Object.fromEntries(Object.entries(CHANNEL_FIELDS).filter(([k]) => k !== 'stream_weekly_traffic')),
    partial_subscribers: { since: 'field_partial_subscribers' },
  },
  user_group: {
    direct_subgroup_ids: { since: 'field_direct_subgroup_ids' },
    can_mention_group: {
      since: 'field_can_mention_group',
      oldName: 'can_mention_group_id',
      oldSince: 'field_can_mention_group_id',
    },
    can_manage_group: { since: 'field_can_manage_group' },
    deactivated: { since: 'field_group_deactivated' },
    creator_id: { since: 'field_group_creator' },
    date_created: { since: 'field_group_creator' },
    can_join_group: { since: 'field_can_join_group' },
    can_add_members_group: { since: 'field_can_add_members_group' },
    can_leave_group: { since: 'field_can_leave_group' },
    can_remove_members_group: { since: 'field_can_remove_members_group' },
  },
  linkifier: {
    url_template: {
      since: 'field_linkifier_url_template',
      oldName: 'url_format_string',
      oldValue: urlFormatString,
    },
    example_input: { since: 'linkifier_reverse_template' },
    reverse_template: { since: 'linkifier_reverse_template' },
    alternative_url_templates: { since: 'linkifier_alternative_url_templates' },
  },
  user_group_created: { group_id: { since: 'field_created_group_id' } },
  subscribed: { new_subscription_messages_sent: { since: 'field_new_subscription_messages_sent' } },
  server_settings: { realm_url: { since: 'field_realm_url' } },
  stream_delete_event: { stream_ids: { since: 'field_stream_delete_ids' } },
  user: {
    role: { since: 'field_user_role' },
    // Sent from level 73 to 362 only.
    is_billing_admin: { since: 'field_user_is_billing_admin' },
    is_imported_stub: { since: 'field_user_is_imported_stub' },
    is_deleted: { since: 'field_user_is_deleted' },
  },
  // Bot objects lost these fields at 474 (clients read them from the user object); formatBot adds them below.
  bot: Object.fromEntries(
    ['api_key', 'avatar_url', 'bot_type', 'email', 'full_name', 'is_active', 'owner_id'].map(
      (field): [string, FieldRule] => [field, { since: 'bot_user_fields' }],
    ),
  ),
  register: {
    ...REGISTER_FIELDS_BEFORE_218,
    realm_url: { since: 'field_realm_url' },
    realm_authentication_methods: {
      since: 'field_realm_authentication_methods_dicts',
      oldValue: enabledFlags,
    },
    // In bytes before 251, and named realm_upload_quota before 72.
    realm_upload_quota_mib: {
      since: 'field_upload_quota_mib',
      oldValue: mibAsBytes,
      oldSince: 'field_file_size_mib_names',
      firstName: 'realm_upload_quota',
    },
    realm_new_stream_announcements_stream_id: {
      since: 'field_realm_announcements_streams',
      oldName: 'realm_notifications_stream_id',
    },
    realm_signup_announcements_stream_id: {
      since: 'field_realm_announcements_streams',
      oldName: 'realm_signup_notifications_stream_id',
    },
    presence_last_update_id: { since: 'field_presence_last_update_id' },
    saved_snippets: { since: 'field_saved_snippets' },
    channel_folders: { since: 'field_channel_folders' },
    navigation_views: { since: 'field_navigation_views' },
    onboarding_steps: { since: 'field_onboarding_steps', oldName: 'hotspots' },
    navigation_tour_video_url: { since: 'field_navigation_tour_video_url' },
    giphy_api_key: { since: 'field_giphy_api_key' },
    max_bulk_new_subscription_messages: { since: 'field_register_limits_later' },
    max_channel_folder_name_length: { since: 'field_channel_folder_limits' },
    max_channel_folder_description_length: { since: 'field_channel_folder_limits' },
    max_reminder_note_length: { since: 'field_reminder_note_limit' },
    server_presence_ping_interval_seconds: { since: 'field_server_presence_intervals' },
    server_presence_offline_threshold_seconds: { since: 'field_server_presence_intervals' },
    server_emoji_data_url: { since: 'field_server_emoji_data_url' },
    realm_date_created: { since: 'field_realm_date_created' },
    server_typing_started_expiry_period_milliseconds: { since: 'field_server_typing_periods' },
    server_typing_stopped_wait_period_milliseconds: { since: 'field_server_typing_periods' },
    server_typing_started_wait_period_milliseconds: { since: 'field_server_typing_periods' },
    realm_create_multiuse_invite_group: { since: 'field_create_multiuse_invite_group' },
    realm_jitsi_server_url: { since: 'field_jitsi_server_url' },
    server_jitsi_server_url: { since: 'field_jitsi_server_url' },
    realm_enable_guest_user_indicator: { since: 'field_guest_user_indicator' },
    realm_can_access_all_users_group: { since: 'field_can_access_all_users_group' },
    realm_push_notifications_enabled_end_timestamp: { since: 'field_push_notifications_end' },
    realm_svc_update_announcements_stream_id: { since: 'field_update_announcements_stream' },
    realm_require_unique_names: { since: 'field_require_unique_names' },
    realm_can_create_public_channel_group: { since: 'field_realm_channel_creation_groups' },
    realm_can_create_private_channel_group: { since: 'field_realm_private_channel_group' },
    realm_direct_message_initiator_group: { since: 'field_realm_direct_message_groups' },
    realm_direct_message_permission_group: { since: 'field_realm_direct_message_groups' },
    realm_can_create_web_public_channel_group: { since: 'field_realm_web_public_channel_group' },
    realm_can_delete_any_message_group: { since: 'field_realm_delete_any_message_group' },
    realm_can_delete_own_message_group: { since: 'field_realm_delete_own_message_group' },
    realm_can_create_groups: { since: 'field_realm_group_management' },
    realm_can_manage_all_groups: { since: 'field_realm_group_management' },
    realm_can_add_custom_emoji_group: { since: 'field_realm_custom_emoji_group' },
    realm_can_move_messages_between_channels_group: { since: 'field_realm_move_between_channels_group' },
    realm_can_move_messages_between_topics_group: { since: 'field_realm_move_between_topics_group' },
    realm_can_invite_users_group: { since: 'field_realm_invite_users_group' },
    realm_moderation_request_channel_id: { since: 'field_realm_moderation_request_channel' },
    realm_empty_topic_display_name: { since: 'field_realm_empty_topic_display_name' },
    realm_can_add_subscribers_group: { since: 'field_realm_add_subscribers_group' },
    realm_can_create_bots_group: { since: 'field_realm_bot_groups' },
    realm_can_create_write_only_bots_group: { since: 'field_realm_bot_groups' },
    realm_enable_guest_user_dm_warning: { since: 'field_realm_guest_dm_warning' },
    realm_can_summarize_topics_group: { since: 'field_realm_summarize_topics_group' },
    realm_can_mention_many_users_group: { since: 'field_realm_mention_many_users_group' },
    realm_message_edit_history_visibility_policy: { since: 'field_realm_edit_history_policy' },
    realm_can_manage_billing_group: { since: 'field_realm_billing_group' },
    realm_can_resolve_topics_group: { since: 'field_realm_resolve_topics_group' },
    realm_topics_policy: { since: 'field_realm_topics_policy' },
    realm_can_set_topics_policy_group: { since: 'field_realm_topics_policy' },
    realm_can_set_delete_message_policy_group: { since: 'field_realm_delete_policy_group' },
    realm_welcome_message_custom_text: { since: 'field_realm_welcome_message_text' },
    ...REGISTER_FIELDS_AFTER_220,
  },
  user_settings: {
    ...SETTINGS_BEFORE_218,
    web_mark_read_on_scroll_policy: { since: 'field_web_mark_read_on_scroll_policy' },
    web_stream_unreads_count_display_policy: { since: 'field_web_stream_unreads_count_display_policy' },
    web_home_view: {
      since: 'field_web_home_view',
      oldName: 'default_view',
      oldSince: 'field_default_view_setting',
    },
    web_escape_navigates_to_home_view: {
      since: 'field_web_home_view',
      oldName: 'escape_navigates_to_default_view',
      oldSince: 'field_escape_navigates_setting',
    },
    web_font_size_px: { since: 'field_web_font_size' },
    web_line_height_percent: { since: 'field_web_font_size' },
    receives_typing_notifications: { since: 'field_receives_typing_notifications' },
    web_navigate_to_sent_message: { since: 'field_web_navigate_to_sent_message' },
    web_channel_default_view: { since: 'field_web_channel_default_view' },
    web_animate_image_previews: { since: 'field_web_animate_image_previews' },
    web_suggest_update_timezone: { since: 'field_web_suggest_update_timezone' },
    allow_private_data_export: { since: 'field_allow_private_data_export' },
    web_left_sidebar_unreads_count_summary: { since: 'field_web_left_sidebar_unreads_count_summary' },
    web_left_sidebar_show_channel_folders: { since: 'field_web_left_sidebar_show_channel_folders' },
    web_inbox_show_channel_folders: { since: 'field_web_inbox_show_channel_folders' },
  },
};

/** Group-setting fields that held a plain group id before a level, by object kind. */
export const ID_SETTINGS: Readonly<Partial<Record<ObjectKind, readonly IdSettingRule[]>>> = {
  channel: [{ field: 'can_remove_subscribers_group', objectsSince: 'field_channel_group_setting_objects' }],
  subscription: [
    { field: 'can_remove_subscribers_group', objectsSince: 'field_channel_group_setting_objects' },
  ],
  user_group: [{ field: 'can_mention_group', objectsSince: 'field_group_setting_objects' }],
  register: [
    { field: 'realm_create_multiuse_invite_group', objectsSince: 'field_realm_group_setting_objects' },
    { field: 'realm_can_access_all_users_group', objectsSince: 'field_realm_group_setting_objects' },
  ],
};

/** What to change in an object of one kind at one level. */
export interface ShapePlan {
  /** Fields the level did not send at all. */
  readonly remove: readonly string[];
  /** [current name, older name (maybe the same), value conversion] for fields the level sent in an older form. */
  readonly rename: ReadonlyArray<readonly [string, string, ((value: unknown) => unknown) | undefined]>;
  /** Group-setting fields whose value must be a group id. */
  readonly toId: readonly string[];
  /**
   * Fields that a later level removed and this level still sends: formatters add them themselves (has()),
   * the level's schema adds them back (the newest schema no longer lists them).
   */
  readonly restore: readonly string[];
}

/** The level that removed a field again, if one did. */
function untilOf(rule: FieldRule): number | undefined {
  return (BEHAVIOURS[rule.since] as Behaviour).until;
}

function buildPlan(kind: ObjectKind, level: number): ShapePlan | undefined {
  const remove: string[] = [];
  const rename: Array<[string, string, ((value: unknown) => unknown) | undefined]> = [];
  const restore: string[] = [];
  for (const [field, rule] of Object.entries(FIELDS[kind])) {
    if (has(rule.since, level)) {
      if (untilOf(rule) !== undefined) restore.push(field);
      continue;
    }
    const removed = level >= levelOf(rule.since);
    const older = !removed && (rule.oldName !== undefined || rule.oldValue !== undefined);
    const oldSent = older && (rule.oldSince === undefined || has(rule.oldSince, level));
    if (oldSent) rename.push([field, rule.oldName ?? field, rule.oldValue]);
    else if (older && rule.firstName) rename.push([field, rule.firstName, rule.oldValue]);
    else remove.push(field);
  }
  const toId = (ID_SETTINGS[kind] ?? [])
    .filter((r) => level < levelOf(r.objectsSince) && !remove.includes(r.field))
    .map((r) => r.field);
  return remove.length || rename.length || toId.length || restore.length
    ? { remove, rename, toId, restore }
    : undefined;
}

/** The newest level at which some rule of a kind still changes the shape (at or above it: no work). */
const UNCHANGED_FROM = new Map<ObjectKind, number>();
const PLANS = new Map<string, ShapePlan | undefined>();

function unchangedFrom(kind: ObjectKind): number {
  let level = UNCHANGED_FROM.get(kind);
  if (level === undefined) {
    const levels = Object.values(FIELDS[kind]).map((r) => untilOf(r) ?? levelOf(r.since));
    for (const r of ID_SETTINGS[kind] ?? []) levels.push(levelOf(r.objectsSince));
    level = Math.max(0, ...levels);
    UNCHANGED_FROM.set(kind, level);
  }
  return level;
}

/** The changes an object of `kind` needs at `level`; undefined when the newest shape is that level's. */
export function shapePlan(kind: ObjectKind, level: number): ShapePlan | undefined {
  if (level >= unchangedFrom(kind)) return undefined;
  const key = `${kind}:${level}`;
  if (!PLANS.has(key)) PLANS.set(key, buildPlan(kind, level));
  return PLANS.get(key);
}

/** A group-setting object (direct members and subgroups). */
export interface GroupSettingObject {
  direct_members: number[];
  direct_subgroups: number[];
}

/** The group id a level without group-setting objects had for a value (the store's closest role group). */
export type GroupIdOf = (value: GroupSettingObject) => number;

/**
 * A group-setting object as a group id: its only subgroup, else the id `groupIdOf` finds for it (the
 * closest role group); without `groupIdOf` such an object stays as it is.
 */
function asGroupId(value: unknown, groupIdOf: GroupIdOf | undefined): unknown {
  if (value === null || typeof value !== 'object') return value;
  const object = value as GroupSettingObject;
  if (object.direct_members?.length === 0 && object.direct_subgroups?.length === 1)
    return object.direct_subgroups[0];
  return groupIdOf ? groupIdOf(object) : value;
}

/**
 * Changes a freshly formatted object (of the newest shape) in place into the shape `level` sent, and
 * returns it. At the newest level it only compares two numbers. `groupIdOf` turns group-setting objects
 * with direct members into a group id at levels that had only ids.
 * @example trimFields('channel', formatChannel(...), store.featureLevel, roleGroupResolver(state))
 */
export function trimFields<T extends object>(
  kind: ObjectKind,
  object: T,
  level: number,
  groupIdOf?: GroupIdOf,
): T {
  const plan = level >= NEWEST_FEATURE_LEVEL ? undefined : shapePlan(kind, level);
  if (!plan) return object;
  const record = object as Record<string, unknown>;
  for (const field of plan.toId) if (field in record) record[field] = asGroupId(record[field], groupIdOf);
  for (const field of plan.remove) delete record[field];
  for (const [field, oldName, convert] of plan.rename) {
    if (!(field in record)) continue;
    const value = record[field];
    if (oldName !== field) delete record[field];
    record[oldName] = convert ? convert(value) : value;
  }
  return object;
}

/** What happens to one field of an object at a level (see {@link ShapePlan}). */
interface FieldStep {
  readonly drop: boolean;
  readonly toId: boolean;
  readonly name: string;
  readonly convert: ((value: unknown) => unknown) | undefined;
}

const STEPS = new WeakMap<ShapePlan, ReadonlyMap<string, FieldStep>>();

function stepsOf(plan: ShapePlan): ReadonlyMap<string, FieldStep> {
  let steps = STEPS.get(plan);
  if (!steps) {
    const map = new Map<string, FieldStep>();
    const toId = new Set(plan.toId);
    for (const field of plan.remove)
      map.set(field, { drop: true, toId: false, name: field, convert: undefined });
    for (const field of plan.toId)
      map.set(field, { drop: false, toId: true, name: field, convert: undefined });
    for (const [field, name, convert] of plan.rename)
      map.set(field, { drop: false, toId: toId.has(field), name, convert });
    STEPS.set(plan, (steps = map));
  }
  return steps;
}

/**
 * Whether objects of `kind` at `level` carry `field` (under its own or an older name), so that formatters
 * can skip computing fields the level drops.
 */
export function sends(kind: ObjectKind, field: string, level: number): boolean {
  const plan = level >= NEWEST_FEATURE_LEVEL ? undefined : shapePlan(kind, level);
  return !plan || stepsOf(plan).get(field)?.drop !== true;
}

/**
 * Like {@link trimFields}, but builds the level's object anew (keys in the same order, a renamed key in its
 * place) instead of deleting keys from the newest one, which leaves objects slow to copy and serialise. The
 * argument is returned unchanged when the level needs no change. Use the return value.
 * @example return trimmed('channel', out, level, roleGroupResolver(state));
 */
export function trimmed<T extends object>(
  kind: ObjectKind,
  object: T,
  level: number,
  groupIdOf?: GroupIdOf,
): T {
  const plan = level >= NEWEST_FEATURE_LEVEL ? undefined : shapePlan(kind, level);
  if (!plan) return object;
  const steps = stepsOf(plan);
  const record = object as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in record) {
    const step = steps.get(key);
    if (step === undefined) {
      out[key] = record[key];
      continue;
    }
    if (step.drop) continue;
    const value = step.toId ? asGroupId(record[key], groupIdOf) : record[key];
    out[step.name] = step.convert ? step.convert(value) : value;
  }
  return out as T;
}
