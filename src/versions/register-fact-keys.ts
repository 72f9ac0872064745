/**
 * The key lists of src/versions/register-facts.ts: which register keys (and keys of nested objects) each
 * source requires. Keys a source marks optional (nullish, optional) are left out; `svc_` stands for
 * upstream's `zulip_`.
 */

/** Split a whitespace-separated list. */
const words = (text: string): readonly string[] => text.trim().split(/\s+/);

/** WEB_STATE_332: the top-level keys of realm_schema, current_user_schema and state_data_schema. */
export const WEB_REGISTER_KEYS_332 = words(`
  custom_profile_fields custom_profile_field_types giphy_api_key giphy_rating_options
  max_avatar_file_size_mib max_file_upload_size_mib max_icon_file_size_mib max_logo_file_size_mib
  max_message_length max_stream_description_length max_stream_name_length max_topic_length
  password_min_guesses password_min_length realm_allow_edit_history realm_allow_message_editing
  realm_authentication_methods realm_available_video_chat_providers realm_avatar_changes_disabled
  realm_bot_creation_policy realm_bot_domain realm_can_access_all_users_group
  realm_can_add_custom_emoji_group realm_can_create_groups realm_can_create_public_channel_group
  realm_can_create_private_channel_group realm_can_create_web_public_channel_group
  realm_can_delete_any_message_group realm_can_delete_own_message_group realm_can_invite_users_group
  realm_can_manage_all_groups realm_can_move_messages_between_channels_group
  realm_can_move_messages_between_topics_group realm_create_multiuse_invite_group realm_date_created
  realm_default_code_block_language realm_default_external_accounts realm_default_language
  realm_description realm_digest_emails_enabled realm_digest_weekday realm_direct_message_initiator_group
  realm_direct_message_permission_group realm_disallow_disposable_email_addresses realm_domains
  realm_email_auth_enabled realm_email_changes_disabled realm_emails_restricted_to_domains
  realm_embedded_bots realm_enable_guest_user_indicator realm_enable_read_receipts
  realm_enable_spectator_access realm_giphy_rating realm_icon_source realm_icon_url
  realm_incoming_webhook_bots realm_inline_image_preview realm_inline_url_embed_preview
  realm_invite_required realm_invite_to_stream_policy realm_is_zephyr_mirror_realm realm_jitsi_server_url
  realm_linkifiers realm_logo_source realm_logo_url realm_mandatory_topics
  realm_message_content_allowed_in_email_notifications realm_message_content_edit_limit_seconds
  realm_message_content_delete_limit_seconds realm_message_retention_days
  realm_move_messages_between_streams_limit_seconds realm_move_messages_within_stream_limit_seconds
  realm_name_changes_disabled realm_name realm_new_stream_announcements_stream_id realm_night_logo_source
  realm_night_logo_url realm_org_type realm_password_auth_enabled realm_plan_type realm_playgrounds
  realm_presence_disabled realm_push_notifications_enabled realm_push_notifications_enabled_end_timestamp
  realm_require_unique_names realm_send_welcome_emails realm_signup_announcements_stream_id
  realm_upload_quota_mib realm_url realm_video_chat_provider realm_waiting_period_threshold
  realm_want_advertise_in_communities_directory realm_wildcard_mention_policy
  realm_svc_update_announcements_stream_id server_avatar_changes_disabled server_emoji_data_url
  server_inline_image_preview server_inline_url_embed_preview server_max_deactivated_realm_deletion_days
  server_min_deactivated_realm_deletion_days server_jitsi_server_url server_name_changes_disabled
  server_needs_upgrade server_presence_offline_threshold_seconds server_presence_ping_interval_seconds
  server_supported_permission_settings server_thumbnail_formats
  server_typing_started_expiry_period_milliseconds server_typing_started_wait_period_milliseconds
  server_typing_stopped_wait_period_milliseconds server_web_public_streams_enabled
  settings_send_digest_emails stop_words upgrade_text_for_wide_organization_logo svc_feature_level
  svc_merge_base svc_plan_is_not_limited svc_version
  avatar_source can_create_private_streams can_create_public_streams can_create_streams
  can_create_web_public_streams can_invite_others_to_realm can_subscribe_other_users delivery_email email
  full_name has_zoom_token is_admin is_billing_admin is_guest is_moderator is_owner user_id
  alert_words realm_emoji realm_bots realm_users realm_non_active_users cross_realm_bots
  recent_private_conversations presences server_timestamp saved_snippets starred_messages subscriptions
  unsubscribed never_subscribed realm_default_streams realm_user_groups unread_msgs muted_users user_topics
  user_status user_settings realm_user_settings_defaults scheduled_messages queue_id server_generation
  event_queue_longpoll_timeout_seconds last_event_id max_message_id onboarding_steps
`);

/** WEB_STATE_478: the same three schemas of 12.0 development. */
export const WEB_REGISTER_KEYS_478 = words(`
  custom_profile_fields custom_profile_field_types giphy_api_key gif_rating_policy_options
  max_avatar_file_size_mib max_channel_folder_description_length max_channel_folder_name_length
  max_file_upload_size_mib max_icon_file_size_mib max_logo_file_size_mib max_message_length
  max_reminder_note_length max_stream_description_length max_stream_name_length max_topic_length
  max_bulk_new_subscription_messages password_min_guesses password_min_length password_max_length
  realm_allow_message_editing realm_authentication_methods realm_available_video_chat_providers
  realm_avatar_changes_disabled realm_bot_domain realm_can_access_all_users_group
  realm_can_add_custom_emoji_group realm_can_add_subscribers_group realm_can_create_bots_group
  realm_can_create_groups realm_can_create_public_channel_group realm_can_create_private_channel_group
  realm_can_create_web_public_channel_group realm_can_create_write_only_bots_group
  realm_can_delete_any_message_group realm_can_delete_own_message_group realm_can_invite_users_group
  realm_can_manage_all_groups realm_can_manage_billing_group realm_can_mention_many_users_group
  realm_can_move_messages_between_channels_group realm_can_move_messages_between_topics_group
  realm_can_resolve_topics_group realm_can_set_delete_message_policy_group
  realm_can_set_topics_policy_group realm_can_summarize_topics_group realm_create_multiuse_invite_group
  realm_date_created realm_default_avatar_source realm_default_code_block_language
  realm_default_external_accounts realm_default_language realm_description realm_digest_emails_enabled
  realm_digest_weekday realm_direct_message_initiator_group realm_direct_message_permission_group
  realm_disallow_disposable_email_addresses realm_domains realm_email_auth_enabled
  realm_email_changes_disabled realm_emails_restricted_to_domains realm_embedded_bots
  realm_empty_topic_display_name realm_enable_guest_user_dm_warning realm_enable_guest_user_indicator
  realm_enable_read_receipts realm_enable_spectator_access realm_gif_rating_policy realm_icon_source
  realm_icon_url realm_incoming_webhook_bots realm_media_preview_size realm_inline_image_preview
  realm_inline_url_embed_preview realm_invite_required realm_jitsi_server_url realm_linkifiers
  realm_logo_source realm_logo_url realm_message_content_allowed_in_email_notifications
  realm_message_content_edit_limit_seconds realm_message_content_delete_limit_seconds
  realm_message_edit_history_visibility_policy realm_message_retention_days
  realm_moderation_request_channel_id realm_move_messages_between_streams_limit_seconds
  realm_move_messages_within_stream_limit_seconds realm_name_changes_disabled realm_name
  realm_new_stream_announcements_stream_id realm_night_logo_source realm_night_logo_url realm_org_type
  realm_owner_full_content_access realm_password_auth_enabled realm_plan_type realm_playgrounds
  realm_presence_disabled realm_push_notifications_enabled realm_push_notifications_enabled_end_timestamp
  realm_require_e2ee_push_notifications realm_require_unique_names realm_send_channel_events_messages
  realm_send_welcome_emails realm_signup_announcements_stream_id realm_topics_policy
  realm_upload_quota_mib realm_url realm_video_chat_provider realm_waiting_period_threshold
  realm_want_advertise_in_communities_directory realm_welcome_message_custom_text
  realm_workplace_users_group realm_svc_update_announcements_stream_id server_avatar_changes_disabled
  server_can_summarize_topics server_emoji_data_url server_inline_image_preview
  server_inline_url_embed_preview server_max_deactivated_realm_deletion_days
  server_min_deactivated_realm_deletion_days server_jitsi_server_url server_name_changes_disabled
  server_needs_upgrade server_presence_offline_threshold_seconds server_presence_ping_interval_seconds
  server_report_message_types server_supported_permission_settings server_thumbnail_formats
  server_typing_started_expiry_period_milliseconds server_typing_started_wait_period_milliseconds
  server_typing_stopped_wait_period_milliseconds server_web_public_streams_enabled
  settings_send_digest_emails stop_words tenor_api_key upgrade_text_for_wide_organization_logo
  svc_feature_level svc_merge_base svc_plan_is_not_limited svc_version
  avatar_source can_create_private_streams can_create_public_streams can_create_streams
  can_create_web_public_streams can_invite_others_to_realm delivery_email email full_name has_zoom_token
  is_admin is_guest is_moderator is_owner user_id
  alert_words realm_emoji realm_billing realm_bots realm_users realm_non_active_users cross_realm_bots
  recent_private_conversations presences server_timestamp saved_snippets starred_messages subscriptions
  unsubscribed never_subscribed realm_default_streams realm_user_groups channel_folders unread_msgs
  muted_users user_topics user_status user_settings realm_user_settings_defaults scheduled_messages
  reminders queue_id server_generation event_queue_longpoll_timeout_seconds last_event_id max_message_id
  onboarding_steps navigation_tour_video_url navigation_views
`);

/** User objects (realm_users, realm_non_active_users, cross_realm_bots) of WEB_STATE_332. */
export const WEB_USER_KEYS_332 = words(`
  user_id delivery_email email full_name date_joined is_owner is_admin is_guest role avatar_version is_bot
`);

/** User objects of WEB_STATE_478. */
export const WEB_USER_KEYS_478 = [...WEB_USER_KEYS_332, 'is_imported_stub'];

/** WEB_USER_SETTINGS_478 (web_left_sidebar_view, newer than the changelog's 503, left out). */
export const WEB_USER_SETTINGS_KEYS_478 = words(`
  enable_stream_audible_notifications enable_stream_desktop_notifications enable_stream_email_notifications
  enable_stream_push_notifications wildcard_mentions_notify enable_desktop_notifications
  enable_offline_email_notifications enable_offline_push_notifications enable_sounds
  enable_followed_topic_audible_notifications enable_followed_topic_desktop_notifications
  enable_followed_topic_email_notifications enable_followed_topic_push_notifications
  enable_followed_topic_wildcard_mentions_notify allow_private_data_export
  automatically_follow_topics_policy automatically_follow_topics_where_mentioned
  automatically_unmute_topics_in_muted_streams_policy available_notification_sounds color_scheme
  default_language demote_inactive_streams desktop_icon_count_display display_emoji_reaction_users
  email_address_visibility email_notifications_batching_period_seconds emojiset emojiset_choices
  enable_digest_emails enable_drafts_synchronization enable_login_emails enable_marketing_emails
  enable_online_push_notifications enter_sends fluid_layout_width hide_ai_features high_contrast_mode
  left_side_userlist message_content_in_email_notifications notification_sound
  pm_content_in_desktop_notifications presence_enabled realm_name_in_email_notifications_policy
  receives_typing_notifications resolved_topic_notice_auto_read_policy send_private_typing_notifications
  send_read_receipts send_stream_typing_notifications starred_message_counts timezone translate_emoticons
  twenty_four_hour_time user_list_style web_animate_image_previews web_channel_default_view
  web_escape_navigates_to_home_view web_font_size_px web_home_view web_inbox_show_channel_folders
  web_left_sidebar_show_channel_folders web_left_sidebar_unreads_count_summary web_line_height_percent
  web_mark_read_on_scroll_policy web_navigate_to_sent_message web_stream_unreads_count_display_policy
  web_suggest_update_timezone
`);

/** WEB_DEFAULTS_478: realm_user_settings_defaults keys. */
export const WEB_DEFAULTS_KEYS_478 = WEB_USER_SETTINGS_KEYS_478.filter((key) => key !== 'timezone');

/** The issue's list for level 332 (WEB_STATE_332's imported settings schemas are not stored). */
export const WEB_SETTINGS_KEYS_332 = ['allow_private_data_export'];

/** WEB_STREAM_TYPES_478: subscription objects (api_stream_subscription_schema). */
export const WEB_SUBSCRIPTION_KEYS_478 = words(`
  can_add_subscribers_group can_administer_channel_group can_create_topic_group
  can_delete_any_message_group can_delete_own_message_group can_move_messages_out_of_channel_group
  can_move_messages_within_channel_group can_remove_subscribers_group can_resolve_topics_group
  can_send_message_group can_subscribe_group creator_id date_created description first_message_id folder_id
  history_public_to_subscribers invite_only is_announcement_only is_archived is_recently_active
  is_web_public message_retention_days name rendered_description stream_id stream_post_policy topics_policy
  stream_weekly_traffic subscriber_count audible_notifications desktop_notifications email_notifications
  push_notifications wildcard_mentions_notify color is_muted pin_to_top
`);

/** WEB_BOT_TYPES_473: realm_bots objects before level 474. */
export const WEB_BOT_KEYS_473 = words(`
  api_key avatar_url bot_type default_all_public_streams default_events_register_stream
  default_sending_stream email full_name is_active owner_id user_id services
`);

/** CHANGELOG_503, level 474: the bot fields removed from realm_bots. */
export const BOT_KEYS_REMOVED_474 = words('api_key avatar_url bot_type email full_name is_active owner_id');

/**
 * PUBLISHED_REGISTER_489: top-level properties of the register response as far as they were read (the
 * response schema from its start to realm_user_settings_defaults, less the pages of the user_settings object
 * and of the devices dictionary), each with the level its **Changes** note gives ("New in ... feature level N"),
 * or 0 where it gives none. muted_topics (sent only when user_topic is not requested) and
 * demo_organization_scheduled_deletion_date (demo organizations only) are left out.
 */
export const PUBLISHED_REGISTER_KEYS_489: Readonly<Record<string, number>> = {
  queue_id: 0,
  idle_queue_timeout_secs: 481,
  last_event_id: 0,
  svc_feature_level: 1,
  svc_version: 0,
  svc_merge_base: 88,
  alert_words: 0,
  custom_profile_fields: 0,
  custom_profile_field_types: 0,
  realm_date_created: 203,
  drafts: 87,
  onboarding_steps: 233,
  navigation_tour_video_url: 369,
  max_message_id: 0,
  max_reminder_note_length: 415,
  max_stream_name_length: 53,
  max_stream_description_length: 53,
  max_channel_folder_name_length: 410,
  max_channel_folder_description_length: 410,
  max_topic_length: 53,
  max_message_length: 53,
  server_min_deactivated_realm_deletion_days: 332,
  server_max_deactivated_realm_deletion_days: 332,
  server_presence_ping_interval_seconds: 164,
  server_presence_offline_threshold_seconds: 164,
  server_typing_started_expiry_period_milliseconds: 204,
  server_typing_stopped_wait_period_milliseconds: 204,
  server_typing_started_wait_period_milliseconds: 204,
  scheduled_messages: 179,
  reminders: 399,
  muted_users: 48,
  presences: 0,
  presence_last_update_id: 263,
  server_timestamp: 70,
  realm_domains: 0,
  realm_emoji: 0,
  realm_linkifiers: 54,
  realm_filters: 0,
  realm_playgrounds: 49,
  realm_user_groups: 0,
  realm_bots: 0,
  realm_embedded_bots: 0,
  realm_incoming_webhook_bots: 0,
  recent_private_conversations: 0,
  navigation_views: 390,
  saved_snippets: 297,
  subscriptions: 0,
  unsubscribed: 0,
  never_subscribed: 0,
  channel_folders: 389,
  unread_msgs: 0,
  starred_messages: 0,
  streams: 0,
  realm_default_streams: 0,
  realm_default_stream_groups: 0,
  stop_words: 0,
  user_status: 0,
  user_settings: 89,
  realm_can_manage_all_groups: 299,
  realm_can_manage_billing_group: 363,
  realm_can_create_public_channel_group: 264,
  realm_can_create_private_channel_group: 266,
  realm_can_create_web_public_channel_group: 280,
  realm_can_resolve_topics_group: 367,
  realm_create_public_stream_policy: 102,
  realm_create_private_stream_policy: 102,
  realm_create_web_public_stream_policy: 103,
  // The schema's note says 33; the changelog dates wildcard_mention_policy at 34, as the table does.
  realm_wildcard_mention_policy: 34,
  realm_default_language: 0,
  realm_welcome_message_custom_text: 416,
  realm_description: 0,
  realm_digest_emails_enabled: 0,
  realm_disallow_disposable_email_addresses: 0,
  realm_email_changes_disabled: 0,
  realm_invite_required: 0,
  realm_create_multiuse_invite_group: 209,
  realm_url: 257,
  realm_uuid: 466,
  realm_available_video_chat_providers: 0,
  realm_presence_disabled: 0,
  settings_send_digest_emails: 0,
  realm_email_auth_enabled: 0,
  realm_password_auth_enabled: 0,
  realm_push_notifications_enabled: 0,
  realm_push_notifications_enabled_end_timestamp: 231,
  realm_upload_quota_mib: 251,
  realm_org_type: 128,
  realm_owner_full_content_access: 438,
  realm_plan_type: 0,
  realm_enable_guest_user_dm_warning: 348,
  realm_enable_guest_user_indicator: 216,
  realm_can_access_all_users_group: 225,
  realm_can_summarize_topics_group: 350,
  svc_plan_is_not_limited: 0,
  upgrade_text_for_wide_organization_logo: 0,
  realm_default_external_accounts: 0,
  realm_default_avatar_source: 456,
  jitsi_server_url: 0,
  development_environment: 0,
  server_generation: 0,
  password_min_length: 0,
  password_max_length: 338,
  password_min_guesses: 0,
  gif_rating_policy_options: 453,
  max_file_upload_size_mib: 0,
  max_avatar_file_size_mib: 0,
  server_inline_image_preview: 0,
  server_inline_url_embed_preview: 0,
  server_thumbnail_formats: 273,
  server_avatar_changes_disabled: 0,
  server_name_changes_disabled: 0,
  server_needs_upgrade: 74,
  server_web_public_streams_enabled: 110,
  server_emoji_data_url: 140,
  server_jitsi_server_url: 212,
  server_can_summarize_topics: 350,
  event_queue_longpoll_timeout_seconds: 74,
  realm_billing: 363,
  realm_moderation_request_channel_id: 331,
  realm_new_stream_announcements_stream_id: 241,
  realm_signup_announcements_stream_id: 241,
  realm_svc_update_announcements_stream_id: 242,
  realm_empty_topic_display_name: 334,
  realm_user_settings_defaults: 95,
  // The realm settings pages of the same response schema.
  realm_message_edit_history_visibility_policy: 358,
  realm_allow_edit_history: 0,
  realm_can_add_custom_emoji_group: 307,
  realm_can_add_subscribers_group: 341,
  realm_can_delete_any_message_group: 281,
  realm_can_delete_own_message_group: 291,
  realm_can_set_delete_message_policy_group: 407,
  realm_can_set_topics_policy_group: 392,
  realm_can_invite_users_group: 321,
  realm_can_mention_many_users_group: 352,
  realm_can_move_messages_between_channels_group: 310,
  realm_can_move_messages_between_topics_group: 316,
  realm_can_create_groups: 299,
  realm_can_create_bots_group: 344,
  realm_can_create_write_only_bots_group: 344,
  realm_media_preview_size: 469,
  realm_inline_image_preview: 0,
  realm_inline_url_embed_preview: 0,
  realm_topics_policy: 392,
  realm_mandatory_topics: 0,
  realm_message_retention_days: 0,
  realm_name: 0,
  realm_require_e2ee_push_notifications: 409,
  realm_require_unique_names: 246,
  realm_name_changes_disabled: 0,
  realm_avatar_changes_disabled: 0,
  realm_emails_restricted_to_domains: 0,
  realm_send_channel_events_messages: 434,
  realm_send_welcome_emails: 0,
  realm_message_content_allowed_in_email_notifications: 0,
  realm_enable_spectator_access: 109,
  realm_want_advertise_in_communities_directory: 129,
  realm_video_chat_provider: 0,
  realm_jitsi_server_url: 212,
  realm_gif_rating_policy: 453,
  realm_waiting_period_threshold: 0,
  realm_digest_weekday: 0,
  realm_direct_message_initiator_group: 270,
  realm_direct_message_permission_group: 270,
  realm_default_code_block_language: 0,
  realm_message_content_delete_limit_seconds: 0,
  // The schema dates the dictionary values at 241; the table (from the changelog) at 243: not compared.
  realm_authentication_methods: 0,
  realm_allow_message_editing: 0,
  realm_message_content_edit_limit_seconds: 0,
  realm_move_messages_within_stream_limit_seconds: 162,
  realm_move_messages_between_streams_limit_seconds: 162,
  realm_enable_read_receipts: 137,
  realm_icon_url: 0,
  realm_icon_source: 0,
  realm_workplace_users_group: 477,
  max_icon_file_size_mib: 72,
  realm_logo_url: 0,
  realm_logo_source: 0,
  realm_night_logo_url: 0,
  realm_night_logo_source: 0,
  max_logo_file_size_mib: 72,
  realm_bot_domain: 0,
  realm_uri: 0,
};

/**
 * CHANGELOG_503 (and its older pages): register keys with the level that added them, for the keys the read
 * pages of the published schema did not show and for the levels after it.
 */
export const CHANGELOG_REGISTER_KEYS: Readonly<Record<string, number>> = {
  realm_require_e2ee_push_notifications: 409,
  realm_send_channel_events_messages: 434,
  server_report_message_types: 435,
  realm_gif_rating_policy: 453,
  tenor_api_key: 442,
  devices: 468,
  realm_media_preview_size: 469,
  realm_workplace_users_group: 477,
  klipy_api_key: 486,
  has_webex_token: 493,
};
