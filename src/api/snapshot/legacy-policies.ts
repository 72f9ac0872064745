/**
 * The integer `realm_*_policy` keys of register that group settings replaced. Servers kept sending some of
 * them as deprecated approximations (computed from the group setting) and dropped the others when the group
 * setting arrived; before that level the policy itself was the setting. The mock derives every one of
 * them from its group setting: a system role group maps to its policy value, any other value to the most
 * permissive value of the scale (the superset the servers report).
 */
import type { GroupSettingValue } from '../../generated/types.js';
import type { RealmState } from '../../store/state.js';
import { has, type BehaviourName } from '../../versions/index.js';

/** Role group name (without `role:`) -> policy value. */
type Scale = Readonly<Record<string, number>>;

const COMMON: Scale = { members: 1, administrators: 2, fullmembers: 3, moderators: 4, owners: 2 };
const WITH_NOBODY: Scale = { ...COMMON, nobody: 6 };
const WITH_EVERYONE: Scale = { ...WITH_NOBODY, everyone: 5 };
const WEB_PUBLIC: Scale = { administrators: 2, moderators: 4, nobody: 6, owners: 7 };
const WILDCARD: Scale = {
  everyone: 1,
  members: 2,
  fullmembers: 3,
  administrators: 5,
  nobody: 6,
  moderators: 7,
};

interface LegacyPolicy {
  /** The group setting (a realm setting name) the value is derived from. */
  readonly setting: string;
  readonly scale: Scale;
  /** The value for settings that are no role group (the most permissive of the scale). */
  readonly fallback: number;
  /** Present only below this behaviour's level (absent: sent at every level, deprecated later). */
  readonly removedBy?: BehaviourName;
}

/** Register key -> how to derive it. */
export const LEGACY_POLICIES: Readonly<Record<string, LegacyPolicy>> = {
  realm_create_public_stream_policy: {
    setting: 'can_create_public_channel_group',
    scale: COMMON,
    fallback: 1,
  },
  realm_create_private_stream_policy: {
    setting: 'can_create_private_channel_group',
    scale: COMMON,
    fallback: 1,
  },
  realm_create_web_public_stream_policy: {
    setting: 'can_create_web_public_channel_group',
    scale: WEB_PUBLIC,
    fallback: 4,
  },
  realm_user_group_edit_policy: { setting: 'can_manage_all_groups', scale: COMMON, fallback: 1 },
  realm_wildcard_mention_policy: { setting: 'can_mention_many_users_group', scale: WILDCARD, fallback: 1 },
  realm_delete_own_message_policy: {
    setting: 'can_delete_own_message_group',
    scale: WITH_EVERYONE,
    fallback: 5,
    removedBy: 'legacy_delete_own_message_policy_removed',
  },
  realm_add_custom_emoji_policy: {
    setting: 'can_add_custom_emoji_group',
    scale: COMMON,
    fallback: 1,
    removedBy: 'legacy_add_custom_emoji_policy_removed',
  },
  realm_move_messages_between_streams_policy: {
    setting: 'can_move_messages_between_channels_group',
    scale: WITH_NOBODY,
    fallback: 1,
    removedBy: 'legacy_move_between_streams_policy_removed',
  },
  realm_edit_topic_policy: {
    setting: 'can_move_messages_between_topics_group',
    scale: WITH_EVERYONE,
    fallback: 5,
    removedBy: 'legacy_edit_topic_policy_removed',
  },
  realm_invite_to_realm_policy: {
    setting: 'can_invite_users_group',
    scale: WITH_NOBODY,
    fallback: 1,
    removedBy: 'legacy_invite_to_realm_policy_removed',
  },
  realm_invite_to_stream_policy: {
    setting: 'can_add_subscribers_group',
    scale: COMMON,
    fallback: 1,
    removedBy: 'legacy_invite_to_stream_policy_removed',
  },
};

/** The role name of a setting value that is a system role group (`members`, `nobody`, ...). */
function roleOf(state: RealmState, value: GroupSettingValue | undefined): string | undefined {
  if (typeof value !== 'number') return undefined;
  for (const [name, id] of state.systemGroupIds) if (id === value) return name.replace(/^role:/, '');
  return undefined;
}

/** The legacy policy keys a server at `level` sent, with values derived from the group settings. */
export function legacyPolicies(state: RealmState, level: number): Record<string, number> {
  const settings = state.settings as unknown as Record<string, GroupSettingValue | undefined>;
  const out: Record<string, number> = {};
  for (const [key, policy] of Object.entries(LEGACY_POLICIES)) {
    if (policy.removedBy && has(policy.removedBy, level)) continue;
    const role = roleOf(state, settings[policy.setting]);
    out[key] = (role === undefined ? undefined : policy.scale[role]) ?? policy.fallback;
  }
  // Direct messages: 1 allowed, 2 disabled (nobody may take part in them).
  if (!has('legacy_private_message_policy_removed', level))
    out.realm_private_message_policy =
      roleOf(state, settings.direct_message_permission_group) === 'nobody' ? 2 : 1;
  // Bots: 1 anyone, 2 only incoming-webhook bots for non-administrators, 3 administrators only.
  if (!has('legacy_bot_creation_policy_removed', level)) {
    const bots = roleOf(state, settings.can_create_bots_group);
    const writeOnly = roleOf(state, settings.can_create_write_only_bots_group);
    const adminsOnly = bots === 'administrators' || bots === 'owners' || bots === 'nobody';
    out.realm_bot_creation_policy = !adminsOnly ? 1 : writeOnly === bots ? 3 : 2;
  }
  return out;
}
