/**
 * Every behaviour of the API that depends on the feature level, in one table.
 *
 * Each entry names the level a behaviour appeared at (a server at that level or above has it), what it
 * changes and where. Handlers never compare feature levels themselves: they ask `has(name, level)`
 * (src/versions/index.ts). Sources: the spec's Versioning table, ../shared/spec/reference-facts.md ([FL n]
 * marks) and the server's API changelog. A behaviour that was later taken back again has `until`: it holds
 * from `level` up to (not including) `until`.
 */
export interface Behaviour {
  /** The first feature level that has the behaviour. */
  readonly level: number;
  /** The first level that no longer has it, for behaviours that were later reverted. */
  readonly until?: number;
  /** What the behaviour changes, in one sentence. */
  readonly change: string;
  /** Where it applies: endpoints, events, fields. */
  readonly where: string;
  /** The spec's Versioning table lists it (one test per such row at the level below and at the level). */
  readonly specRow?: true;
}

export const BEHAVIOURS = {
  // --- The spec's Versioning table -------------------------------------------------------------------
  stream_post_policy: {
    level: 1,
    change:
      'stream_post_policy replaces is_announcement_only (below: the stream_post_policy parameter is ignored)',
    where: 'POST /users/me/subscriptions, PATCH /streams/{id} parameters',
    specRow: true,
  },
  string_anchors: {
    level: 1,
    change:
      'anchor accepts "newest", "oldest" and "first_unread" (below: integers only, else "Invalid anchor")',
    where: 'GET /messages, POST /messages/flags/narrow anchor',
    specRow: true,
  },
  feature_level_reported: {
    level: 1,
    change: 'svc_feature_level is reported (below: absent, which clients read as 0)',
    where: 'GET /server_settings, POST /register',
    specRow: true,
  },
  reaction_type_optional: {
    level: 2,
    change: 'reaction_type may be left out when removing a reaction (below: it defaults to unicode_emoji)',
    where: 'DELETE /messages/{id}/reactions',
    specRow: true,
  },
  integer_principals: {
    level: 9,
    change: 'principals may be user ids (below: e-mail addresses only; an id is "Invalid principals")',
    where: 'POST and DELETE /users/me/subscriptions principals',
    specRow: true,
  },
  invite_expires_in_minutes: {
    level: 126,
    change:
      'invite_expires_in_minutes replaces invite_expires_in_days (below: days are read, minutes ignored)',
    where: 'POST /invites, POST /invites/multiuse',
    specRow: true,
  },
  include_anchor: {
    level: 155,
    change: 'include_anchor is accepted (below: ignored, the anchor is always included)',
    where: 'GET /messages, POST /messages/flags/narrow',
    specRow: true,
  },
  ignored_parameters_unsupported: {
    level: 167,
    change: 'unsupported parameters are listed in ignored_parameters_unsupported (below: silently ignored)',
    where:
      'every success response (PATCH /settings and /realm/user_settings_defaults list them at every level)',
    specRow: true,
  },
  direct_type: {
    level: 174,
    change: '"direct" is accepted beside "private" as a message type (below: "Invalid type")',
    where: 'POST /messages, POST /scheduled_messages, POST /typing type',
    specRow: true,
  },
  principal_errors_bad_request: {
    level: 208,
    change: 'an unknown principal is 400 BAD_REQUEST "No such user" (below: 403 UNAUTHORIZED_PRINCIPAL)',
    where: 'POST and DELETE /users/me/subscriptions principals',
    specRow: true,
  },
  wildcard_mention_codes: {
    level: 229,
    change: 'refused wildcard mentions use STREAM_/TOPIC_WILDCARD_MENTION_NOT_ALLOWED (below: BAD_REQUEST)',
    where: 'POST /messages, PATCH /messages/{id}',
    specRow: true,
  },
  channel_type: {
    level: 248,
    change: '"channel" is accepted as a message type (below: "Invalid type")',
    where: 'POST /messages, POST /scheduled_messages, PATCH /scheduled_messages/{id}, POST /typing',
    specRow: true,
  },
  members_delete_messages: {
    level: 281,
    change: 'non-administrators may delete messages as the realm allows (below: administrators only)',
    where: 'DELETE /messages/{id}',
    specRow: true,
  },
  message_ids: {
    level: 300,
    change: 'GET /messages accepts message_ids instead of an anchor range (below: ignored)',
    where: 'GET /messages',
    specRow: true,
  },
  archived_channels: {
    level: 315,
    change:
      'archived channels keep their name and subscriptions and are listed with is_archived; exclude_archived (below: ignored, and archiving renames the channel "<hex>!DEACTIVATED:<name>", makes it private and ends its subscriptions)',
    where: 'DELETE /streams/{id}, GET /streams exclude_archived, client_capabilities.archived_channels',
    specRow: true,
  },
  can_send_message_group: {
    level: 333,
    change: 'can_send_message_group replaces stream_post_policy (below: the group parameter is ignored)',
    where: 'POST /users/me/subscriptions, PATCH /streams/{id}',
    specRow: true,
  },
  empty_topic: {
    level: 334,
    change:
      'an empty topic is valid ("general chat"); allow_empty_topic_name (below: "Topic can\'t be empty!")',
    where: 'POST /messages, GET /messages allow_empty_topic_name, client_capabilities.empty_topic_name',
    specRow: true,
  },
  include_all: {
    level: 356,
    change: 'include_all replaces include_all_active; include_can_access_content (below: both ignored)',
    where: 'GET /streams',
    specRow: true,
  },
  dense_mode_removed: {
    level: 364,
    change: 'dense_mode is no longer a setting (from here: listed as an ignored parameter)',
    where: 'PATCH /settings, PATCH /realm/user_settings_defaults',
    specRow: true,
  },
  no_topic_as_empty: {
    level: 370,
    change: 'the topic "(no topic)" is read as the empty topic (below: a topic of its own)',
    where: 'POST /messages, POST /scheduled_messages, POST /typing topic',
    specRow: true,
  },
  apns_token_deprecated: {
    level: 406,
    change: 'the APNs device token endpoint is deprecated; it still answers as before',
    where: 'POST and DELETE /users/me/apns_device_token',
    specRow: true,
  },
  include_subscribers_partial: {
    level: 412,
    change: 'include_subscribers may be "partial" (below: a JSON boolean only)',
    where: 'POST /register, GET /users/me/subscriptions include_subscribers',
    specRow: true,
  },
  welcome_message_custom_text: {
    level: 416,
    change: 'invitations carry welcome_message_custom_text (below: the parameter is ignored)',
    where: 'POST /invites, POST /invites/multiuse',
    specRow: true,
  },
  // --- Reference facts and changelog behaviours (errors, parameters, events) ---------------------------
  reaction_does_not_exist_code: {
    level: 193,
    change: 'removing a missing reaction is REACTION_DOES_NOT_EXIST (below: BAD_REQUEST)',
    where: 'DELETE /messages/{id}/reactions',
  },
  multiuse_invites_for_members: {
    level: 209,
    change: 'create_multiuse_invite_group decides who creates reusable links (below: administrators only)',
    where: 'POST /invites/multiuse',
  },
  user_active_update_event: {
    level: 222,
    change: '(de)activating a user sends realm_user/update with is_active (below: realm_user/remove and add)',
    where: 'realm_user events',
  },
  split_wildcard_flags: {
    level: 224,
    change: 'stream_wildcard_mentioned and topic_wildcard_mentioned flags beside wildcard_mentioned',
    where: 'message flags',
  },
  read_by_sender: {
    level: 236,
    change: 'read_by_sender is accepted (below: ignored)',
    where: 'POST /messages, POST /scheduled_messages',
  },
  has_reaction_narrow: {
    level: 249,
    change: 'the narrow "has:reaction" (below: "unknown \'has\' operand")',
    where: 'GET /messages narrow',
  },
  channel_wording: {
    level: 255,
    change: 'error texts and notices say "channel" instead of "stream"',
    where: 'error messages, notification-bot notices',
  },
  dm_narrow: {
    level: 177,
    change: 'the narrows "dm", "dm-including" and "is:dm" (below: "pm-with", "group-pm-with", "is:private")',
    where: 'GET /messages, GET /messages/matches_narrow, POST /messages/flags/narrow narrow',
  },
  channel_narrow: {
    level: 250,
    change: 'the narrow operators "channel" and "channels", aliases of "stream" and "streams"',
    where: 'GET /messages, GET /messages/matches_narrow, POST /messages/flags/narrow narrow',
  },
  apns_appid_required: {
    level: 223,
    change: "appid is required (below: it defaults to the server's iOS app id)",
    where: 'POST /users/me/apns_device_token',
  },
  delete_event_to_deleter: {
    level: 274,
    change: 'delete_message goes to the deleter too (below: only to users who had the message)',
    where: 'delete_message events',
  },
  capability_user_list_incomplete: {
    level: 232,
    change: 'the client capability user_list_incomplete (below: ignored)',
    where: 'POST /register client_capabilities',
  },
  capability_include_deactivated_groups: {
    level: 294,
    change: 'the client capability include_deactivated_groups (below: ignored)',
    where: 'POST /register client_capabilities',
  },
  capability_simplified_presence_events: {
    level: 419,
    change: 'the client capability simplified_presence_events (below: ignored)',
    where: 'POST /register client_capabilities',
  },
  followed_narrow: {
    level: 265,
    change: 'the narrow "is:followed"',
    where: 'GET /messages narrow',
  },
  with_narrow: {
    level: 271,
    change: 'the narrow operator "with" (below: unknown operator)',
    where: 'GET /messages narrow',
  },
  no_prev_rendered_content_version: {
    level: 284,
    change: 'update_message events no longer carry prev_rendered_content_version',
    where: 'update_message events',
  },
  detached_uploads: {
    level: 285,
    change: 'editing a message answers detached_uploads',
    where: 'PATCH /messages/{id}',
  },
  subscribe_keys_user_ids: {
    level: 289,
    change: 'subscribed / already_subscribed are keyed by user id strings (below: by e-mail)',
    where: 'POST /users/me/subscriptions',
  },
  reaction_user_dropped: {
    level: 328,
    until: 339,
    change: 'reactions lose their "user" object (sent again from 339)',
    where: 'message reactions',
  },
  flags_narrow_not_subscribed: {
    level: 355,
    change: 'POST /messages/flags/narrow answers ignored_because_not_subscribed_channels when marking unread',
    where: 'POST /messages/flags/narrow',
  },
  subscribe_archived_channels: {
    level: 362,
    change: 'archived channels may be subscribed to and unsubscribed from (below: "Channel is archived.")',
    where: 'POST and DELETE /users/me/subscriptions',
  },
  last_moved_timestamp: {
    level: 365,
    change: 'moves set last_moved_timestamp; last_edit_timestamp is for content edits only',
    where: 'message objects',
  },
  muted_narrow: {
    level: 366,
    change: 'the narrow "is:muted"',
    where: 'GET /messages narrow',
  },
  group_in_use_code: {
    level: 298,
    change:
      'deactivating a group in use is CANNOT_DEACTIVATE_GROUP_IN_USE with objections (below: BAD_REQUEST)',
    where: 'POST /user_groups/{id}/deactivate',
  },
  deactivated_group_members: {
    level: 391,
    change: 'members of a deactivated user group may be changed (below: refused)',
    where: 'POST /user_groups/{id}/members',
  },
  channel_administrators: {
    level: 325,
    change: 'can_administer_channel_group: channel administrators may edit a channel (error text changes)',
    where: 'PATCH /streams/{id}, DELETE /streams/{id}',
  },
  merge_base_reported: {
    level: 88,
    change: 'svc_merge_base is reported beside svc_version',
    where: 'GET /server_settings, POST /register',
  },
  invite_default_subscriptions: {
    level: 261,
    change: 'include_realm_default_subscriptions is accepted (below: ignored)',
    where: 'POST /invites, POST /invites/multiuse',
  },
  invite_notify_referrer: {
    level: 267,
    change: 'notify_referrer_on_join is accepted (below: ignored)',
    where: 'POST /invites',
  },
  invite_group_ids: {
    level: 322,
    change: 'group_ids is accepted (below: ignored)',
    where: 'POST /invites, POST /invites/multiuse',
  },
  edit_prev_content_sha256: {
    level: 379,
    change: 'prev_content_sha256 is accepted (below: ignored)',
    where: 'PATCH /messages/{id}',
  },
  users_user_ids: {
    level: 384,
    change: 'user_ids is accepted (below: ignored, every user is listed)',
    where: 'GET /users',
  },
  send_new_subscription_messages: {
    level: 397,
    change: 'send_new_subscription_messages is accepted (below: ignored)',
    where: 'POST /users/me/subscriptions',
  },
  settings_web_home_view: {
    level: 219,
    change:
      'the settings web_home_view and web_escape_navigates_to_home_view (below: default_view and escape_navigates_to_default_view, the new names unknown)',
    where:
      'PATCH /settings, PATCH /realm/user_settings_defaults parameters; user_settings, update_display_settings and realm_user_settings_defaults events',
  },
  event_message_ids_sorted: {
    level: 393,
    change:
      'message_ids of update_message and delete_message events are sorted ascending (below: the edited message first, then the others)',
    where: 'update_message and delete_message events',
  },
  // Endpoints of the spec that appeared at a level: below it they answer 404 as unknown endpoints do.
  drafts_endpoints: {
    level: 87,
    change: 'the drafts endpoints exist',
    where: 'GET/POST /drafts, PATCH/DELETE /drafts/{id}',
  },
  read_receipts_endpoint: {
    level: 137,
    change: 'GET /messages/{id}/read_receipts exists',
    where: 'GET /messages/{id}/read_receipts',
  },
  user_topics_endpoint: {
    level: 170,
    change: 'POST /user_topics exists',
    where: 'POST /user_topics',
  },
  scheduled_messages_list: {
    level: 173,
    change: 'scheduled messages can be listed and deleted',
    where: 'GET /scheduled_messages, DELETE /scheduled_messages/{id}',
  },
  scheduled_messages_create: {
    level: 179,
    change: 'scheduled messages can be created',
    where: 'POST /scheduled_messages',
  },
  scheduled_messages_edit: {
    level: 184,
    change: 'scheduled messages can be edited',
    where: 'PATCH /scheduled_messages/{id}',
  },
  user_status_endpoint: {
    level: 262,
    change: "GET /users/{id}/status reads one user's status",
    where: 'GET /users/{id}/status',
  },
  deactivate_user_group: {
    level: 290,
    change: 'user groups can be deactivated',
    where: 'POST /user_groups/{id}/deactivate',
  },
  saved_snippets_endpoints: {
    level: 297,
    change: 'saved snippets can be listed, created and deleted',
    where: 'GET/POST /saved_snippets, DELETE /saved_snippets/{id}',
  },
  saved_snippets_edit: {
    level: 368,
    change: 'saved snippets can be edited',
    where: 'PATCH /saved_snippets/{id}',
  },
  channel_folders_endpoints: {
    level: 389,
    change: 'channel folders can be listed, created, renamed, described and archived (channel_folder events)',
    where: 'GET /channel_folders, POST /channel_folders/create, PATCH /channel_folders/{id}',
  },
  navigation_views_endpoints: {
    level: 390,
    change: 'navigation views can be listed, added, changed and removed (navigation_view events)',
    where: 'GET/POST /navigation_views, PATCH/DELETE /navigation_views/{fragment}',
  },

  // --- Response shapes: fields a level did not send yet, shapes that changed -----------------------------
  // Entries named field_* are the levels of src/versions/fields.ts (fields a level did not send yet).
  field_stream_weekly_traffic: {
    level: 199,
    change: 'channel objects carry stream_weekly_traffic',
    where: 'GET /streams, GET /streams/{id}, register streams, stream events',
  },
  field_can_remove_subscribers_group_id: {
    level: 142,
    change: 'channel objects carry can_remove_subscribers_group_id (a group id)',
    where: 'channel and subscription objects',
  },
  field_can_remove_subscribers_group: {
    level: 197,
    change: 'can_remove_subscribers_group_id is renamed can_remove_subscribers_group',
    where: 'channel and subscription objects',
  },
  field_channel_group_setting_objects: {
    level: 320,
    change: 'can_remove_subscribers_group may be an anonymous group object (a group id before)',
    where: 'channel and subscription objects',
  },
  field_channel_creator_id: {
    level: 254,
    change: 'channel objects carry creator_id',
    where: 'channel and subscription objects (REST, register, events)',
  },
  field_channel_is_archived: {
    level: 315,
    change: 'channel objects carry is_archived',
    where: 'channel and subscription objects',
  },
  field_channel_is_recently_active: {
    level: 323,
    change: 'channel objects carry is_recently_active',
    where: 'channel and subscription objects',
  },
  field_can_administer_channel_group: {
    level: 325,
    change: 'channel objects carry can_administer_channel_group',
    where: 'channel and subscription objects',
  },
  field_can_send_message_group: {
    level: 333,
    change: 'channel objects carry can_send_message_group',
    where: 'channel and subscription objects',
  },
  field_can_add_subscribers_group: {
    level: 342,
    change: 'channel objects carry can_add_subscribers_group',
    where: 'channel and subscription objects',
  },
  field_can_subscribe_group: {
    level: 357,
    change: 'channel objects carry can_subscribe_group',
    where: 'channel and subscription objects',
  },
  field_channel_folder_id: {
    level: 389,
    change: 'channel objects carry folder_id',
    where: 'channel and subscription objects',
  },
  field_channel_topics_policy: {
    level: 392,
    change: 'channel objects carry topics_policy',
    where: 'channel and subscription objects',
  },
  field_subscriber_count: {
    level: 394,
    change: 'channel objects carry subscriber_count',
    where: 'channel and subscription objects',
  },
  field_can_move_messages_channel_groups: {
    level: 396,
    change:
      'channel objects carry can_move_messages_out_of_channel_group and can_move_messages_within_channel_group',
    where: 'channel and subscription objects',
  },
  field_can_resolve_topics_group: {
    level: 402,
    change: 'channel objects carry can_resolve_topics_group',
    where: 'channel and subscription objects',
  },
  field_can_delete_message_channel_groups: {
    level: 407,
    change: 'channel objects carry can_delete_any_message_group and can_delete_own_message_group',
    where: 'channel and subscription objects',
  },
  field_partial_subscribers: {
    level: 412,
    change: 'subscription objects may carry partial_subscribers',
    where: 'register subscriptions, GET /users/me/subscriptions',
  },
  field_direct_subgroup_ids: {
    level: 131,
    change: 'user group subgroups are listed as direct_subgroup_ids',
    where: 'user group objects',
  },
  field_can_mention_group_id: {
    level: 191,
    change: 'user groups carry can_mention_group_id (a group id)',
    where: 'user group objects',
  },
  field_can_mention_group: {
    level: 198,
    change: 'can_mention_group_id is renamed can_mention_group',
    where: 'user group objects',
  },
  field_group_setting_objects: {
    level: 258,
    change: 'can_mention_group may be an anonymous group object (a group id before)',
    where: 'user group objects',
  },
  field_can_manage_group: {
    level: 283,
    change: 'user groups carry can_manage_group',
    where: 'user group objects (GET /user_groups, register, user_group events)',
  },
  field_group_deactivated: {
    level: 290,
    change: 'user groups carry deactivated',
    where: 'user group objects',
  },
  field_group_creator: {
    level: 292,
    change: 'user groups carry creator_id and date_created',
    where: 'user group objects',
  },
  field_can_join_group: {
    level: 301,
    change: 'user groups carry can_join_group',
    where: 'user group objects',
  },
  field_can_add_members_group: {
    level: 305,
    change: 'user groups carry can_add_members_group',
    where: 'user group objects',
  },
  field_can_leave_group: {
    level: 308,
    change: 'user groups carry can_leave_group',
    where: 'user group objects',
  },
  field_can_remove_members_group: {
    level: 324,
    change: 'user groups carry can_remove_members_group',
    where: 'user group objects',
  },
  field_created_group_id: {
    level: 317,
    change: 'POST /user_groups/create answers the new group_id',
    where: 'POST /user_groups/create',
  },
  field_new_subscription_messages_sent: {
    level: 397,
    change: 'POST /users/me/subscriptions answers new_subscription_messages_sent',
    where: 'POST /users/me/subscriptions',
  },
  field_linkifier_url_template: {
    level: 176,
    change:
      'linkifiers carry an RFC 6570 url_template (url_format_string with %(name)s before); register sends realm_linkifiers only to clients with linkifier_url_template',
    where:
      'GET /realm/linkifiers, register realm_linkifiers and realm_filters (triples before), realm_linkifiers events',
  },
  default_streams_as_ids: {
    level: 330,
    change: 'register realm_default_streams lists channel ids (channel objects before)',
    where: 'POST /register realm_default_streams',
  },
  field_realm_url: {
    level: 257,
    change: 'register and server settings carry realm_url beside the deprecated realm_uri',
    where: 'POST /register, GET /server_settings',
  },
  restart_immediate_field: {
    level: 0,
    until: 240,
    change: 'restart events carry immediate (whether clients should reload at once); removed at 240',
    where: 'restart events',
  },
  field_realm_announcements_streams: {
    level: 241,
    change:
      'realm_notifications_stream_id and realm_signup_notifications_stream_id are renamed realm_new_stream_announcements_stream_id and realm_signup_announcements_stream_id',
    where: 'POST /register',
  },
  field_presence_last_update_id: {
    level: 263,
    change: 'register carries presence_last_update_id',
    where: 'POST /register presence section',
  },
  field_saved_snippets: {
    level: 297,
    change: 'register carries saved_snippets',
    where: 'POST /register',
  },
  field_channel_folders: {
    level: 389,
    change: 'register carries channel_folders',
    where: 'POST /register',
  },
  field_navigation_views: {
    level: 390,
    change: 'register carries navigation_views',
    where: 'POST /register',
  },
  field_navigation_tour_video_url: {
    level: 369,
    change: 'register carries navigation_tour_video_url with the onboarding_steps section',
    where: 'POST /register',
  },
  field_register_limits_later: {
    level: 397,
    change: 'register carries max_bulk_new_subscription_messages',
    where: 'POST /register',
  },
  field_channel_folder_limits: {
    level: 410,
    change: 'register carries max_channel_folder_name_length and max_channel_folder_description_length',
    where: 'POST /register',
  },
  field_reminder_note_limit: {
    level: 415,
    change: 'register carries max_reminder_note_length',
    where: 'POST /register',
  },
  field_server_presence_intervals: {
    level: 164,
    change:
      'register carries server_presence_ping_interval_seconds and server_presence_offline_threshold_seconds',
    where: 'POST /register',
  },
  field_server_emoji_data_url: {
    level: 140,
    change: 'register carries server_emoji_data_url',
    where: 'POST /register',
  },
  field_realm_date_created: {
    level: 203,
    change: 'register carries realm_date_created',
    where: 'POST /register',
  },
  field_server_typing_periods: {
    level: 204,
    change: 'register carries the server_typing_* periods',
    where: 'POST /register',
  },
  field_create_multiuse_invite_group: {
    level: 209,
    change: 'register carries realm_create_multiuse_invite_group',
    where: 'POST /register',
  },
  field_jitsi_server_url: {
    level: 212,
    change: 'register carries realm_jitsi_server_url and server_jitsi_server_url',
    where: 'POST /register',
  },
  field_guest_user_indicator: {
    level: 216,
    change: 'register carries realm_enable_guest_user_indicator',
    where: 'POST /register',
  },
  field_can_access_all_users_group: {
    level: 225,
    change: 'register carries realm_can_access_all_users_group',
    where: 'POST /register',
  },
  field_push_notifications_end: {
    level: 231,
    change: 'register carries realm_push_notifications_enabled_end_timestamp',
    where: 'POST /register',
  },
  field_update_announcements_stream: {
    level: 242,
    change: 'register carries the update-announcements channel id',
    where: 'POST /register',
  },
  field_require_unique_names: {
    level: 246,
    change: 'register carries realm_require_unique_names',
    where: 'POST /register',
  },
  field_realm_channel_creation_groups: {
    level: 264,
    change: 'register carries realm_can_create_public_channel_group (private at 266, web-public at 280)',
    where: 'POST /register',
  },
  field_realm_private_channel_group: {
    level: 266,
    change: 'register carries realm_can_create_private_channel_group',
    where: 'POST /register',
  },
  field_realm_direct_message_groups: {
    level: 270,
    change: 'register carries realm_direct_message_initiator_group and realm_direct_message_permission_group',
    where: 'POST /register',
  },
  field_realm_web_public_channel_group: {
    level: 280,
    change: 'register carries realm_can_create_web_public_channel_group',
    where: 'POST /register',
  },
  field_realm_delete_any_message_group: {
    level: 281,
    change: 'register carries realm_can_delete_any_message_group',
    where: 'POST /register',
  },
  field_realm_delete_own_message_group: {
    level: 291,
    change: 'register carries realm_can_delete_own_message_group',
    where: 'POST /register',
  },
  field_realm_group_management: {
    level: 299,
    change: 'register carries realm_can_create_groups and realm_can_manage_all_groups',
    where: 'POST /register',
  },
  field_realm_custom_emoji_group: {
    level: 307,
    change: 'register carries realm_can_add_custom_emoji_group',
    where: 'POST /register',
  },
  field_realm_move_between_channels_group: {
    level: 310,
    change: 'register carries realm_can_move_messages_between_channels_group',
    where: 'POST /register',
  },
  field_realm_move_between_topics_group: {
    level: 316,
    change: 'register carries realm_can_move_messages_between_topics_group',
    where: 'POST /register',
  },
  field_realm_invite_users_group: {
    level: 321,
    change: 'register carries realm_can_invite_users_group',
    where: 'POST /register',
  },
  field_realm_moderation_request_channel: {
    level: 331,
    change: 'register carries realm_moderation_request_channel_id',
    where: 'POST /register',
  },
  field_realm_empty_topic_display_name: {
    level: 334,
    change: 'register carries realm_empty_topic_display_name',
    where: 'POST /register',
  },
  field_realm_add_subscribers_group: {
    level: 341,
    change: 'register carries realm_can_add_subscribers_group',
    where: 'POST /register',
  },
  field_realm_bot_groups: {
    level: 344,
    change: 'register carries realm_can_create_bots_group and realm_can_create_write_only_bots_group',
    where: 'POST /register',
  },
  field_realm_guest_dm_warning: {
    level: 348,
    change: 'register carries realm_enable_guest_user_dm_warning',
    where: 'POST /register',
  },
  field_realm_summarize_topics_group: {
    level: 350,
    change: 'register carries realm_can_summarize_topics_group',
    where: 'POST /register',
  },
  field_realm_mention_many_users_group: {
    level: 352,
    change: 'register carries realm_can_mention_many_users_group',
    where: 'POST /register',
  },
  field_realm_edit_history_policy: {
    level: 358,
    change: 'register carries realm_message_edit_history_visibility_policy',
    where: 'POST /register',
  },
  field_realm_billing_group: {
    level: 363,
    change: 'register carries realm_can_manage_billing_group',
    where: 'POST /register',
  },
  field_realm_resolve_topics_group: {
    level: 367,
    change: 'register carries realm_can_resolve_topics_group',
    where: 'POST /register',
  },
  field_realm_topics_policy: {
    level: 392,
    change: 'register carries realm_topics_policy and realm_can_set_topics_policy_group',
    where: 'POST /register',
  },
  field_realm_delete_policy_group: {
    level: 407,
    change: 'register carries realm_can_set_delete_message_policy_group',
    where: 'POST /register',
  },
  field_realm_welcome_message_text: {
    level: 416,
    change: 'register carries realm_welcome_message_custom_text',
    where: 'POST /register',
  },
  field_web_mark_read_on_scroll_policy: {
    level: 175,
    change: 'user settings carry web_mark_read_on_scroll_policy',
    where: 'register user_settings and flat settings, realm_user_settings_defaults',
  },
  field_web_stream_unreads_count_display_policy: {
    level: 210,
    change: 'user settings carry web_stream_unreads_count_display_policy',
    where: 'user settings (register, defaults)',
  },
  field_web_home_view: {
    level: 219,
    change:
      'default_view and escape_navigates_to_default_view are renamed web_home_view and web_escape_navigates_to_home_view',
    where: 'user settings (register, defaults)',
  },
  field_web_font_size: {
    level: 245,
    change: 'user settings carry web_font_size_px and web_line_height_percent',
    where: 'user settings (register, defaults)',
  },
  field_receives_typing_notifications: {
    level: 253,
    change: 'user settings carry receives_typing_notifications',
    where: 'user settings (register, defaults)',
  },
  field_web_navigate_to_sent_message: {
    level: 268,
    change: 'user settings carry web_navigate_to_sent_message',
    where: 'user settings (register, defaults)',
  },
  field_web_channel_default_view: {
    level: 269,
    change: 'user settings carry web_channel_default_view',
    where: 'user settings (register, defaults)',
  },
  field_web_animate_image_previews: {
    level: 275,
    change: 'user settings carry web_animate_image_previews',
    where: 'user settings (register, defaults)',
  },
  message_reactions_without_user: {
    level: 328,
    change:
      'reactions inside message objects lose their "user" object ({id, email, full_name, is_mirror_dummy}); unlike events, messages never got it back',
    where: 'message objects: GET /messages, GET /messages/{id}, message events',
  },
  legacy_private_message_policy_removed: {
    level: 270,
    change: 'register no longer sends realm_private_message_policy (direct_message_* groups replace it)',
    where: 'POST /register',
  },
  legacy_delete_own_message_policy_removed: {
    level: 291,
    change:
      'register no longer sends realm_delete_own_message_policy (can_delete_own_message_group replaces it)',
    where: 'POST /register',
  },
  legacy_add_custom_emoji_policy_removed: {
    level: 307,
    change: 'register no longer sends realm_add_custom_emoji_policy (can_add_custom_emoji_group replaces it)',
    where: 'POST /register',
  },
  legacy_move_between_streams_policy_removed: {
    level: 310,
    change:
      'register no longer sends realm_move_messages_between_streams_policy (can_move_messages_between_channels_group replaces it)',
    where: 'POST /register',
  },
  legacy_edit_topic_policy_removed: {
    level: 316,
    change:
      'register no longer sends realm_edit_topic_policy (can_move_messages_between_topics_group replaces it)',
    where: 'POST /register',
  },
  legacy_invite_to_realm_policy_removed: {
    level: 321,
    change: 'register no longer sends realm_invite_to_realm_policy (can_invite_users_group replaces it)',
    where: 'POST /register',
  },
  legacy_invite_to_stream_policy_removed: {
    level: 341,
    change:
      'register no longer sends realm_invite_to_stream_policy (can_add_subscribers_group replaces it; can_subscribe_other_users stays)',
    where: 'POST /register',
  },
  legacy_bot_creation_policy_removed: {
    level: 344,
    change: 'register no longer sends realm_bot_creation_policy (can_create_bots_group replaces it)',
    where: 'POST /register',
  },
  zephyr_mirror_realm_removed: {
    level: 426,
    change: 'register no longer sends realm_is_zephyr_mirror_realm',
    where: 'POST /register',
  },
  field_realm_authentication_methods_dicts: {
    level: 243,
    change:
      'realm_authentication_methods maps each method to {enabled, available, ...} (to a boolean before)',
    where: 'POST /register',
  },
  field_upload_quota_mib: {
    level: 251,
    change: 'realm_upload_quota_mib is in MiB (it was in bytes before)',
    where: 'POST /register',
  },
  field_realm_group_setting_objects: {
    level: 314,
    change:
      'realm_create_multiuse_invite_group and realm_can_access_all_users_group may be anonymous group objects (group ids before)',
    where: 'POST /register',
  },
  field_stream_delete_ids: {
    level: 343,
    change: 'stream delete events carry stream_ids (streams deprecated)',
    where: 'stream/delete events',
  },
  archived_in_never_subscribed: {
    level: 362,
    change:
      'register never_subscribed lists archived channels to clients with the archived_channels capability',
    where: 'POST /register never_subscribed',
  },
  archived_in_streams: {
    level: 378,
    change: 'register streams lists archived channels to clients with the archived_channels capability',
    where: 'POST /register streams',
  },
  archive_update_events: {
    level: 378,
    change:
      'archiving and unarchiving send stream/update is_archived to clients with archived_channels (below: delete and create to every client)',
    where: 'stream events',
  },
  subscription_email_address_removed: {
    level: 226,
    change: 'subscription objects no longer carry the channel e-mail address email_address',
    where: 'register subscriptions, GET /users/me/subscriptions, subscription/add events',
  },
  field_web_suggest_update_timezone: {
    level: 329,
    change: 'user settings carry web_suggest_update_timezone',
    where: 'user settings (register, defaults)',
  },
  // Fields of levels 1 to 235 (API changelog) that the mock sends.
  field_presence_enabled: {
    level: 3,
    change: 'user settings carry presence_enabled',
    where: 'register flat settings and user_settings',
  },
  field_server_settings_in_register: {
    level: 4,
    change:
      'register carries development_environment, server_generation, password_min_length, password_min_guesses, max_file_upload_size_mib, max_avatar_file_size_mib, server_inline_image_preview, server_inline_url_embed_preview, server_avatar_changes_disabled and server_name_changes_disabled',
    where: 'POST /register',
  },
  field_register_is_owner: {
    level: 11,
    change: 'register carries is_owner beside is_admin and is_guest',
    where: 'POST /register',
  },
  field_default_view_setting: {
    level: 42,
    change: 'user settings carry default_view (renamed web_home_view at 219)',
    where: 'user settings (register, defaults)',
  },
  field_realm_message_retention_unlimited: {
    level: 22,
    change: 'register realm_message_retention_days encodes unlimited as -1 (null before)',
    where: 'POST /register',
  },
  field_wildcard_mention_policy: {
    level: 34,
    change: 'register carries realm_wildcard_mention_policy',
    where: 'POST /register',
  },
  field_realm_playgrounds: {
    level: 49,
    change: 'register carries realm_playgrounds',
    where: 'POST /register',
  },
  field_invite_to_realm_policy: {
    level: 50,
    until: 321,
    change: 'register carries realm_invite_to_realm_policy (invite_by_admins_only before; until 321)',
    where: 'POST /register',
  },
  field_can_invite_others_to_realm: {
    level: 51,
    change: 'register carries can_invite_others_to_realm',
    where: 'POST /register',
  },
  field_register_max_lengths: {
    level: 53,
    change:
      'register carries max_topic_length and max_message_length, and max_stream_name_length and max_stream_description_length (stream_name_max_length and stream_description_max_length before)',
    where: 'POST /register',
  },
  field_realm_linkifiers: {
    level: 54,
    change: 'register carries realm_linkifiers beside the legacy realm_filters',
    where: 'POST /register',
  },
  field_giphy_rating: {
    level: 55,
    change: 'register carries realm_giphy_rating and giphy_rating_options',
    where: 'POST /register',
  },
  field_move_between_streams_policy: {
    level: 56,
    until: 310,
    change: 'register carries realm_move_messages_between_streams_policy',
    where: 'POST /register',
  },
  field_user_role: {
    level: 59,
    change: 'user objects carry role',
    where: 'GET /users, GET /users/{id}, register realm_users, realm_user events',
  },
  field_is_moderator: {
    level: 60,
    change: 'register carries is_moderator',
    where: 'POST /register',
  },
  field_presence_server_timestamp: {
    level: 70,
    change: 'register carries server_timestamp with presence data',
    where: 'POST /register presence section',
  },
  field_file_size_mib_names: {
    level: 72,
    change:
      'max_icon_file_size and max_logo_file_size are renamed max_icon_file_size_mib and max_logo_file_size_mib',
    where: 'POST /register',
  },
  field_user_is_billing_admin: {
    level: 73,
    until: 363,
    change: 'user objects carry is_billing_admin (removed at 363, when can_manage_billing_group replaced it)',
    where: 'GET /users, GET /users/{id}, register realm_users, realm_user events',
  },
  field_server_needs_upgrade: {
    level: 74,
    change: 'register carries server_needs_upgrade and event_queue_longpoll_timeout_seconds',
    where: 'POST /register',
  },
  field_edit_topic_policy: {
    level: 75,
    until: 316,
    change: 'register carries realm_edit_topic_policy (allow_community_topic_editing before)',
    where: 'POST /register',
  },
  field_email_batching_period: {
    level: 82,
    change: 'user settings carry email_notifications_batching_period_seconds',
    where: 'user settings (register, defaults)',
  },
  field_add_custom_emoji_policy: {
    level: 85,
    until: 307,
    change: 'register carries realm_add_custom_emoji_policy (add_emoji_by_admins_only before)',
    where: 'POST /register',
  },
  field_drafts: {
    level: 87,
    change: 'register carries drafts and the enable_drafts_synchronization setting',
    where: 'POST /register',
  },
  field_user_settings_object: {
    level: 89,
    change: 'register carries the user_settings object',
    where: 'POST /register',
  },
  field_realm_user_settings_defaults: {
    level: 95,
    change: 'register carries realm_user_settings_defaults',
    where: 'POST /register',
  },
  field_delete_limit_null: {
    level: 100,
    change: 'realm_message_content_delete_limit_seconds is null for no limit (0 before)',
    where: 'POST /register',
  },
  field_delete_own_message_policy: {
    level: 101,
    until: 291,
    change: 'register carries realm_delete_own_message_policy (allow_message_deleting before)',
    where: 'POST /register',
  },
  field_create_stream_policy_split: {
    level: 102,
    change:
      'realm_create_stream_policy is split into realm_create_public_stream_policy and realm_create_private_stream_policy',
    where: 'POST /register',
  },
  field_web_public_stream_policy: {
    level: 103,
    change: 'register carries realm_create_web_public_stream_policy and can_create_web_public_streams',
    where: 'POST /register',
  },
  field_privacy_typing_settings: {
    level: 105,
    change:
      'user settings carry send_private_typing_notifications, send_stream_typing_notifications and send_read_receipts',
    where: 'user settings (register, defaults)',
  },
  field_escape_navigates_setting: {
    level: 107,
    change: 'user settings carry escape_navigates_to_default_view (renamed at 219)',
    where: 'user settings (register, defaults)',
  },
  field_spectator_access: {
    level: 109,
    change: 'register carries realm_enable_spectator_access',
    where: 'POST /register',
  },
  field_server_web_public_streams: {
    level: 110,
    change: 'register carries server_web_public_streams_enabled',
    where: 'POST /register',
  },
  field_display_emoji_reaction_users: {
    level: 125,
    change: 'user settings carry display_emoji_reaction_users',
    where: 'user settings (register, defaults)',
  },
  field_realm_org_type: {
    level: 128,
    change: 'register carries realm_org_type',
    where: 'POST /register',
  },
  field_communities_directory: {
    level: 129,
    change: 'register carries realm_want_advertise_in_communities_directory',
    where: 'POST /register',
  },
  field_user_topics: {
    level: 134,
    change: 'register carries user_topics',
    where: 'POST /register',
  },
  field_read_receipts_setting: {
    level: 137,
    change: 'register carries realm_enable_read_receipts',
    where: 'POST /register',
  },
  field_edit_limit_null: {
    level: 138,
    change: 'realm_message_content_edit_limit_seconds is null for no limit (0 before)',
    where: 'POST /register',
  },
  field_user_list_style: {
    level: 141,
    change: 'user settings carry user_list_style',
    where: 'user settings (register, defaults)',
  },
  field_move_limits: {
    level: 162,
    change:
      'register carries realm_move_messages_within_stream_limit_seconds and realm_move_messages_between_streams_limit_seconds',
    where: 'POST /register',
  },
  field_user_email_address_visibility: {
    level: 163,
    change: 'user settings carry email_address_visibility',
    where: 'user settings (register, defaults)',
  },
  field_realm_name_in_email_notifications_policy: {
    level: 168,
    change:
      'user settings carry realm_name_in_email_notifications_policy (the boolean realm_name_in_notifications before)',
    where: 'user settings (register, defaults)',
  },
  field_scheduled_messages: {
    level: 179,
    change: 'register carries scheduled_messages',
    where: 'POST /register',
  },
  field_followed_topic_notifications: {
    level: 189,
    change: 'user settings carry the enable_followed_topic_* notification settings',
    where: 'user settings (register, defaults)',
  },
  field_automatic_follow_policies: {
    level: 214,
    change:
      'user settings carry automatically_follow_topics_policy and automatically_unmute_topics_in_muted_streams_policy',
    where: 'user settings (register, defaults)',
  },
  field_follow_topics_where_mentioned: {
    level: 235,
    change: 'user settings carry automatically_follow_topics_where_mentioned',
    where: 'user settings (register, defaults)',
  },
  field_giphy_api_key: {
    level: 47,
    change: 'register carries giphy_api_key (the giphy section)',
    where: 'POST /register',
  },
  field_onboarding_steps: {
    level: 233,
    change:
      'register sends onboarding_steps, requested as onboarding_steps (hotspots, requested as hotspots, before)',
    where: 'POST /register',
  },

  // --- Endpoints beyond the spec that real clients call ---------------------------------------------------
  emoji_not_found_404: {
    level: 190,
    change: 'deleting a missing or deactivated custom emoji answers HTTP 404 (400 before), code BAD_REQUEST',
    where: 'DELETE /realm/emoji/{emoji_name}',
  },
  upload_temporary_url: {
    level: 1,
    change: 'GET /user_uploads/{path_id} under /api/v1 answers a temporary URL of a file (below: 404)',
    where: 'GET /api/v1/user_uploads/{realm_id}/{dir}/{key}/{filename}',
  },
  read_receipts: {
    level: 137,
    change:
      'GET /messages/{id}/read_receipts lists who read a message (below: the route does not exist, 404)',
    where: 'GET /messages/{message_id}/read_receipts',
  },
  read_receipts_hide_muted: {
    level: 144,
    change: 'read receipts leave out users the caller muted and users who muted the caller',
    where: 'GET /messages/{message_id}/read_receipts user_ids',
  },
  mute_topic_idempotent: {
    level: 169,
    change:
      'muting a muted topic or unmuting an unmuted one succeeds (below: "Topic already muted" / "Topic is not muted")',
    where: 'PATCH /users/me/subscriptions/muted_topics',
  },
  profile_field_summary: {
    level: 146,
    change: 'custom profile fields carry display_in_profile_summary',
    where: 'GET /realm/profile_fields, custom_profile_fields snapshot and events',
  },
  profile_field_pronouns: {
    level: 151,
    change: 'the pronouns custom profile field type (8) exists',
    where: 'custom_profile_field_types in register; fixture fields of type 8 are still listed',
  },
  profile_field_required: {
    level: 244,
    change: 'custom profile fields carry required',
    where: 'GET /realm/profile_fields, custom_profile_fields snapshot and events',
  },
  upload_url: {
    level: 272,
    change: 'POST /user_uploads answers url beside the deprecated uri (below: uri only)',
    where: 'POST /user_uploads response',
  },
  upload_filename: {
    level: 286,
    change: 'POST /user_uploads answers filename, the name as uploaded',
    where: 'POST /user_uploads response',
  },
  profile_field_editable_by_user: {
    level: 296,
    change: 'custom profile fields carry editable_by_user',
    where: 'GET /realm/profile_fields, custom_profile_fields snapshot and events',
  },
  muted_users: {
    level: 48,
    change: 'users may mute other users (below: the muted_users routes do not exist, 404)',
    where: 'POST and DELETE /users/me/muted_users/{id}, muted_users snapshot and events',
  },
  status_emoji: {
    level: 86,
    change: 'a status may have an emoji (below: emoji_name, emoji_code and reaction_type are unknown)',
    where: 'POST /users/me/status parameters',
  },
  status_away_is_presence: {
    level: 148,
    change:
      'the deprecated away flag of a status sets presence_enabled to its opposite, and reads back from it',
    where: 'POST /users/me/status away, user_status snapshot and GET /users/{id}/status',
  },
  mute_bots: {
    level: 188,
    change: 'bots may be muted and unmuted (below: a bot is "No such user")',
    where: 'POST and DELETE /users/me/muted_users/{id}',
  },
  user_status_admin: {
    level: 407,
    change: "administrators may change another user's status (below: the route does not exist, 404)",
    where: 'POST /users/{id}/status',
  },
  // --- 436–503: register, users, bots, settings
  // Register keys, user, bot and settings fields of levels 221 to 503 that the web app's state schemas and
  // the published register schema require (src/versions/register-facts.ts names the sources). Entries named
  // field_* are the levels of src/versions/fields.ts.
  field_server_supported_permission_settings: {
    level: 221,
    change: 'register carries server_supported_permission_settings (realm, stream and group settings)',
    where: 'POST /register',
  },
  field_server_thumbnail_formats: {
    level: 273,
    change: 'register carries server_thumbnail_formats (the formats uploaded images are thumbnailed into)',
    where: 'POST /register',
  },
  field_allow_private_data_export: {
    level: 293,
    change: 'user settings carry allow_private_data_export',
    where: 'user settings (register, defaults)',
  },
  field_realm_deletion_days: {
    level: 332,
    change:
      'register carries server_min_deactivated_realm_deletion_days and server_max_deactivated_realm_deletion_days',
    where: 'POST /register',
  },
  field_password_max_length: {
    level: 338,
    change: 'register carries password_max_length',
    where: 'POST /register',
  },
  field_server_can_summarize_topics: {
    level: 350,
    change: 'register carries server_can_summarize_topics (false: the mock has no summarization model)',
    where: 'POST /register',
  },
  field_realm_billing: {
    level: 363,
    change: 'register carries realm_billing {has_pending_sponsorship_request}',
    where: 'POST /register realm_billing section',
  },
  field_web_left_sidebar_unreads_count_summary: {
    level: 398,
    change: 'user settings carry web_left_sidebar_unreads_count_summary',
    where: 'user settings (register, defaults)',
  },
  field_reminders: {
    level: 399,
    change: 'register carries reminders (the mock schedules no reminders: always [])',
    where: 'POST /register reminders section',
  },
  field_push_devices: {
    level: 406,
    until: 468,
    change:
      'register carries push_devices (until 468, when devices replaced it); the mock registers no E2EE push devices, so it is {}',
    where: 'POST /register push_device section',
  },
  field_realm_require_e2ee_push_notifications: {
    level: 409,
    change: 'register carries realm_require_e2ee_push_notifications',
    where: 'POST /register, realm settings',
  },
  field_web_left_sidebar_show_channel_folders: {
    level: 411,
    change: 'user settings carry web_left_sidebar_show_channel_folders',
    where: 'user settings (register, defaults)',
  },
  field_web_inbox_show_channel_folders: {
    level: 431,
    change: 'user settings carry web_inbox_show_channel_folders',
    where: 'user settings (register, defaults)',
  },
  field_user_is_imported_stub: {
    level: 433,
    change: 'user objects carry is_imported_stub (false: the mock imports no stub accounts)',
    where:
      'GET /users, GET /users/{id}, register realm_users, realm_non_active_users, cross_realm_bots, realm_user events',
  },
  field_realm_send_channel_events_messages: {
    level: 434,
    change: 'register carries realm_send_channel_events_messages',
    where: 'POST /register, realm settings',
  },
  field_server_report_message_types: {
    level: 435,
    change: 'register carries server_report_message_types ({key, name} report reasons)',
    where: 'POST /register',
  },
  field_realm_owner_full_content_access: {
    level: 438,
    change: 'register carries realm_owner_full_content_access (false for the dev realm)',
    where: 'POST /register',
  },
  field_can_create_topic_group: {
    level: 441,
    change:
      'channel objects carry can_create_topic_group (role:everyone unless set); a message to a topic without messages needs the sender (or a bot\'s owner) in it, administrators included: "You do not have permission to create new topics in this channel." (below: anyone who may post starts topics)',
    where: 'channel and subscription objects (register, GET /streams, GET /users/me/subscriptions, events)',
  },
  field_tenor_api_key: {
    level: 442,
    change: 'register carries tenor_api_key ("": the mock configures no Tenor key)',
    where: 'POST /register',
  },
  field_giphy_rating_options_name: {
    level: 55,
    until: 442,
    change: 'register carries the GIF rating choices as giphy_rating_options (gif_rating_options from 442)',
    where: 'POST /register',
  },
  field_gif_rating_options_name: {
    level: 442,
    until: 453,
    change:
      'register carries the GIF rating choices as gif_rating_options (gif_rating_policy_options from 453)',
    where: 'POST /register',
  },
  field_gif_rating_policy: {
    level: 453,
    change:
      'realm_giphy_rating is renamed realm_gif_rating_policy and the choices gif_rating_policy_options (the realm/update property giphy_rating becomes gif_rating_policy)',
    where: 'POST /register, realm events',
  },
  web_home_view_recent: {
    level: 454,
    change: 'web_home_view names the recent view "recent" (below: "recent_topics")',
    where: 'PATCH /settings, PATCH /realm/user_settings_defaults, user settings in register and events',
  },
  field_realm_default_avatar_source: {
    level: 456,
    change:
      'register carries realm_default_avatar_source ("G" or "J"); users created while it is "J" get a Jdenticon from level 466 (avatar_source "J", avatar_url the user-avatar path, never null for client_gravatar)',
    where: 'POST /register, realm settings',
  },
  field_realm_uuid: {
    level: 466,
    change: 'register carries realm_uuid; avatar_source may be "J" (Jdenticon) from here',
    where: 'POST /register, user avatar_source',
  },
  field_devices: {
    level: 468,
    change:
      'register carries devices (the client devices registered with POST /register_client_device, keyed by id)',
    where: 'POST /register device section',
  },
  field_realm_media_preview_size: {
    level: 469,
    change: 'register carries realm_media_preview_size',
    where: 'POST /register, realm settings',
  },
  bot_user_fields: {
    level: 0,
    until: 474,
    change:
      'bot objects carry api_key, avatar_url, bot_type, email, full_name, is_active and owner_id, and realm_bot/update is sent for changes of them (from 474: none of these, clients read the user object)',
    where: 'register realm_bots, realm_bot events',
  },
  date_joined_first_login: {
    level: 475,
    change:
      'date_joined is the first login of stub and API-created users; the mock creates accounts that are logged in at once, so date_joined stays the creation time and no realm_user/update is sent for it',
    where: 'user objects, realm_user events',
  },
  field_realm_workplace_users_group: {
    level: 477,
    change: 'register carries realm_workplace_users_group (a group-setting value)',
    where: 'POST /register, realm settings',
  },
  idle_queue_timeout: {
    level: 481,
    change:
      'register accepts idle_queue_timeout (seconds, or "mobile" for 12 hours; 10 minutes when absent, at most 7 days), the queue is kept that long without polling, and the answer carries idle_queue_timeout_secs (below: the parameter is unknown)',
    where: 'POST /register',
  },
  webhook_input_type: {
    level: 485,
    change:
      'url_options of realm_incoming_webhook_bots name validator input_type (the mock offers no incoming webhook integrations: the list is empty)',
    where: 'POST /register realm_incoming_webhook_bots',
  },
  field_klipy_api_key: {
    level: 486,
    change: 'register carries klipy_api_key ("": the mock configures no KLIPY key)',
    where: 'POST /register',
  },
  field_user_is_deleted: {
    level: 490,
    change: 'user objects carry is_deleted (false: the mock deletes no accounts)',
    where: 'GET /users, GET /users/{id}, register realm_users, realm_non_active_users, realm_user events',
  },
  field_has_webex_token: {
    level: 493,
    change:
      "register carries has_webex_token (true only when the realm's video call provider is Webex: the mock has no OAuth flow)",
    where: 'POST /register video_calls section',
  },
  // --- 436–503: endpoints, narrows, messages, events
  // Items of the API changelog from 436 to 503 about endpoints, parameters, narrows, message, reaction,
  // attachment, linkifier, emoji and realm shapes, and events. Where a row describes something the mock cannot
  // hold, `change` says what the mock answers instead (always in the documented shape).
  emoji_only_enlarged: {
    level: 436,
    change:
      'the formatting spec says emoji-only messages show enlarged emoji; that is a client display rule, the rendered HTML is the same, so the mock renders as before',
    where: 'message formatting (rendered_content)',
  },
  markdown_image_syntax: {
    level: 437,
    change:
      'Markdown image syntax ![alt](url) is part of the formatting spec; the mock renders it as a link to the URL at every level (it makes no image previews of its own)',
    where: 'message formatting (rendered_content)',
  },
  guest_users_without_fake_users: {
    level: 437,
    change:
      'GET /users no longer gives guests fake backwards-compatibility users (a server bug from 232); the mock never had that bug, so every level answers the real users a guest can see',
    where: 'GET /users, GET /users/{id}, GET /users/{email}',
  },
  legacy_settings_events_removed: {
    level: 439,
    change:
      'update_display_settings and update_global_notifications are no longer sent (below: sent beside user_settings to clients without user_settings_object)',
    where: 'update_display_settings and update_global_notifications events',
  },
  user_channels_endpoint: {
    level: 440,
    change:
      'GET /users/{id}/channels lists the ids of the channels a user is subscribed to whose subscribers the caller may see (administrators: all); an unknown or inaccessible user is "No such user" (below: 404)',
    where: 'GET /users/{user_id}/channels',
  },
  attachment_times_in_seconds: {
    level: 443,
    change: 'attachments give create_time and date_sent in seconds (below: milliseconds)',
    where: 'GET /attachments, register attachments, attachment events, PATCH /messages/{id} detached_uploads',
  },
  anchor_date: {
    level: 445,
    change:
      'anchor may be "date" with anchor_date (an ISO 8601 time): the anchor is the first message of the narrow sent at or after that time, or the newest when none is (below: "Invalid anchor", anchor_date ignored)',
    where: 'GET /messages anchor, anchor_date',
  },
  mentions_narrow: {
    level: 446,
    change:
      'the narrow operator "mentions" (a user id or e-mail): messages with a direct, visible (not silent, not through a group) mention of that user (below: unknown operator)',
    where: 'GET /messages, GET /messages/matches_narrow, POST /messages/flags/narrow, register narrow',
  },
  bot_short_name_edit: {
    level: 447,
    change:
      'PATCH /bots/{id} takes short_name; the mock has no PATCH /bots/{id} (bots are fixed by the realm file), so this changes nothing it serves',
    where: 'PATCH /bots/{bot_id}',
  },
  channel_email_needs_post_permission: {
    level: 448,
    change:
      "a channel's e-mail address needs permission to post; the mock has no channel e-mail gateway (GET /streams/{id}/email_address answers 404 at every level)",
    where: 'GET /streams/{stream_id}/email_address',
  },
  export_type_strings: {
    level: 449,
    change:
      'realm exports name export_type with strings (public, full_with_consent, full_without_consent); the mock serves no export endpoints (its realm export is a CLI command)',
    where: 'POST /export/realm, GET /export/realm, realm_export events',
  },
  push_device_account_id_integer: {
    level: 450,
    until: 468,
    change:
      'push_device events carry push_account_id as an integer; the mock registers no E2EE push devices, so it never sends push_device events (removed at 468)',
    where: 'push_device events',
  },
  invalid_timestamp_plain_text: {
    level: 451,
    change: 'an invalid <time:...> renders as plain escaped text (below: <span class="timestamp-error">)',
    where: 'message formatting (rendered_content)',
  },
  retention_delete_events: {
    level: 452,
    change:
      'messages deleted by a retention policy send delete_message; the mock runs no retention policy, so nothing is deleted that way at any level',
    where: 'delete_message events',
  },
  delete_event_needs_content_access: {
    level: 457,
    change:
      "the deleter receives delete_message only when they can read the messages' channel, with only the ids they can read (from 274 to 456: always, every id)",
    where: 'delete_message events',
  },
  bot_queries_fixed: {
    level: 458,
    change:
      'GET /users/{id}/channels, GET /users/{id}/subscriptions/{stream_id} and GET /user_groups/{id}/members/{user_id} answer for bots (a server bug before); the mock answers for bots at every level where the endpoint exists',
    where:
      'GET /users/{id}/channels, GET /users/{id}/subscriptions/{stream_id}, GET /user_groups/{id}/members/{user_id}',
  },
  deactivate_user_actions: {
    level: 459,
    change:
      'DELETE /users/{id} takes actions ({delete_profile, delete_public_channel_messages, delete_private_channel_messages, delete_direct_messages}): the chosen kinds of messages the user sent are deleted, one delete_message per conversation; delete_profile is accepted and changes nothing the mock serves (below: ignored)',
    where: 'DELETE /users/{user_id} actions',
  },
  constructor_groups_calls: {
    level: 460,
    change:
      'POST /calls/constructorgroups/create answers a call URL; the mock has no server configuration, so the provider (id 6) counts as configured when the realm\'s video_chat_provider names it, and the URL is deterministic (https://svc.constructor.app/groups/room/svc-room-N); otherwise "Constructor Groups is not configured." (below: 404)',
    where: 'POST /calls/constructorgroups/create',
  },
  realm_bot_email_update_event: {
    level: 461,
    change:
      "realm_bot/update is sent when a bot's e-mail changes; the mock cannot change a bot's e-mail (no PATCH /bots/{id}), so it sends none",
    where: 'realm_bot events',
  },
  realm_description_rendered: {
    level: 462,
    until: 464,
    change:
      'realm/update for description carries rendered_description; the mock has no PATCH /realm, so the description never changes and no such event is sent',
    where: 'realm events',
  },
  bot_api_key_endpoint: {
    level: 463,
    change: "GET /bots/{id}/api_key answers a bot's API key to its owner and to administrators (below: 404)",
    where: 'GET /bots/{bot_id}/api_key',
  },
  realm_description_update_dict: {
    level: 464,
    change:
      'a description change is sent as realm/update_dict (below: realm/update); the mock has no PATCH /realm, so it sends neither',
    where: 'realm events',
  },
  nextcloud_talk_calls: {
    level: 465,
    change:
      'POST /calls/nextcloud_talk/create (room_name) answers a conversation URL when the realm\'s video_chat_provider is Nextcloud Talk (id 7; deterministic https://nextcloud.svc.test/index.php/call/svc… URLs); otherwise "Nextcloud Talk is not configured." (below: 404)',
    where: 'POST /calls/nextcloud_talk/create',
  },
  markdown_image_uploads_only: {
    level: 467,
    change:
      'Markdown image syntax accepts uploaded images only; the mock renders ![alt](url) as a link at every level (no inline images)',
    where: 'message formatting (rendered_content)',
  },
  client_device_registration: {
    level: 468,
    change:
      "POST /register_client_device registers a logged-in device and answers its device_id; device/add goes to the user, and register devices lists the user's devices (push fields null: the mock sends no E2EE pushes) (below: 404)",
    where: 'POST /register_client_device, device events',
  },
  push_device_event_removed: {
    level: 468,
    change:
      'the push_device event is gone (devices replace it); the mock never sent it, having no E2EE push devices',
    where: 'push_device events',
  },
  client_device_removal: {
    level: 470,
    change:
      'POST /remove_client_device removes one of the caller\'s devices and sends device/remove; another user\'s or an unknown id is "Invalid `device_id`" (below: 404)',
    where: 'POST /remove_client_device',
  },
  linkifier_reverse_template: {
    level: 471,
    change:
      'linkifiers carry example_input and reverse_template (null when unset); POST and PATCH /realm/filters take them; reverse_template needs example_input, and an empty string clears either (below: the parameters are ignored, the fields absent)',
    where:
      'GET /realm/linkifiers, POST /realm/filters, PATCH /realm/filters/{id}, register realm_linkifiers, realm_linkifiers events',
  },
  attachment_message_ids: {
    level: 472,
    change: 'attachments list message_ids (below: messages, a list of {id, date_sent})',
    where: 'GET /attachments, register attachments, attachment events',
  },
  status_admin_bots: {
    level: 473,
    change: "bots with administrator rights may change another user's status (below: bots are refused)",
    where: 'POST /users/{user_id}/status',
  },
  paragraph_profile_summary: {
    level: 476,
    change:
      'display_in_profile_summary may be true for Paragraph fields (type 4) (below: refused as for other long types)',
    where: 'POST /realm/profile_fields, PATCH /realm/profile_fields/{id}',
  },
  linkifier_alternative_url_templates: {
    level: 478,
    change:
      'linkifiers carry alternative_url_templates (a list, used for reverse linkification only); POST and PATCH /realm/filters take it (below: ignored, the field absent)',
    where:
      'GET /realm/linkifiers, POST /realm/filters, PATCH /realm/filters/{id}, register realm_linkifiers, realm_linkifiers events',
  },
  thumbnail_status_endpoint: {
    level: 479,
    change:
      'GET /thumbnail/status/{realm_id_str}/{filename} says whether thumbnails of an upload exist; the mock makes no thumbnails, so has_thumbnail is false, and an unknown or inaccessible file is 404 (below: 404)',
    where: 'GET /thumbnail/status/{realm_id_str}/{filename}',
  },
  archived_channel_details: {
    level: 480,
    change:
      'details, subscribers and topics of archived channels can be fetched (below: "Invalid channel ID")',
    where: 'GET /streams/{stream_id}, GET /streams/{stream_id}/members, GET /users/me/{stream_id}/topics',
  },
  dm_recipient_id_changed: {
    level: 482,
    change:
      "the recipient_id of 1:1 direct messages took new values (same meaning: the conversation with one user); the mock's recipient ids keep that meaning at every level",
    where: 'message objects recipient_id',
  },
  push_register_replaces_legacy: {
    level: 483,
    change:
      'an E2EE push device registration removes legacy tokens of the same token; the mock has no POST /mobile_push/register (it sends no pushes)',
    where: 'POST /mobile_push/register',
  },
  reaction_event_user_removed: {
    level: 484,
    change: 'reaction events no longer carry the "user" object (below: sent from 339, as before 328)',
    where: 'reaction events',
  },
  user_presence_modern: {
    level: 487,
    change:
      "GET /users/{id}/presence answers the user's presence as active_timestamp and idle_timestamp (below: the legacy {client: {status, timestamp, client, pushable}, aggregated: {...}} keys)",
    where: 'GET /users/{user_id_or_email}/presence',
  },
  server_settings_discord_auth: {
    level: 488,
    change:
      'authentication_methods of GET /server_settings carries discord (false: the mock has no Discord login)',
    where: 'GET /server_settings authentication_methods',
  },
  channels_archived_narrow: {
    level: 489,
    change:
      'the narrow "channels:archived": messages the user received in archived channels (below: "unknown channels operand archived")',
    where: 'GET /messages, GET /messages/matches_narrow, POST /messages/flags/narrow, register narrow',
  },
  individual_emoji_changes: {
    level: 491,
    change:
      'the client capability individual_emoji_changes: such clients get realm_emoji/add (the new emoji) and realm_emoji/update_one ({emoji_id, deactivated}) instead of the full realm_emoji/update (below: ignored)',
    where: 'POST /register client_capabilities, realm_emoji events',
  },
  regenerate_key_removes_push_devices: {
    level: 492,
    change:
      "regenerating a user's API key removes their E2EE push devices; the mock has neither the endpoint nor E2EE push devices",
    where: 'POST /users/me/api_key/regenerate',
  },
  webex_calls: {
    level: 493,
    change:
      'POST /calls/webex/create answers a meeting URL when the realm\'s video_chat_provider is Webex (id 8), every user then counting as having a Webex token (has_webex_token true; the mock sends no has_webex_token events, there being no OAuth flow); otherwise "Webex credentials have not been configured" (below: 404)',
    where: 'POST /calls/webex/create, has_webex_token events',
  },
  bot_storage_bots_only: {
    level: 494,
    change: 'the bot_storage endpoints require a bot; the mock has no bot storage (404 at every level)',
    where: 'GET, PUT, DELETE /bot_storage',
  },
  quicktime_inline_video: {
    level: 495,
    change:
      'uploaded .mov videos render as inline videos; the mock makes no inline previews of uploads, so their links render as links at every level',
    where: 'message formatting (rendered_content)',
  },
  user_groups_for_bots: {
    level: 496,
    change:
      'bots may call the user group endpoints (guests still may not) (below: "This endpoint does not accept bot requests.")',
    where:
      'GET /user_groups, POST /user_groups/create, PATCH /user_groups/{id}, the members and subgroups endpoints',
  },
  user_presence_legacy_keys: {
    level: 497,
    change:
      'GET /users/{id}/presence answers the legacy website and aggregated keys beside active_timestamp and idle_timestamp, and server_timestamp (487 to 496: the modern fields only, no server_timestamp)',
    where: 'GET /users/{user_id_or_email}/presence',
  },
  global_time_iso_only: {
    level: 503,
    change:
      '<time:...> recognizes ISO 8601 times only (below: also other date texts); the mock reads ISO 8601 and UNIX times below, ISO 8601 only from here',
    where: 'message formatting (rendered_content)',
  },
} as const satisfies Record<string, Behaviour>;

export type BehaviourName = keyof typeof BEHAVIOURS;
