/** Request-side helpers shared by the channel, subscription and group routes: lookups and value parsing. */
import type { GroupSettingValue } from '../../generated/types.js';
import { hasMetadataAccess } from '../../store/access.js';
import { channelNameProblem } from '../../store/channels/names.js';
import type { ChannelRecord, UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { groupSettingProblem, sameGroupSetting } from '../../store/user-groups/settings.js';
import { findUserByVisibleEmail } from '../../store/users.js';
import { errors } from '../errors/index.js';
import { has } from '../../versions/index.js';

/** The channel if it exists and the user has metadata access; else BAD_REQUEST "Invalid channel ID". */
export function accessChannel(store: Store, user: UserRecord, streamId: number): ChannelRecord {
  const channel = store.state.channels.get(streamId);
  if (!channel || !hasMetadataAccess(store.state, user, channel))
    throw errors.invalidChannelId(store.featureLevel);
  return channel;
}

/**
 * Like {@link accessChannel}, for the reads that refused archived channels before feature level 480 (details,
 * subscribers, topics).
 */
export function readChannel(store: Store, user: UserRecord, streamId: number): ChannelRecord {
  const channel = accessChannel(store, user, streamId);
  if (channel.is_archived && !has('archived_channel_details', store.featureLevel))
    throw errors.invalidChannelId(store.featureLevel);
  return channel;
}

/** Throws the catalogue error for a bad (trimmed) channel name. */
export function checkChannelName(store: Store, name: string): void {
  const problem = channelNameProblem(name);
  const fl = store.featureLevel;
  if (!problem) return;
  if (problem.kind === 'empty') throw errors.channelNameEmpty(fl);
  if (problem.kind === 'too_long') throw errors.channelNameTooLong(fl);
  throw errors.channelNameInvalidCharacter(fl, problem.position);
}

/** Validates a group-setting value (groups exist and are active, users exist and are active). */
export function checkGroupSetting(store: Store, value: GroupSettingValue): GroupSettingValue {
  const problem = groupSettingProblem(store.state, value);
  if (!problem) return value;
  if (problem.kind === 'unknown_group') throw errors.invalidUserGroup();
  if (problem.kind === 'deactivated_group') throw errors.groupDeactivated();
  throw errors.invalidUserId(problem.id);
}

/** A PATCH group-setting parameter: a plain value or {new, old?}; `old` must match the current value. */
export function settingChange(
  store: Store,
  raw: GroupSettingValue | { new: GroupSettingValue; old?: GroupSettingValue },
  current: GroupSettingValue,
): GroupSettingValue {
  const isChange = typeof raw === 'object' && 'new' in raw;
  const next = isChange ? raw.new : (raw as GroupSettingValue);
  if (isChange && raw.old !== undefined && !sameGroupSetting(raw.old, current))
    throw errors.groupSettingOldMismatch();
  return checkGroupSetting(store, next);
}

/** The system group each value of the legacy stream_post_policy stands for (can_send_message_group). */
export const STREAM_POST_POLICY_GROUPS: Readonly<Record<number, string>> = {
  1: 'role:everyone',
  2: 'role:administrators',
  3: 'role:fullmembers',
  4: 'role:moderators',
};

/** message_retention_days: "realm_default" → null, "unlimited" → -1, or a positive integer; owners only. */
export function parseRetention(store: Store, user: UserRecord, raw: number | string): number | null {
  const value = raw === 'realm_default' ? null : raw === 'unlimited' ? -1 : raw;
  if (typeof value === 'string' || (typeof value === 'number' && value < 1 && value !== -1))
    throw errors.invalidVariable('message_retention_days', String(raw));
  if (user.role !== 100) throw errors.mustBeOwner();
  return value;
}

/**
 * Resolves principals (user ids or e-mails the caller may see) to active users; BAD_REQUEST (or 403 before
 * FL208) otherwise: a hidden delivery address is answered as an unknown one.
 */
export function resolvePrincipals(
  store: Store,
  caller: UserRecord,
  principals: ReadonlyArray<string | number>,
): UserRecord[] {
  const out = new Map<number, UserRecord>();
  for (const [index, principal] of principals.entries()) {
    // Servers before feature level 9 took e-mail addresses only.
    if (typeof principal === 'number' && !has('integer_principals', store.featureLevel))
      throw errors.principalNotString(index);
    const user =
      typeof principal === 'number'
        ? store.state.users.get(principal)
        : findUserByVisibleEmail(store.state, principal, caller);
    if (!user || !user.is_active) throw errors.badPrincipal(store.featureLevel, principal);
    out.set(user.user_id, user);
  }
  return [...out.values()];
}
