/** Messages for an export: content, reactions, edit history and moves, and who has not read or has starred each. */
import type { FixtureMessage } from '../../generated/types.js';
import { FLAG_BITS, type MessageRecord, type RealmState } from '../state.js';

/** Personal flags a fixture can hold, per message id. */
interface MessageFlags {
  unread: Map<number, number[]>;
  starred: Map<number, number[]>;
}

const push = (map: Map<number, number[]>, messageId: number, userId: number): void => {
  const list = map.get(messageId);
  if (list) list.push(userId);
  else map.set(messageId, [userId]);
};

/**
 * Collects unread and starred rows that the loader can give back. The loader hands a channel message to the
 * sender and to every subscription (active or past) dated no later than the message, and a direct message to
 * its participants, and it marks the sender's own row read; a row outside that (a message starred without a
 * subscription, a sender's unread own message) cannot be written in a fixture and is left out.
 */
function collectFlags(state: RealmState): MessageFlags {
  const subscribed = new Map<number, Map<number, number>>();
  for (const mine of state.subscriptions.values()) {
    for (const s of mine.values()) {
      let channel = subscribed.get(s.stream_id);
      if (!channel) subscribed.set(s.stream_id, (channel = new Map()));
      channel.set(s.user_id, s.date_subscribed);
    }
  }
  const receives = (m: MessageRecord, userId: number): boolean => {
    if (userId === m.sender_id) return true;
    if (m.stream_id === null) return m.recipients.includes(userId);
    const since = subscribed.get(m.stream_id)?.get(userId);
    return since !== undefined && since <= m.timestamp;
  };
  const flags: MessageFlags = { unread: new Map(), starred: new Map() };
  for (const [userId, rows] of state.index.flags) {
    for (const [messageId, bits] of rows) {
      const unread = (bits & FLAG_BITS.read) === 0;
      const starred = (bits & FLAG_BITS.starred) !== 0;
      if (!unread && !starred) continue;
      const m = state.messages.get(messageId);
      if (!m || !receives(m, userId)) continue;
      if (unread && userId !== m.sender_id) push(flags.unread, messageId, userId);
      if (starred) push(flags.starred, messageId, userId);
    }
  }
  return flags;
}

const ascending = (ids: number[]): number[] => ids.sort((a, b) => a - b);

function exportMessage(m: MessageRecord, flags: MessageFlags): FixtureMessage {
  const out: FixtureMessage = {
    id: m.id,
    sender_id: m.sender_id,
    ...(m.stream_id !== null
      ? { stream_id: m.stream_id, topic: m.topic }
      : { to: m.recipients.filter((id) => id !== m.sender_id) }),
    content: m.content,
    timestamp: m.timestamp,
    client: m.client,
  };
  if (m.reactions.length) out.reactions = m.reactions.map((r) => ({ ...r }));
  if (m.edit_history.length) out.edit_history = m.edit_history.map((e) => ({ ...e }));
  if (m.last_edit_timestamp !== undefined) out.last_edit_timestamp = m.last_edit_timestamp;
  if (m.last_moved_timestamp !== undefined) out.last_moved_timestamp = m.last_moved_timestamp;
  const unread = flags.unread.get(m.id);
  if (unread) out.unread_by = ascending(unread);
  const starred = flags.starred.get(m.id);
  if (starred) out.starred_by = ascending(starred);
  return out;
}

/** Every message in id order. */
export function exportMessages(state: RealmState): FixtureMessage[] {
  const flags = collectFlags(state);
  const records = [...state.messages.values()];
  let sorted = true;
  for (let i = 1; sorted && i < records.length; i++) sorted = records[i - 1]!.id < records[i]!.id;
  if (!sorted) records.sort((a, b) => a.id - b.id);
  return records.map((m) => exportMessage(m, flags));
}
