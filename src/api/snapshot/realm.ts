/** The `realm` section of POST /register: organization settings, limits and server facts. */
import { renderedRealmDescription } from '../../store/realm-info.js';
import type { Store } from '../../store/store.js';
import type { AppServices } from '../services.js';
import { has } from '../../versions/index.js';
import { serverGeneration } from '../routes/svc-mock-restart.js';
import { legacyPolicies } from './legacy-policies.js';
import { realmUuid, serverFacts } from './server-facts.js';
import { configuredCallProvider } from '../../store/video-calls/providers.js';

/** Published maximum sizes (reference values; longer content and topics are truncated, names refused). */
export const LIMITS = {
  max_message_length: 10000,
  max_topic_length: 60,
  max_stream_name_length: 60,
  max_stream_description_length: 1024,
  max_channel_folder_name_length: 60,
  max_channel_folder_description_length: 1024,
  max_user_group_name_length: 100,
  max_bulk_new_subscription_messages: 100,
  max_reminder_note_length: 1000,
} as const;

/** The Jitsi Meet server of the server's configuration. */
const SERVER_JITSI_URL = 'https://meet.jit.si';

/** The GIF ratings an administrator may choose. */
const GIF_RATING_OPTIONS = {
  disabled: { name: 'GIF integration disabled', id: 0 },
  y: { name: 'Allow GIFs rated Y (Very young audience)', id: 1 },
  g: { name: 'Allow GIFs rated G (General audience)', id: 2 },
  pg: { name: 'Allow GIFs rated PG (Parental guidance)', id: 3 },
  'pg-13': { name: 'Allow GIFs rated PG-13 (Parental guidance - under 13)', id: 4 },
  r: { name: 'Allow GIFs rated R (Restricted)', id: 5 },
};

/** The key of the GIF rating choices at a level. */
function gifRatingOptionsName(level: number): string {
  if (has('field_gif_rating_policy', level)) return 'gif_rating_policy_options';
  return has('field_gif_rating_options_name', level) ? 'gif_rating_options' : 'giphy_rating_options';
}

/** Builds the register keys of the `realm` snapshot section. */
export function realmSnapshot(store: Store, services: AppServices): Record<string, unknown> {
  const { realm, settings } = store.state;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) out[`realm_${key}`] = value;
  Object.assign(out, LIMITS, {
    realm_name: realm.name,
    realm_description: realm.description,
    realm_uri: realm.url,
    realm_url: realm.url,
    realm_date_created: realm.date_created,
    realm_icon_url: new URL(realm.icon_url ?? '/static/images/logo/svc-icon-128x128.png', realm.url).href,
    realm_icon_source: 'D',
    realm_logo_source: 'D',
    realm_logo_url: '',
    realm_night_logo_source: 'D',
    realm_night_logo_url: '',
    realm_authentication_methods: {
      Email: { enabled: true, available: true },
      Dev: { enabled: !services.production, available: !services.production },
    },
    realm_bot_domain: realm.email_domain,
    realm_email_auth_enabled: true,
    realm_password_auth_enabled: true,
    realm_rendered_description: renderedRealmDescription(store.state),
    server_avatar_changes_disabled: false,
    server_name_changes_disabled: false,
    server_needs_upgrade: false,
    server_web_public_streams_enabled: settings.web_public_streams_enabled,
    server_inline_image_preview: true,
    server_inline_url_embed_preview: true,
    server_emoji_data_url: '/static/generated/emoji/emoji_api.json',
    server_jitsi_server_url: SERVER_JITSI_URL,
    // Deprecated at level 212 and still sent: the URL calls use, the realm's own or the server's.
    jitsi_server_url: settings.jitsi_server_url ?? SERVER_JITSI_URL,
    server_generation: serverGeneration(services),
    server_presence_ping_interval_seconds: 60,
    server_presence_offline_threshold_seconds: 200,
    server_typing_started_expiry_period_milliseconds: 15000,
    server_typing_stopped_wait_period_milliseconds: 5000,
    server_typing_started_wait_period_milliseconds: 10000,
    max_file_upload_size_mib: 25,
    max_avatar_file_size_mib: 5,
    max_icon_file_size_mib: 5,
    max_logo_file_size_mib: 5,
    event_queue_longpoll_timeout_seconds: 90,
    development_environment: !services.production,
    password_min_length: 6,
    password_min_guesses: 10000,
    settings_send_digest_emails: true,
    svc_plan_is_not_limited: true,
    upgrade_text_for_wide_organization_logo: '',
    realm_default_external_accounts: {},
    realm_available_video_chat_providers: {
      disabled: { name: 'None', id: 0 },
      jitsi_meet: { name: 'Jitsi Meet', id: 1 },
    },
  });
  // A call provider of levels 460-493 is offered when the realm uses it (the mock's server configuration).
  const provider = configuredCallProvider(store);
  if (provider)
    out.realm_available_video_chat_providers = {
      ...(out.realm_available_video_chat_providers as object),
      [provider.key]: { name: provider.name, id: provider.id },
    };
  if (!has('zephyr_mirror_realm_removed', store.featureLevel)) out.realm_is_zephyr_mirror_realm = false;
  // The GIF rating: realm_giphy_rating and giphy_rating_options, renamed at 442 and 453 (fields.ts gives
  // the setting its older name; the choices' name is the level's own).
  out.realm_gif_rating_policy = out.realm_giphy_rating;
  delete out.realm_giphy_rating;
  out[gifRatingOptionsName(store.featureLevel)] = GIF_RATING_OPTIONS;
  Object.assign(out, serverFacts(store.state), { realm_uuid: realmUuid(realm.url) });
  // The integer policies that group settings replaced (some still sent, deprecated).
  Object.assign(out, legacyPolicies(store.state, store.featureLevel));
  return out;
}
