/** register `unread_msgs` (reference I.3): the newest unread messages, grouped as clients need them. */
import { isTopicMuted } from '../../store/messages/user-topics.js';
import { displayTopic } from '../../store/topics.js';
import { FLAG_BITS, type RealmState } from '../../store/state.js';
import type { UnreadMessages } from '../../generated/types.js';

/** Only this many of the newest unread messages are reported (old_unreads_missing tells when more exist). */
export const MAX_UNREAD_MESSAGES = 50000;

const MENTION_BITS = FLAG_BITS.mentioned;
const WILDCARD_BITS =
  FLAG_BITS.wildcard_mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned;

/** Plain code-unit order, as the real server sorts group keys (huddles as text: "10,11" before "9,10"). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function push<K>(map: Map<K, number[]>, key: K, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}

/** Builds unread_msgs for a user from their personal rows (newest first, capped, then sorted ascending). */
export function unreadMessages(
  state: RealmState,
  userId: number,
  options: { allowEmptyTopicName: boolean; limit?: number },
): UnreadMessages {
  const limit = options.limit ?? MAX_UNREAD_MESSAGES;
  const history = state.index.byUser.get(userId) ?? [];
  const flags = state.index.flags.get(userId);
  const subscriptions = state.subscriptions.get(userId);
  const unread: number[] = [];
  for (let i = history.length - 1; i >= 0 && unread.length < limit; i--) {
    const id = history[i]!;
    if ((flags?.get(id) ?? FLAG_BITS.read) & FLAG_BITS.read) continue;
    // Like the real server, channels the user has unsubscribed from are left out (before the cap).
    const streamId = state.messages.get(id)?.stream_id;
    if (streamId != null && subscriptions?.get(streamId)?.active === false) continue;
    unread.push(id);
  }
  // The real server flags the cap as soon as it is reached (exactly `limit` unreads included).
  const missing = unread.length === limit;
  unread.reverse();
  const pms = new Map<number, number[]>();
  const streams = new Map<string, { stream_id: number; key: string; topic: string; ids: number[] }>();
  const huddles = new Map<string, number[]>();
  const mentions: number[] = [];
  let count = 0;
  for (const id of unread) {
    const message = state.messages.get(id);
    if (!message) continue;
    const bits = flags?.get(id) ?? 0;
    let muted = false;
    if (message.stream_id !== null) {
      muted = isTopicMuted(state, userId, message.stream_id, message.topic);
      // Topics are case-insensitive: one group per lowercased name, spelled as its oldest unread message.
      const topic = displayTopic(state, message.topic, options.allowEmptyTopicName);
      const key = topic.toLowerCase();
      const mapKey = `${message.stream_id}\u0000${key}`;
      const group = streams.get(mapKey);
      if (group) group.ids.push(id);
      else streams.set(mapKey, { stream_id: message.stream_id, key, topic, ids: [id] });
    } else if (message.recipients.length > 2) {
      push(huddles, message.recipients.join(','), id);
    } else {
      push(pms, message.recipients.find((r) => r !== userId) ?? userId, id);
    }
    if (!muted) count++;
    const wildcard = bits & WILDCARD_BITS && (message.stream_id === null || !muted);
    if (bits & MENTION_BITS || wildcard) mentions.push(id);
  }
  return {
    count,
    pms: [...pms]
      .sort(([a], [b]) => a - b)
      .map(([other, ids]) => ({ other_user_id: other, sender_id: other, unread_message_ids: ids })),
    streams: [...streams.values()]
      .sort((a, b) => a.stream_id - b.stream_id || compareText(a.key, b.key))
      .map((g) => ({ stream_id: g.stream_id, topic: g.topic, unread_message_ids: g.ids })),
    huddles: [...huddles]
      .sort(([a], [b]) => compareText(a, b))
      .map(([key, ids]) => ({ user_ids_string: key, unread_message_ids: ids })),
    mentions,
    old_unreads_missing: missing,
  };
}
