/** Topic listing (GET /users/me/{stream_id}/topics) and per-user topic visibility policies. */
import type { Topic } from '../../generated/types.js';
import { hasMessageRow } from '../access.js';
import { channelTopicKeys } from '../message-index.js';
import { displayTopic } from '../topics.js';
import type { ChannelRecord, RealmState, UserRecord } from '../state.js';
import type { Store } from '../store.js';

/**
 * The channel's topics the user may see, newest first: {name, max_id}, the name spelled as the newest
 * visible message of the case-insensitive topic. With protected history (history_public_to_subscribers
 * false) a message is visible only when the user has a row for it, i.e. received it while subscribed (a
 * message sent in the same second before the subscription stays hidden). Reads the byTopic index only.
 */
export function listTopics(
  state: RealmState,
  user: UserRecord,
  channel: ChannelRecord,
  allowEmptyTopicName: boolean,
): Topic[] {
  const visible = (id: number): boolean =>
    channel.history_public_to_subscribers || hasMessageRow(state, user.user_id, id);
  const out: Topic[] = [];
  for (const key of channelTopicKeys(state.index, channel.stream_id)) {
    const ids = state.index.byTopic.get(key)!;
    for (let i = ids.length - 1; i >= 0; i--) {
      const id = ids[i]!;
      if (!visible(id)) continue;
      const topic = state.messages.get(id)!.topic;
      out.push({ name: displayTopic(state, topic, allowEmptyTopicName), max_id: id });
      break;
    }
  }
  return out.sort((a, b) => b.max_id - a.max_id);
}

/** Key of a user's topic policy in state.userTopics. */
export function userTopicKey(userId: number, streamId: number, topic: string): string {
  return `${userId}\u0000${streamId}\u0000${topic.toLowerCase()}`;
}

/** The user's muted topics as the legacy muted_topics event and snapshot list them: [channel name, topic, time]. */
export function mutedTopicTriples(state: RealmState, userId: number): Array<[string, string, number]> {
  const out: Array<[string, string, number]> = [];
  for (const t of state.userTopics.values())
    if (t.user_id === userId && t.visibility_policy === 1)
      out.push([state.channels.get(t.stream_id)?.name ?? '', t.topic_name, t.last_updated]);
  return out;
}

/**
 * Sets a user's visibility policy for a topic (0 removes it) and emits user_topic to that user, preceded
 * by the legacy muted_topics list (which queues that ask for user_topic do not get) unless `mutedTopicsEvent`
 * is false: the server leaves it out when a send follows or unmutes a topic automatically.
 */
export function setTopicVisibility(
  store: Store,
  userId: number,
  streamId: number,
  topic: string,
  policy: number,
  { mutedTopicsEvent = true }: { mutedTopicsEvent?: boolean } = {},
): void {
  const key = userTopicKey(userId, streamId, topic);
  const now = store.now();
  if (policy === 0) store.state.userTopics.delete(key);
  else
    store.state.userTopics.set(key, {
      user_id: userId,
      stream_id: streamId,
      topic_name: topic,
      visibility_policy: policy,
      last_updated: now,
    });
  if (mutedTopicsEvent)
    store.emit([userId], { type: 'muted_topics', muted_topics: mutedTopicTriples(store.state, userId) });
  store.emit([userId], {
    type: 'user_topic',
    stream_id: streamId,
    topic_name: topic,
    last_updated: now,
    visibility_policy: policy,
  });
}
