/**
 * can_create_topic_group (feature level 441): who may start a new topic in a channel. An existing topic is
 * open to everyone who may post; the group is asked only for a topic without messages.
 */
import { isUserInGroupSetting } from '../groups.js';
import { topicKey } from '../message-index.js';
import type { ChannelRecord, RealmState, UserRecord } from '../state.js';

/** Whether the channel has a message in `topic` (topics compare case-insensitively). */
function topicExists(state: RealmState, channel: ChannelRecord, topic: string): boolean {
  return (state.index.byTopic.get(topicKey(channel.stream_id, topic))?.length ?? 0) > 0;
}

/**
 * Whether `user` may send to `topic` of the channel as far as topic creation goes. As on the real server no
 * role overrides the group (administrators included); system bots are exempt, and a bot the group refuses may
 * still start a topic its owner could.
 */
export function mayCreateTopicIn(
  state: RealmState,
  user: UserRecord,
  channel: ChannelRecord,
  topic: string,
): boolean {
  if (user.is_system_bot || topicExists(state, channel, topic)) return true;
  if (isUserInGroupSetting(state, channel.can_create_topic_group, user.user_id)) return true;
  const owner = user.is_bot && user.bot_owner_id !== null ? state.users.get(user.bot_owner_id) : undefined;
  return owner !== undefined && isUserInGroupSetting(state, channel.can_create_topic_group, owner.user_id);
}
