/** POST /messages validation: recipients, the topic rule, channel and direct-message permissions, wildcards. */
import type { GroupSettingValue, PostMessagesParams } from '../../generated/types.js';
import { inRealmGroup, sendRefusal } from '../../store/channels/permissions.js';
import { isUserInGroupSetting, systemGroupId } from '../../store/groups.js';
import { conversationKey } from '../../store/message-index.js';
import { topicParticipants } from '../../store/messages/send.js';
import type { RenderResult } from '../../markdown/render.js';
import type { ChannelRecord, RealmState, UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { normalizeTopic, truncateTopic } from '../../store/topics.js';
import { apiEmail, findUserByVisibleEmail } from '../../store/users.js';
import { errors } from '../errors/index.js';
import { has } from '../../versions/index.js';

/** Channels and topics with more subscribers / participants than this need can_mention_many_users_group for wildcards. */
export const WILDCARD_MENTION_THRESHOLD = 15;

/** Resolves `to` of a direct message to active users (the sender excluded). */
export function resolveDirectRecipients(
  state: RealmState,
  sender: UserRecord,
  to: PostMessagesParams['to'],
): UserRecord[] {
  let items: Array<string | number>;
  if (Array.isArray(to)) items = to;
  else if (typeof to === 'number') items = [to];
  else
    items = to
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (items.length === 0) throw errors.noRecipients();
  const numbers = items.filter((x) => typeof x === 'number').length;
  if (numbers !== 0 && numbers !== items.length) throw errors.mixedRecipients();
  const users = new Map<number, UserRecord>();
  for (const item of items) {
    // An address the sender may not see is refused as one nobody has (it cannot be probed).
    const user =
      typeof item === 'number' ? state.users.get(item) : findUserByVisibleEmail(state, item, sender);
    if (!user)
      throw typeof item === 'number' ? errors.invalidRecipientId(item) : errors.invalidRecipientEmail(item);
    if (!user.is_active) throw errors.deactivatedRecipient(apiEmail(state, user));
    users.set(user.user_id, user);
  }
  users.delete(sender.user_id);
  return [...users.values()];
}

/** Resolves `to` of a channel message (name or ID; a one-element list is accepted). */
export function resolveChannel(store: Store, to: PostMessagesParams['to']): ChannelRecord {
  const fl = store.featureLevel;
  let target = to;
  if (Array.isArray(to)) {
    if (to.length > 1) throw errors.multipleStreams(fl);
    if (to.length === 0) throw errors.noRecipients();
    target = to[0]!;
  }
  if (typeof target === 'number') {
    const channel = store.state.channels.get(target);
    if (!channel) throw errors.channelIdDoesNotExist(fl, target);
    return channel;
  }
  const channel = store.state.channelsByName.get((target as string).trim().toLowerCase());
  if (!channel) throw errors.channelDoesNotExist(fl, target as string);
  return channel;
}

/** Checks the sender may post to the channel. */
export function checkChannelSend(store: Store, sender: UserRecord, channel: ChannelRecord): void {
  const refusal = sendRefusal(store.state, sender, channel);
  if (refusal === 'not_in_send_group') throw errors.noPermissionToPost(store.featureLevel);
  if (refusal) throw errors.notAuthorizedToSend(channel.name, store.featureLevel);
}

function emptyTopicAllowed(state: RealmState, channel: ChannelRecord): boolean {
  if (channel.topics_policy !== 'inherit') return channel.topics_policy !== 'disable_empty_topic';
  if (state.settings.mandatory_topics) return false;
  return state.settings.topics_policy !== 'disable_empty_topic';
}

/** The stored topic of a channel message per the topic rule and topics policies. */
export function resolveTopic(store: Store, channel: ChannelRecord, raw: string | undefined): string {
  if (channel.topics_policy === 'empty_topic_only') return '';
  if (raw === undefined) throw errors.missingTopic();
  const fl = store.featureLevel;
  const topic = truncateTopic(normalizeTopic(store.state, raw, fl));
  if (topic === '') {
    if (!has('empty_topic', fl)) throw errors.badRequest("Topic can't be empty!");
    if (!emptyTopicAllowed(store.state, channel)) throw errors.topicsRequired();
  }
  return topic;
}

/** Refuses channel / topic wildcard mentions in large audiences for users outside can_mention_many_users_group. */
export function checkWildcardMention(
  store: Store,
  sender: UserRecord,
  channel: ChannelRecord,
  topic: string,
  rendered: Pick<RenderResult, 'wildcard'>,
): void {
  const { wildcard } = rendered;
  if (!wildcard || inRealmGroup(store.state, sender, 'can_mention_many_users_group')) return;
  if (
    wildcard === 'channel' &&
    (store.state.subscribers.get(channel.stream_id)?.size ?? 0) > WILDCARD_MENTION_THRESHOLD
  )
    throw errors.wildcardNotAllowed('channel', store.featureLevel);
  if (wildcard === 'topic') {
    const people = topicParticipants(store.state, channel.stream_id, topic);
    people.add(sender.user_id);
    if (people.size > WILDCARD_MENTION_THRESHOLD)
      throw errors.wildcardNotAllowed('topic', store.featureLevel);
  }
}

/** Refuses (non-silent) mentions of user groups whose can_mention_group does not hold the sender. */
export function checkGroupMentions(
  store: Store,
  sender: UserRecord,
  rendered: Pick<RenderResult, 'mentionedGroupIds'>,
): void {
  const { state } = store;
  const everyone = systemGroupId(state, 'role:everyone');
  for (const groupId of rendered.mentionedGroupIds) {
    const group = state.groups.get(groupId);
    if (!group || group.can_mention_group === everyone) continue;
    if (sender.is_system_bot || !isUserInGroupSetting(state, group.can_mention_group, sender.user_id))
      throw errors.groupMentionNotAllowed(group.name);
  }
}

/** Checks direct_message_permission_group and direct_message_initiator_group (bots and self-DMs are exempt). */
export function checkDirectMessagePermission(
  state: RealmState,
  sender: UserRecord,
  recipients: readonly UserRecord[],
): void {
  if (recipients.length === 0 || sender.is_bot || recipients.some((u) => u.is_bot)) return;
  const permission = state.settings.direct_message_permission_group as GroupSettingValue;
  const participants = [sender, ...recipients];
  if (!participants.some((u) => isUserInGroupSetting(state, permission, u.user_id))) {
    if (permission === systemGroupId(state, 'role:nobody')) throw errors.directMessagesDisabled();
    throw errors.directMessageNotAuthorized();
  }
  const key = conversationKey(participants.map((u) => u.user_id));
  if (
    !inRealmGroup(state, sender, 'direct_message_initiator_group') &&
    !state.index.byConversation.get(key)?.length
  )
    throw errors.directMessageInitiator();
}
