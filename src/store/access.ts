/** Who may see what: channel content and metadata access, and message visibility. */
import { isUserInGroupSetting } from './groups.js';
import type { ChannelRecord, MessageRecord, RealmState, UserRecord } from './state.js';

/** Whether the user has an active subscription to the channel. */
export function isSubscribed(state: RealmState, userId: number, streamId: number): boolean {
  return state.subscribers.get(streamId)?.has(userId) ?? false;
}

/** Whether the user is an organization administrator (owners included). */
export function isRealmAdmin(user: UserRecord): boolean {
  return user.role <= 200;
}

/**
 * Content access: may read the channel's messages and subscribe to it. Web-public channels: everyone;
 * subscribers always; otherwise never guests; public channels: every other user; private channels: members
 * of the channel's can_subscribe_group or can_add_subscribers_group.
 */
export function hasContentAccess(state: RealmState, user: UserRecord, channel: ChannelRecord): boolean {
  if (channel.is_web_public) return true;
  if (isSubscribed(state, user.user_id, channel.stream_id)) return true;
  if (user.role === 600) return false;
  if (!channel.invite_only) return true;
  return (
    isUserInGroupSetting(state, channel.can_subscribe_group, user.user_id) ||
    isUserInGroupSetting(state, channel.can_add_subscribers_group, user.user_id)
  );
}

/**
 * Metadata access: may see that the channel exists (name, description, settings, subscribers). Content
 * access gives it; so do being an organization administrator and being in can_administer_channel_group
 * (never for guests without content access).
 */
export function hasMetadataAccess(state: RealmState, user: UserRecord, channel: ChannelRecord): boolean {
  if (hasContentAccess(state, user, channel)) return true;
  if (user.role === 600) return false;
  if (isRealmAdmin(user)) return true;
  return isUserInGroupSetting(state, channel.can_administer_channel_group, user.user_id);
}

/** Whether the user has a personal row for the message (it is in their history). */
export function hasMessageRow(state: RealmState, userId: number, messageId: number): boolean {
  return state.index.flags.get(userId)?.has(messageId) ?? false;
}

/**
 * Whether the user may read a message: it is in their history, or it is in a channel whose whole
 * history they may read (public channels for non-guests; shared-history private channels for subscribers).
 */
export function canReadMessage(state: RealmState, user: UserRecord, message: MessageRecord): boolean {
  if (hasMessageRow(state, user.user_id, message.id)) return true;
  if (message.stream_id === null) return false;
  const channel = state.channels.get(message.stream_id);
  if (!channel) return false;
  return canReadChannelHistory(state, user, channel);
}

/** Whether the user may read the channel's messages they were not around for. */
export function canReadChannelHistory(state: RealmState, user: UserRecord, channel: ChannelRecord): boolean {
  if (!channel.history_public_to_subscribers) return false;
  if (!channel.invite_only) return hasContentAccess(state, user, channel);
  return isSubscribed(state, user.user_id, channel.stream_id);
}
