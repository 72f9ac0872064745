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
  const unread: number[] = [];
  let missing = false;
  for (let i = history.length - 1; i >= 0; i--) {
    const id = history[i]!;
    if ((flags?.get(id) ?? FLAG_BITS.read) & FLAG_BITS.read) continue;
    if (unread.length === limit) {
      missing = true;
      break;
    }
    unread.push(id);
  }
  unread.reverse();
  const pms = new Map<number, number[]>();
  const streams = new Map<string, { stream_id: number; topic: string; ids: number[] }>();
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
      const key = `${message.stream_id}\u0000${message.topic}`;
      const group = streams.get(key);
      if (group) group.ids.push(id);
      else streams.set(key, { stream_id: message.stream_id, topic: message.topic, ids: [id] });
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
      .sort((a, b) => a.stream_id - b.stream_id || (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0))
      .map((g) => ({
        stream_id: g.stream_id,
        topic: displayTopic(state, g.topic, options.allowEmptyTopicName),
        unread_message_ids: g.ids,
      })),
    huddles: [...huddles].map(([key, ids]) => ({ user_ids_string: key, unread_message_ids: ids })),
    mentions,
    old_unreads_missing: missing,
  };
}
