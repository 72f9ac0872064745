/**
 * "May user X do Y on channel Z": every channel permission, each answered through the one group-setting
 * check (isUserInGroupSetting). Messages, invitations and the API layer call these.
 */
import type { GroupSettingValue } from '../../generated/types.js';
import { hasContentAccess, hasMetadataAccess, isRealmAdmin, isSubscribed } from '../access.js';
import { isUserInGroupSetting } from '../groups.js';
import type { ChannelRecord, RealmState, UserRecord } from '../state.js';

/** Whether the user is in one of the organization's group settings (e.g. 'can_invite_users_group'). */
export function inRealmGroup(state: RealmState, user: UserRecord, setting: string): boolean {
  const value = (state.settings as Record<string, unknown>)[setting] as GroupSettingValue | undefined;
  return value !== undefined && isUserInGroupSetting(state, value, user.user_id);
}

/** Whether the user is in a group setting of the channel. */
function inChannelGroup(state: RealmState, user: UserRecord, value: GroupSettingValue): boolean {
  return isUserInGroupSetting(state, value, user.user_id);
}

/** May administer the channel (PATCH /streams, archive): organization administrators, or can_administer_channel_group. */
export function canAdminister(state: RealmState, user: UserRecord, channel: ChannelRecord): boolean {
  if (user.role === 600 && !hasMetadataAccess(state, user, channel)) return false;
  return isRealmAdmin(user) || inChannelGroup(state, user, channel.can_administer_channel_group);
}

/**
 * Archived channels are not refused here (subscriptions in them may change from feature level 362);
 * callers that must skip archived channels (invitations) check `is_archived` themselves.
 *
 * May subscribe other users: the channel's can_add_subscribers_group, channel administrators (organization
 * administrators implicitly), or the organization's can_add_subscribers_group when the user has content access.
 */
export function canAddSubscribers(state: RealmState, user: UserRecord, channel: ChannelRecord): boolean {
  if (inChannelGroup(state, user, channel.can_add_subscribers_group)) return true;
  if (canAdminister(state, user, channel)) return true;
  return (
    user.role !== 600 &&
    hasContentAccess(state, user, channel) &&
    inRealmGroup(state, user, 'can_add_subscribers_group')
  );
}

/** May subscribe themselves: content access (public, web-public, can_subscribe_group …) or subscriber-adding rights. */
export function canSubscribeSelf(state: RealmState, user: UserRecord, channel: ChannelRecord): boolean {
  return hasContentAccess(state, user, channel) || canAddSubscribers(state, user, channel);
}

/** May unsubscribe other users: organization administrators, channel administrators, can_remove_subscribers_group. */
export function canRemoveSubscribers(state: RealmState, user: UserRecord, channel: ChannelRecord): boolean {
  if (canAdminister(state, user, channel)) return true;
  return (
    hasMetadataAccess(state, user, channel) &&
    inChannelGroup(state, user, channel.can_remove_subscribers_group)
  );
}

/** May see the channel's subscriber list. */
export function canSeeSubscribers(state: RealmState, user: UserRecord, channel: ChannelRecord): boolean {
  return hasMetadataAccess(state, user, channel);
}

/** Why a user may not send to a channel, or null when they may. */
export type SendRefusal = 'archived' | 'no_access' | 'not_in_send_group';

/** Whether the user is a bot whose owner is subscribed to the channel (such bots may post to it). */
function ownerSubscribed(state: RealmState, user: UserRecord, channel: ChannelRecord): boolean {
  return (
    user.is_bot && user.bot_owner_id !== null && isSubscribed(state, user.bot_owner_id, channel.stream_id)
  );
}

/**
 * Checks sending to a channel: not archived, content access (private channels need a subscription of the
 * sender or, for a bot, of its owner; system bots are exempt) and membership of can_send_message_group.
 * Use streamPostPolicy() (format.ts) to pick the legacy error text for 'not_in_send_group'.
 */
export function sendRefusal(state: RealmState, user: UserRecord, channel: ChannelRecord): SendRefusal | null {
  if (channel.is_archived) return 'archived';
  if (user.is_system_bot) return null;
  const access = channel.invite_only
    ? isSubscribed(state, user.user_id, channel.stream_id) || ownerSubscribed(state, user, channel)
    : hasContentAccess(state, user, channel);
  if (!access) return 'no_access';
  if (!inChannelGroup(state, user, channel.can_send_message_group)) return 'not_in_send_group';
  return null;
}

/** Whether the user may send messages to the channel. */
export function canSendTo(state: RealmState, user: UserRecord, channel: ChannelRecord): boolean {
  return sendRefusal(state, user, channel) === null;
}

/** May delete anyone's message in the channel: the organization's or the channel's can_delete_any_message_group. */
export function canDeleteAnyMessage(
  state: RealmState,
  user: UserRecord,
  channel: ChannelRecord | null,
): boolean {
  if (inRealmGroup(state, user, 'can_delete_any_message_group')) return true;
  return (
    channel !== null &&
    hasContentAccess(state, user, channel) &&
    inChannelGroup(state, user, channel.can_delete_any_message_group)
  );
}

/** May delete their own messages (time limits are the caller's concern). */
export function canDeleteOwnMessage(
  state: RealmState,
  user: UserRecord,
  channel: ChannelRecord | null,
): boolean {
  if (canDeleteAnyMessage(state, user, channel)) return true;
  if (inRealmGroup(state, user, 'can_delete_own_message_group')) return true;
  return channel !== null && inChannelGroup(state, user, channel.can_delete_own_message_group);
}

/** May move messages between topics of the channel. */
export function canMoveWithinChannel(state: RealmState, user: UserRecord, channel: ChannelRecord): boolean {
  return (
    inRealmGroup(state, user, 'can_move_messages_between_topics_group') ||
    inChannelGroup(state, user, channel.can_move_messages_within_channel_group)
  );
}

/** May move messages out of the channel into another. */
export function canMoveOutOfChannel(state: RealmState, user: UserRecord, channel: ChannelRecord): boolean {
  return (
    inRealmGroup(state, user, 'can_move_messages_between_channels_group') ||
    inChannelGroup(state, user, channel.can_move_messages_out_of_channel_group)
  );
}

/** May resolve and unresolve topics in the channel. */
export function canResolveTopics(state: RealmState, user: UserRecord, channel: ChannelRecord): boolean {
  return (
    inRealmGroup(state, user, 'can_resolve_topics_group') ||
    inChannelGroup(state, user, channel.can_resolve_topics_group)
  );
}

/** Kinds of channel a user may be allowed to create. */
export type ChannelKind = 'public' | 'private' | 'web_public';

/** May create a channel of this kind (can_create_public/private/web_public_channel_group). */
export function canCreateChannel(state: RealmState, user: UserRecord, kind: ChannelKind): boolean {
  const setting =
    kind === 'public'
      ? 'can_create_public_channel_group'
      : kind === 'private'
        ? 'can_create_private_channel_group'
        : 'can_create_web_public_channel_group';
  return inRealmGroup(state, user, setting);
}

/** May invite new users to the organization. */
export function canInviteUsers(state: RealmState, user: UserRecord): boolean {
  return inRealmGroup(state, user, 'can_invite_users_group');
}
