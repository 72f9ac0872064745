/**
 * Facts about the register response of real servers, kept as lists of key names with the source each list
 * was read from (repository, path, commit). They are facts for tests, not copies: the web app's own
 * register-response schemas name the keys a real client requires, the published OpenAPI schema the keys a
 * server documents. Upstream's `zulip_*` keys are spelled `svc_*` here, as the mock spells them.
 */

/** Where one list of facts was read. */
export interface FactSource {
  readonly repo: string;
  readonly path: string;
  readonly commit: string;
  /** The feature level the copy matches, judged from the newest field it has and the oldest it lacks. */
  readonly level: number;
}

/** The web app's state schemas at about level 332 (10.0 development). */
export const WEB_STATE_332: FactSource = {
  repo: 'laurynmm/zulip',
  path: 'web/src/state_data.ts',
  commit: '5fcf9b3a29c0a3af0b9dd0493e81fcbe17987027',
  // Has server_min_deactivated_realm_deletion_days (332); lacks realm_empty_topic_display_name (334).
  level: 332,
};

/** The web app's state schemas of 12.0 development. */
export const WEB_STATE_478: FactSource = {
  repo: 'zulip/zulip',
  path: 'web/src/state_data.ts',
  commit: '014665a717f3e5dfc90e59633a9b6df0f8d1054e',
  // Has realm_workplace_users_group (477) and alternative_url_templates (478).
  level: 478,
};

/** The web app's user settings schema of 12.0 development (imported by state_data.ts). */
export const WEB_USER_SETTINGS_478: FactSource = {
  repo: 'zulip/zulip',
  path: 'web/src/user_settings.ts',
  commit: '03f1860917d551147b065aa298f287c7f3829e83',
  level: 478,
};

/** The realm user settings defaults schema of 12.0 development (a fork's copy; its own nb_modern_theme left out). */
export const WEB_DEFAULTS_478: FactSource = {
  repo: 'notabotai/zulip',
  path: 'web/src/realm_user_settings_defaults.ts',
  commit: '83d6102df9517ba6683b4c72cee08b7e4cd92168',
  level: 478,
};

/** The web app's channel schemas of 12.0 development. */
export const WEB_STREAM_TYPES_478: FactSource = {
  repo: 'zulip/zulip',
  path: 'web/src/stream_types.ts',
  commit: 'e9db644c10ec43b7616e5270ee24c0b2718da70b',
  // Has can_create_topic_group (441).
  level: 478,
};

/** The web app's bot schema before level 474 (bots still carry api_key, email, full_name ...). */
export const WEB_BOT_TYPES_473: FactSource = {
  repo: 'zulip/zulip',
  path: 'web/src/bot_types.ts',
  commit: '092f5e6f117799cd44185db766415c48111a5427',
  level: 473,
};

/** The published OpenAPI description of POST /register (12.0 development). */
export const PUBLISHED_REGISTER_489: FactSource = {
  repo: 'xandylearning/zulip',
  path: 'zerver/openapi/zulip.yaml',
  commit: '15d564aaccb55d7414000285dd06e1205a8abd3b',
  // Documents idle_queue_timeout_secs (481) and channels:archived (489).
  level: 489,
};

/** The API changelog, levels 436 to 503. */
export const CHANGELOG_503: FactSource = {
  repo: 'amishakov/zulip',
  path: 'api_docs/changelog.md',
  commit: 'd4d503f39bb1842d70f9a15d98ca50058ed56503',
  level: 503,
};
