/** Loads messages: records, location indexes, and personal rows with flags for everyone who received them. */
import type { FixtureMessage } from '../../generated/types.js';
import { addUserRow, indexLocation } from '../message-index.js';
import { renderContent } from '../render.js';
import { FLAG_BITS, type MessageRecord, type SubscriptionRecord } from '../state.js';
import type { LoadContext } from './context.js';

/** Adds every message in id order. Channel messages go to everyone subscribed when they were sent. */
export function loadMessages(context: LoadContext): void {
  const subscriptionsByChannel = new Map<number, SubscriptionRecord[]>();
  for (const mine of context.state.subscriptions.values()) {
    for (const sub of mine.values()) {
      const list = subscriptionsByChannel.get(sub.stream_id) ?? [];
      list.push(sub);
      subscriptionsByChannel.set(sub.stream_id, list);
    }
  }
  const positions = new Map(context.data.messages.map((m, i) => [m, i]));
  const sorted = [...context.data.messages].sort((a, b) => a.id - b.id);
  for (const m of sorted) loadMessage(context, m, `/messages/${positions.get(m)}`, subscriptionsByChannel);
}

function loadMessage(
  { state, problems, userExists }: LoadContext,
  m: FixtureMessage,
  where: string,
  subscriptionsByChannel: Map<number, SubscriptionRecord[]>,
): void {
  if (state.messages.has(m.id)) return void problems.push(`${where}/id: duplicate message id ${m.id}`);
  if (!userExists(m.sender_id, `${where}/sender_id`)) return;
  const isChannel = m.stream_id !== undefined;
  if (isChannel === (m.to !== undefined)) {
    return void problems.push(
      `${where}: give either stream_id and topic (channel message) or to (direct message)`,
    );
  }
  if (isChannel && !state.channels.has(m.stream_id!)) {
    return void problems.push(`${where}/stream_id: no channel with id ${m.stream_id}`);
  }
  if (!isChannel && !(m.to ?? []).every((id) => userExists(id, `${where}/to`))) return;
  m.reactions?.forEach((r, i) => userExists(r.user_id, `${where}/reactions/${i}/user_id`));
  const rendered = renderContent(state, m.content);
  const message: MessageRecord = {
    id: m.id,
    sender_id: m.sender_id,
    type: isChannel ? 'stream' : 'private',
    stream_id: isChannel ? m.stream_id! : null,
    topic: isChannel ? (m.topic ?? '') : '',
    recipients: isChannel ? [] : [...new Set([m.sender_id, ...(m.to ?? [])])].sort((a, b) => a - b),
    content: m.content,
    rendered_content: rendered.html,
    timestamp: m.timestamp,
    client: m.client ?? 'website',
    is_me_message: m.content.startsWith('/me '),
    reactions: m.reactions ?? [],
    edit_history: m.edit_history ?? [],
    mentioned_user_ids: rendered.mentionedUserIds,
    wildcard_mention: rendered.wildcard,
    has_link: rendered.hasLink,
    has_image: rendered.hasImage,
    has_attachment: rendered.hasAttachment,
  };
  if (m.last_edit_timestamp !== undefined) message.last_edit_timestamp = m.last_edit_timestamp;
  if (m.last_moved_timestamp !== undefined) message.last_moved_timestamp = m.last_moved_timestamp;
  state.messages.set(message.id, message);
  indexLocation(state.index, message);

  const readers = new Set(message.recipients);
  for (const sub of subscriptionsByChannel.get(message.stream_id ?? -1) ?? []) {
    if (sub.date_subscribed <= message.timestamp) readers.add(sub.user_id);
  }
  readers.add(message.sender_id);
  const unread = new Set(m.unread_by ?? []);
  const starred = new Set(m.starred_by ?? []);
  for (const [field, ids] of [
    ['unread_by', unread],
    ['starred_by', starred],
  ] as const) {
    for (const id of ids)
      if (!readers.has(id)) problems.push(`${where}/${field}: user ${id} did not receive this message`);
  }
  const wildcardBits =
    message.wildcard_mention === 'channel'
      ? FLAG_BITS.wildcard_mentioned | FLAG_BITS.stream_wildcard_mentioned
      : message.wildcard_mention === 'topic'
        ? FLAG_BITS.wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned
        : 0;
  for (const userId of readers) {
    const own = userId === m.sender_id;
    let bits = unread.has(userId) && !own ? 0 : FLAG_BITS.read;
    if (starred.has(userId)) bits |= FLAG_BITS.starred;
    if (message.mentioned_user_ids.has(userId)) bits |= FLAG_BITS.mentioned;
    if (!own) bits |= wildcardBits;
    addUserRow(state.index, userId, message.id, bits);
  }
}
