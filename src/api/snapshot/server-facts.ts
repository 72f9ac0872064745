/**
 * Register keys that describe the server rather than the realm: the group-permission settings it supports,
 * its thumbnail formats, password and deletion limits, report reasons and summarization. Values are those
 * of a default server configuration (the mock has no configuration file of its own for them).
 */
import { schemaById } from '../../generated/schemas.js';
import { CHANNEL_SETTING_DEFAULTS } from '../../store/channels/mutate.js';
import { CHANNEL_GROUP_SETTINGS, USER_GROUP_SETTINGS, type RealmState } from '../../store/state.js';

/** One entry of server_supported_permission_settings. */
interface PermissionSetting {
  require_system_group: boolean;
  allow_internet_group: boolean;
  allow_nobody_group: boolean;
  allow_everyone_group: boolean;
  default_group_name: string;
  default_for_system_groups: string | null;
  allowed_system_groups: string[];
}

/** Defaults of user group settings, as a new group gets them. */
const GROUP_SETTING_DEFAULTS: Readonly<Record<string, string>> = {
  can_add_members_group: 'group_creator',
  can_join_group: 'role:nobody',
  can_leave_group: 'role:everyone',
  can_manage_group: 'group_creator',
  can_mention_group: 'role:everyone',
  can_remove_members_group: 'role:nobody',
};

function permission(defaultName: string): PermissionSetting {
  return {
    require_system_group: false,
    allow_internet_group: false,
    allow_nobody_group: true,
    allow_everyone_group: defaultName === 'role:everyone',
    default_group_name: defaultName,
    default_for_system_groups: null,
    allowed_system_groups: [],
  };
}

let supported: Record<string, Record<string, PermissionSetting>> | undefined;

/** The realm, channel and user-group settings that take group-setting values, with their defaults. */
function supportedPermissionSettings(): Record<string, Record<string, PermissionSetting>> {
  if (supported) return supported;
  // The realm settings whose schema default is a system group (read from the schema, no validator needed).
  const schema = schemaById('resources/realm-settings.json') as
    { properties?: Record<string, { default?: unknown }> } | undefined;
  const realm: Record<string, PermissionSetting> = {};
  for (const [key, property] of Object.entries(schema?.properties ?? {}))
    if (typeof property.default === 'string' && property.default.startsWith('role:'))
      realm[key] = permission(property.default);
  const stream: Record<string, PermissionSetting> = {};
  for (const key of CHANNEL_GROUP_SETTINGS) {
    const fallback = CHANNEL_SETTING_DEFAULTS[key];
    stream[key] = permission(fallback === 'creator' ? 'channel_creator' : fallback);
  }
  const group: Record<string, PermissionSetting> = {};
  for (const key of USER_GROUP_SETTINGS)
    group[key] = permission(GROUP_SETTING_DEFAULTS[key] ?? 'role:nobody');
  supported = { realm, stream, group };
  return supported;
}

/** The formats uploaded images are thumbnailed into (the server's default list). */
const THUMBNAIL_FORMATS = [
  { name: '840x560-anim.webp', max_width: 840, max_height: 560, format: 'webp', animated: true },
  { name: '840x560.webp', max_width: 840, max_height: 560, format: 'webp', animated: false },
];

/** The reasons a message may be reported for. */
const REPORT_MESSAGE_TYPES = [
  { key: 'spam', name: 'Spam' },
  { key: 'harassment', name: 'Harassment' },
  { key: 'inappropriate', name: 'Inappropriate content' },
  { key: 'norms', name: 'Violates community norms' },
  { key: 'other', name: 'Other reason' },
];

/** The server facts of the realm section (fields.ts removes those a level did not send). */
export function serverFacts(_state: RealmState): Record<string, unknown> {
  return {
    server_supported_permission_settings: supportedPermissionSettings(),
    server_thumbnail_formats: THUMBNAIL_FORMATS,
    server_min_deactivated_realm_deletion_days: 14,
    server_max_deactivated_realm_deletion_days: null,
    password_max_length: 100,
    // No summarization model is configured.
    server_can_summarize_topics: false,
    server_report_message_types: REPORT_MESSAGE_TYPES,
  };
}

/** A stable UUID for a realm, from its URL (the same realm always has the same one). */
export function realmUuid(url: string): string {
  let hex = '';
  for (let seed = 0; hex.length < 32; seed++) {
    let h = 0x811c9dc5 ^ seed;
    for (let i = 0; i < url.length; i++) h = Math.imul(h ^ url.charCodeAt(i), 0x01000193);
    hex += (h >>> 0).toString(16).padStart(8, '0');
  }
  // Version 4 and variant bits, so that it reads as a well-formed UUID.
  const v = `${hex.slice(0, 12)}4${hex.slice(13, 16)}${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 32)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20, 32)}`;
}
