/**
 * The location indexes (channel, topic, conversation) as the loader fills them: the same lists and keys as
 * indexLocation (message-index.ts) builds, with each channel's list and each topic's key and list looked up
 * once per distinct topic text instead of once per message (no key string, lowercasing or hashing per message).
 */
import { insertSorted, topicKey } from '../message-index.js';
import type { MessageIndexes } from '../state.js';

/** A channel's lists: its own, and each topic's by the topic's text as the messages give it. */
interface ChannelLists {
  ids: number[];
  keys: Set<string>;
  topics: Map<string, number[]>;
  /** The topic of the channel's previous message and its list: conversations come in runs (no lookup then). */
  lastTopic: string | undefined;
  lastList: number[];
}

/** Appends `id` (ascending order, the loader's case), or inserts it in place. */
function add(list: number[], id: number): void {
  if (list.length === 0 || list[list.length - 1]! < id) list.push(id);
  else insertSorted(list, id);
}

/** Returns the list under `key`, created when missing. */
function listOf<K>(map: Map<K, number[]>, key: K): number[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

/** Indexes messages' locations into a state's (unshared) indexes while a realm loads. */
export class LocationIndexer {
  private readonly channels = new Map<number, ChannelLists>();

  constructor(private readonly index: MessageIndexes) {}

  /** Adds a message's channel and topic, or its conversation (recipients sorted and unique) when not in a channel. */
  add(id: number, streamId: number | null, topic: string, recipients: readonly number[]): void {
    const { index } = this;
    if (streamId === null) {
      add(listOf(index.byConversation, recipients.join(',')), id);
      return;
    }
    let channel = this.channels.get(streamId);
    if (!channel) {
      const ids = listOf(index.byChannel, streamId);
      let keys = index.topicKeysByChannel.get(streamId);
      if (!keys) index.topicKeysByChannel.set(streamId, (keys = new Set()));
      const lists: ChannelLists = { ids, keys, topics: new Map(), lastTopic: undefined, lastList: [] };
      this.channels.set(streamId, (channel = lists));
    }
    add(channel.ids, id);
    if (topic !== channel.lastTopic) {
      let list = channel.topics.get(topic);
      if (!list) {
        const key = topicKey(streamId, topic);
        list = listOf(index.byTopic, key);
        channel.keys.add(key);
        channel.topics.set(topic, list);
      }
      channel.lastTopic = topic;
      channel.lastList = list;
    }
    add(channel.lastList, id);
  }
}
