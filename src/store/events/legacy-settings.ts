/** The legacy settings events (update_display_settings, update_global_notifications) for older clients. */
import type { EventPayload } from '../store.js';

/** Settings that old clients learn about through update_display_settings (timezone included). */
export const DISPLAY_SETTINGS = new Set([
  'color_scheme',
  'default_language',
  'web_home_view',
  'default_view',
  'demote_inactive_streams',
  'dense_mode',
  'emojiset',
  'enable_drafts_synchronization',
  'enter_sends',
  'web_escape_navigates_to_home_view',
  'escape_navigates_to_default_view',
  'fluid_layout_width',
  'high_contrast_mode',
  'left_side_userlist',
  'translate_emoticons',
  'display_emoji_reaction_users',
  'twenty_four_hour_time',
  'starred_message_counts',
  'user_list_style',
  'web_mark_read_on_scroll_policy',
  'web_channel_default_view',
  'web_font_size_px',
  'web_line_height_percent',
  'web_stream_unreads_count_display_policy',
  'web_animate_image_previews',
  'web_navigate_to_sent_message',
  'receives_typing_notifications',
  'web_suggest_update_timezone',
  'timezone',
]);

/** Settings that old clients learn about through update_global_notifications. */
export const NOTIFICATION_SETTINGS = new Set([
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'enable_stream_audible_notifications',
  'wildcard_mentions_notify',
  'notification_sound',
  'enable_desktop_notifications',
  'enable_sounds',
  'email_notifications_batching_period_seconds',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_followed_topic_desktop_notifications',
  'enable_followed_topic_email_notifications',
  'enable_followed_topic_push_notifications',
  'enable_followed_topic_audible_notifications',
  'enable_followed_topic_wildcard_mentions_notify',
  'enable_digest_emails',
  'enable_marketing_emails',
  'enable_login_emails',
  'message_content_in_email_notifications',
  'pm_content_in_desktop_notifications',
  'desktop_icon_count_display',
  'realm_name_in_email_notifications_policy',
  'presence_enabled',
]);

/** The legacy events that accompany a user_settings/update for a queue without user_settings_object. */
export function legacySettingsEvents(event: EventPayload, userEmail: string): EventPayload[] {
  const property = String(event.property);
  const out: EventPayload[] = [];
  if (NOTIFICATION_SETTINGS.has(property)) {
    out.push({
      type: 'update_global_notifications',
      notification_name: property,
      setting: event.value,
      user: userEmail,
    });
  }
  if (DISPLAY_SETTINGS.has(property)) {
    const legacy: EventPayload = {
      type: 'update_display_settings',
      setting_name: property,
      setting: event.value,
      user: userEmail,
    };
    if (event.language_name !== undefined) legacy.language_name = event.language_name;
    out.push(legacy);
  }
  return out;
}
