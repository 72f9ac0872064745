/**
 * Request parameters that appeared at some feature level. Below that level a server did not know them: the
 * dispatcher drops them before validation, as unsupported parameters (listed in ignored_parameters_unsupported
 * where the level reports those), so the handler sees a request without them.
 */
import { has } from './index.js';
import type { BehaviourName } from './table.js';

type Gates = Readonly<Record<string, BehaviourName>>;

const INVITE_PARAMS: Gates = {
  invite_expires_in_minutes: 'invite_expires_in_minutes',
  welcome_message_custom_text: 'welcome_message_custom_text',
  include_realm_default_subscriptions: 'invite_default_subscriptions',
  group_ids: 'invite_group_ids',
};
const HOME_VIEW_PARAMS: Gates = {
  web_home_view: 'settings_web_home_view',
  web_escape_navigates_to_home_view: 'settings_web_home_view',
  allow_private_data_export: 'field_allow_private_data_export',
  web_left_sidebar_unreads_count_summary: 'field_web_left_sidebar_unreads_count_summary',
  web_left_sidebar_show_channel_folders: 'field_web_left_sidebar_show_channel_folders',
  web_inbox_show_channel_folders: 'field_web_inbox_show_channel_folders',
};
const CHANNEL_POLICY_PARAMS: Gates = {
  stream_post_policy: 'stream_post_policy',
  can_send_message_group: 'can_send_message_group',
  can_create_topic_group: 'field_can_create_topic_group',
};

const LINKIFIER_PARAMS: Gates = {
  example_input: 'linkifier_reverse_template',
  reverse_template: 'linkifier_reverse_template',
  alternative_url_templates: 'linkifier_alternative_url_templates',
};

/** Parameters gated by a behaviour, by route (`METHOD /path` as the route table spells it). */
export const PARAMETER_GATES: ReadonlyMap<string, Gates> = new Map<string, Gates>([
  [
    'GET /messages',
    {
      include_anchor: 'include_anchor',
      message_ids: 'message_ids',
      allow_empty_topic_name: 'empty_topic',
      anchor_date: 'anchor_date',
    },
  ],
  ['GET /messages/{message_id}', { allow_empty_topic_name: 'empty_topic' }],
  ['GET /messages/{message_id}/history', { allow_empty_topic_name: 'empty_topic' }],
  ['GET /users/me/{stream_id}/topics', { allow_empty_topic_name: 'empty_topic' }],
  ['POST /messages/flags/narrow', { include_anchor: 'include_anchor' }],
  ['POST /messages', { read_by_sender: 'read_by_sender' }],
  ['POST /scheduled_messages', { read_by_sender: 'read_by_sender' }],
  [
    'GET /streams',
    {
      exclude_archived: 'archived_channels',
      include_all: 'include_all',
      include_can_access_content: 'include_all',
    },
  ],
  [
    'POST /users/me/subscriptions',
    { ...CHANNEL_POLICY_PARAMS, send_new_subscription_messages: 'send_new_subscription_messages' },
  ],
  ['PATCH /messages/{message_id}', { prev_content_sha256: 'edit_prev_content_sha256' }],
  ['GET /users', { user_ids: 'users_user_ids' }],
  ['POST /register', { idle_queue_timeout: 'idle_queue_timeout' }],
  ['PATCH /streams/{stream_id}', CHANNEL_POLICY_PARAMS],
  ['DELETE /users/{user_id}', { actions: 'deactivate_user_actions' }],
  ['POST /realm/filters', LINKIFIER_PARAMS],
  ['PATCH /realm/filters/{filter_id}', LINKIFIER_PARAMS],
  ['PATCH /settings', HOME_VIEW_PARAMS],
  ['PATCH /realm/user_settings_defaults', HOME_VIEW_PARAMS],
  ['POST /invites', { ...INVITE_PARAMS, notify_referrer_on_join: 'invite_notify_referrer' }],
  ['POST /invites/multiuse', INVITE_PARAMS],
  [
    'POST /users/me/status',
    { emoji_name: 'status_emoji', emoji_code: 'status_emoji', reaction_type: 'status_emoji' },
  ],
]);

/** A parameter a level read before its replacement (`behaviour`) existed, translated to the new one. */
interface LegacyParam {
  readonly name: string;
  readonly behaviour: BehaviourName;
  readonly to: string;
  readonly convert: (value: string) => string;
}

/** invite_expires_in_days: a JSON integer or null, in days (before invite_expires_in_minutes). */
const DAYS_TO_MINUTES: LegacyParam = {
  name: 'invite_expires_in_days',
  behaviour: 'invite_expires_in_minutes',
  to: 'invite_expires_in_minutes',
  convert: (value) => (/^\d+$/.test(value.trim()) ? String(Number(value) * 24 * 60) : value),
};

const same = (value: string): string => value;

/** default_view and escape_navigates_to_default_view: the settings' names before level 219. */
const OLD_HOME_VIEW_NAMES: readonly LegacyParam[] = [
  { name: 'default_view', behaviour: 'settings_web_home_view', to: 'web_home_view', convert: same },
  {
    name: 'escape_navigates_to_default_view',
    behaviour: 'settings_web_home_view',
    to: 'web_escape_navigates_to_home_view',
    convert: same,
  },
  // Before 454 the recent view was "recent_topics"; "recent" was no value yet (and stays refused).
  {
    name: 'web_home_view',
    behaviour: 'web_home_view_recent',
    to: 'web_home_view',
    convert: (value) => (value === 'recent_topics' ? 'recent' : value === 'recent' ? 'recent_topics' : value),
  },
];

/** Legacy parameters by route, read only below the level of their replacement. */
export const LEGACY_PARAMS: ReadonlyMap<string, readonly LegacyParam[]> = new Map([
  ['POST /invites', [DAYS_TO_MINUTES]],
  ['POST /invites/multiuse', [DAYS_TO_MINUTES]],
  ['PATCH /settings', OLD_HOME_VIEW_NAMES],
  ['PATCH /realm/user_settings_defaults', OLD_HOME_VIEW_NAMES],
]);

/** Legacy routes that answer as another route: their parameters are gated and read as that route's. */
const ROUTE_ALIASES: ReadonlyMap<string, string> = new Map([
  ['PATCH /settings/display', 'PATCH /settings'],
  ['PATCH /settings/notifications', 'PATCH /settings'],
]);

/** The route whose parameter rules `route` follows (itself unless it is a legacy alias). */
const rulesOf = (route: string): string => ROUTE_ALIASES.get(route) ?? route;

/**
 * How a server at `level` reads the parameter `name` of `route`: `legacy` when it is an older name that level
 * translates, `unsupported` when the level did not know it yet, `undefined` otherwise (the schema decides).
 */
export function parameterStatus(
  route: string,
  name: string,
  level: number,
): 'legacy' | 'unsupported' | undefined {
  route = rulesOf(route);
  const gate = PARAMETER_GATES.get(route)?.[name];
  if (gate !== undefined && !has(gate, level)) return 'unsupported';
  const legacy = LEGACY_PARAMS.get(route)?.find((l) => l.name === name);
  if (legacy && !has(legacy.behaviour, level)) return 'legacy';
  return undefined;
}

const NONE: readonly string[] = [];

/** client_capabilities keys that appeared at some level (older keys are known at every level). */
export const CAPABILITY_GATES: Readonly<Record<string, BehaviourName>> = {
  user_list_incomplete: 'capability_user_list_incomplete',
  include_deactivated_groups: 'capability_include_deactivated_groups',
  archived_channels: 'archived_channels',
  empty_topic_name: 'empty_topic',
  simplified_presence_events: 'capability_simplified_presence_events',
  individual_emoji_changes: 'individual_emoji_changes',
};

/** The client capabilities a server at `level` understands: later keys are left out. */
export function supportedCapabilities<T extends object>(capabilities: T, level: number): T {
  let out: T | undefined;
  for (const key in CAPABILITY_GATES) {
    if (key in capabilities && !has(CAPABILITY_GATES[key]!, level)) {
      out ??= { ...capabilities };
      delete (out as Record<string, unknown>)[key];
    }
  }
  return out ?? capabilities;
}

/** Reads the legacy parameters of `route` in `raw` as their replacements when `level` predates those. */
function translateLegacy(route: string, raw: Map<string, string>, level: number): void {
  for (const legacy of LEGACY_PARAMS.get(route) ?? []) {
    const value = raw.get(legacy.name);
    if (value === undefined || has(legacy.behaviour, level)) continue;
    // A value read anew under its own name keeps its place among the parameters.
    if (legacy.name !== legacy.to) raw.delete(legacy.name);
    raw.set(legacy.to, legacy.convert(value));
  }
}

/**
 * Removes from `raw` the parameters of `route` that a server at `level` did not accept yet, and returns their
 * names (none for most routes: one map lookup); legacy parameters of that level are read as their successors.
 */
export function dropUnsupportedParams(
  route: string,
  raw: Map<string, string>,
  level: number,
): readonly string[] {
  route = rulesOf(route);
  const gates = PARAMETER_GATES.get(route);
  if (!gates) return NONE;
  let dropped: string[] | undefined;
  for (const name in gates) {
    if (raw.has(name) && !has(gates[name]!, level)) {
      raw.delete(name);
      (dropped ??= []).push(name);
    }
  }
  translateLegacy(route, raw, level);
  return dropped ?? NONE;
}
