/** Loads messages: records, location indexes, and personal rows with flags for everyone who received them. */
import type { FixtureMessage } from '../../generated/types.js';
import { addUserRow, indexLocation } from '../message-index.js';
import { renderContent } from '../render.js';
import { FLAG_BITS, type MessageIndexes, type MessageRecord, type SubscriptionRecord } from '../state.js';
import type { RenderResult } from '../../markdown/context.js';
import { UserRows } from '../user-rows.js';
import type { LoadContext } from './context.js';

/** Who may have received a channel's messages, precomputed once per channel instead of once per message. */
interface ChannelReaders {
  subs: SubscriptionRecord[];
  /** The latest date_subscribed: messages sent from then on reach every subscription. */
  latest: number;
  /** User ids of `subs`, in order (subscriptions are unique per user and channel). */
  users: number[];
  members: Set<number>;
}

/** What loading every message shares: channel readers, each user's rows, and renders of repeated content. */
interface MessageLoad {
  channels: Map<number, ChannelReaders>;
  /** Each user's rows (messages load in id order, so each row is appended), written to the index at the end. */
  rows: Map<number, UserRows>;
  renders: Map<string, RenderResult>;
}

/** Adds every message in id order. Channel messages go to everyone subscribed when they were sent. */
export function loadMessages(context: LoadContext): void {
  const channels = new Map<number, ChannelReaders>();
  for (const mine of context.state.subscriptions.values()) {
    for (const sub of mine.values()) {
      let readers = channels.get(sub.stream_id);
      if (!readers)
        channels.set(
          sub.stream_id,
          (readers = { subs: [], latest: -Infinity, users: [], members: new Set() }),
        );
      readers.subs.push(sub);
      readers.users.push(sub.user_id);
      readers.members.add(sub.user_id);
      readers.latest = Math.max(readers.latest, sub.date_subscribed);
    }
  }
  const load: MessageLoad = { channels, rows: new Map(), renders: new Map() };
  const positions = new Map(context.data.messages.map((m, i) => [m, i]));
  const sorted = [...context.data.messages].sort((a, b) => a.id - b.id);
  for (const m of sorted) loadMessage(context, m, `/messages/${positions.get(m)}`, load);
  writeRows(context.state.index, load);
}

/** Renders content once per distinct text: the realm does not change while messages load, so neither does the HTML. */
function render(context: LoadContext, load: MessageLoad, content: string): RenderResult {
  let result = load.renders.get(content);
  if (!result) load.renders.set(content, (result = renderContent(context.state, content)));
  // Messages with the same content share the mention set: it is never changed in place (edits replace it).
  return result;
}

/** The ids that received a message: recipients, subscribers by then, and the sender (Set order as before). */
function readersOf(
  load: MessageLoad,
  message: MessageRecord,
): Iterable<number> & { has(id: number): boolean } {
  const channel = load.channels.get(message.stream_id ?? -1);
  if (message.recipients.length === 0 && channel && channel.latest <= message.timestamp) {
    // The common case: every subscription predates the message, so the readers are the precomputed list.
    if (channel.members.has(message.sender_id)) return channel.members;
    return new Set([...channel.users, message.sender_id]);
  }
  const readers = new Set(message.recipients);
  for (const sub of channel?.subs ?? []) {
    if (sub.date_subscribed <= message.timestamp) readers.add(sub.user_id);
  }
  readers.add(message.sender_id);
  return readers;
}

/** Queues a personal row; rows are written per user at the end. */
function addRow(load: MessageLoad, userId: number, messageId: number, bits: number): void {
  let rows = load.rows.get(userId);
  if (!rows) load.rows.set(userId, (rows = new UserRows()));
  rows.set(messageId, bits);
}

/** Writes the queued rows into index.flags (merged into rows already there, should a user have some). */
function writeRows(index: MessageIndexes, load: MessageLoad): void {
  for (const [userId, rows] of load.rows) {
    if (!index.flags.has(userId)) index.flags.set(userId, rows);
    else for (const [messageId, bits] of rows) addUserRow(index, userId, messageId, bits);
  }
}

function loadMessage(context: LoadContext, m: FixtureMessage, where: string, load: MessageLoad): void {
  const { state, problems, userExists } = context;
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
  const rendered = render(context, load, m.content);
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

  const readers = readersOf(load, message);
  const unread = m.unread_by?.length ? new Set(m.unread_by) : undefined;
  const starred = m.starred_by?.length ? new Set(m.starred_by) : undefined;
  for (const [field, ids] of [
    ['unread_by', unread],
    ['starred_by', starred],
  ] as const) {
    for (const id of ids ?? [])
      if (!readers.has(id)) problems.push(`${where}/${field}: user ${id} did not receive this message`);
  }
  const wildcardBits =
    message.wildcard_mention === 'channel'
      ? FLAG_BITS.wildcard_mentioned | FLAG_BITS.stream_wildcard_mentioned
      : message.wildcard_mention === 'topic'
        ? FLAG_BITS.wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned
        : 0;
  const mentioned = message.mentioned_user_ids.size ? message.mentioned_user_ids : undefined;
  for (const userId of readers) {
    const own = userId === m.sender_id;
    let bits = unread?.has(userId) && !own ? 0 : FLAG_BITS.read;
    if (starred?.has(userId)) bits |= FLAG_BITS.starred;
    if (mentioned?.has(userId)) bits |= FLAG_BITS.mentioned;
    if (!own) bits |= wildcardBits;
    addRow(load, userId, message.id, bits);
  }
}
