/** Sorted id lists and the message indexes built on them; every write to messages goes through here. */
import type { MessageIndexes, MessageRecord } from './state.js';
import { lowerBound, UserHistories, UserRows } from './user-rows.js';

export { lowerBound };

/** Inserts `id` keeping the list ascending (appending is the common, O(1) case). */
export function insertSorted(ids: number[], id: number): void {
  const last = ids[ids.length - 1];
  if (last === undefined || last < id) ids.push(id);
  else {
    const at = lowerBound(ids, id);
    if (ids[at] !== id) ids.splice(at, 0, id);
  }
}

/** Removes `id` from an ascending list if present. */
export function removeSorted(ids: number[], id: number): void {
  const at = lowerBound(ids, id);
  if (ids[at] === id) ids.splice(at, 1);
}

// The last key made: a send asks for its topic's key several times (checks, index, start of topic), and a
// client's next send is usually to the same topic.
let lastStreamId = -1;
let lastTopic = '';
let lastKey = '';

/** Key of a channel topic in `byTopic` (topics compare case-insensitively). */
export function topicKey(streamId: number, topic: string): string {
  if (streamId === lastStreamId && topic === lastTopic) return lastKey;
  lastStreamId = streamId;
  lastTopic = topic;
  lastKey = `${streamId}\u0000${topic.toLowerCase()}`;
  return lastKey;
}

/** Key of a direct-message conversation: its sorted participant ids. */
export function conversationKey(participants: readonly number[]): string {
  return [...participants].sort((a, b) => a - b).join(',');
}

/**
 * The list under `key`, created when missing, that this state may change: a list shared with a prepared
 * realm is frozen, and is replaced by a copy on the first write.
 */
function listFor<K>(map: Map<K, number[]>, key: K): number[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  // Spread, not slice: V8 copies a frozen array with slice() an order of magnitude more slowly.
  else if (Object.isFrozen(list)) map.set(key, (list = [...list]));
  return list;
}

/** The existing list under `key` that this state may change (a shared one is copied first). */
function existingListFor<K>(map: Map<K, number[]>, key: K): number[] | undefined {
  return map.has(key) ? listFor(map, key) : undefined;
}

/** A channel's topic keys that this state may change (a frozen set is shared with a prepared realm: copied). */
function topicKeysFor(index: MessageIndexes, streamId: number): Set<string> {
  let keys = index.topicKeysByChannel.get(streamId);
  if (!keys || Object.isFrozen(keys)) index.topicKeysByChannel.set(streamId, (keys = new Set(keys)));
  return keys;
}

/** The byTopic keys of a channel's topics. */
export function channelTopicKeys(index: MessageIndexes, streamId: number): ReadonlySet<string> {
  return index.topicKeysByChannel.get(streamId) ?? new Set();
}

/** Creates empty indexes. */
export function createIndexes(): MessageIndexes {
  const flags = new Map<number, UserRows>();
  return {
    byChannel: new Map(),
    byTopic: new Map(),
    topicKeysByChannel: new Map(),
    byConversation: new Map(),
    byUser: new UserHistories(flags),
    flags,
  };
}

/** Adds a message's location (channel and topic, or conversation) to the indexes. */
export function indexLocation(index: MessageIndexes, message: MessageRecord): void {
  if (message.stream_id !== null) {
    insertSorted(listFor(index.byChannel, message.stream_id), message.id);
    const key = topicKey(message.stream_id, message.topic);
    insertSorted(listFor(index.byTopic, key), message.id);
    topicKeysFor(index, message.stream_id).add(key);
  } else {
    insertSorted(listFor(index.byConversation, conversationKey(message.recipients)), message.id);
  }
}

/** Removes a message's location from the indexes (before a move or a delete). */
export function unindexLocation(index: MessageIndexes, message: MessageRecord): void {
  if (message.stream_id !== null) {
    const channel = existingListFor(index.byChannel, message.stream_id);
    if (channel) removeSorted(channel, message.id);
    const key = topicKey(message.stream_id, message.topic);
    const topic = existingListFor(index.byTopic, key);
    if (topic) {
      removeSorted(topic, message.id);
      if (topic.length === 0) {
        index.byTopic.delete(key);
        topicKeysFor(index, message.stream_id).delete(key);
      }
    }
  } else {
    const conversation = existingListFor(index.byConversation, conversationKey(message.recipients));
    if (conversation) removeSorted(conversation, message.id);
  }
}

/** Gives a user a personal row for a message with the given flag bits (or ORs them into an existing row). */
export function addUserRow(index: MessageIndexes, userId: number, messageId: number, bits: number): void {
  let rows = index.flags.get(userId);
  if (!rows) index.flags.set(userId, (rows = new UserRows()));
  rows.set(messageId, (rows.get(messageId) ?? 0) | bits);
}

/** Removes every personal row of a message (on delete). */
export function removeUserRows(index: MessageIndexes, messageId: number, userIds: Iterable<number>): void {
  for (const userId of userIds) index.flags.get(userId)?.delete(messageId);
}
