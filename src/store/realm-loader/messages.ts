/** Loads messages: records, location indexes, and personal rows with flags for everyone who received them. */
import type { FixtureMessage } from '../../generated/types.js';
import { addUserRow } from '../message-index.js';
import { renderContent } from '../render.js';
import { FLAG_BITS, type MessageIndexes, type MessageRecord, type SubscriptionRecord } from '../state.js';
import type { RenderResult } from '../../markdown/context.js';
import { UserRows } from '../user-rows.js';
import type { LoadContext } from './context.js';
import { LocationIndexer } from './locations.js';

/**
 * The empty lists records share (frozen: a store copies a record's lists before changing them, see
 * mutableMessage): most messages have no reactions and no edits, and a channel message no recipients.
 */
const NO_IDS = Object.freeze([]) as unknown as number[];
const NO_REACTIONS = Object.freeze([]) as unknown as MessageRecord['reactions'];
const NO_EDITS = Object.freeze([]) as unknown as MessageRecord['edit_history'];

/** Numeric order for sort (one function, not a closure made per call). */
const ascending = (a: number, b: number): number => a - b;

/** The participants of a direct message: the sender and the recipients, ascending, each once. */
function participants(senderId: number, to: readonly number[]): number[] {
  const ids = [senderId, ...to].sort(ascending);
  let kept = 1;
  for (let i = 1; i < ids.length; i++) if (ids[i] !== ids[kept - 1]) ids[kept++] = ids[i]!;
  ids.length = kept;
  return ids;
}

/** Who may have received a channel's messages, precomputed once per channel instead of once per message. */
interface ChannelReaders {
  subs: SubscriptionRecord[];
  /** The latest date_subscribed: messages sent from then on reach every subscription. */
  latest: number;
  /** User ids of `subs`, in order (subscriptions are unique per user and channel). */
  users: number[];
  members: Set<number>;
  /** Each user's rows, aligned with `users` (filled on first use, in the order the rows are first written). */
  rows: (UserRows | undefined)[];
}

/** What loading every message shares: channel readers, each user's rows, and renders of repeated content. */
interface MessageLoad {
  channels: Map<number, ChannelReaders>;
  /** An upper bound of each user's rows, the room their rows are created with (see rowEstimates). */
  room: Map<number, number>;
  /** Each user's rows (messages load in id order, so each row is appended), written to the index at the end. */
  rows: Map<number, UserRows>;
  /** The rows were recorded from an earlier load of the same fixture (LoadContext.rows): none are built. */
  recorded: boolean;
  renders: Map<string, RenderResult>;
  locations: LocationIndexer;
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
          (readers = { subs: [], latest: -Infinity, users: [], members: new Set(), rows: [] }),
        );
      readers.subs.push(sub);
      if (!readers.members.has(sub.user_id)) {
        readers.users.push(sub.user_id);
        readers.members.add(sub.user_id);
      }
      readers.latest = Math.max(readers.latest, sub.date_subscribed);
    }
  }
  const { messages } = context.data;
  const recorded = context.rows;
  const load: MessageLoad = {
    channels,
    // Recorded rows need no estimate: they are taken as they are.
    room: recorded ? new Map() : rowEstimates(messages, channels),
    rows: recorded ?? new Map(),
    recorded: recorded !== undefined,
    renders: new Map(),
    locations: new LocationIndexer(context.state.index),
  };
  const source = context.messageSource;
  if (source) for (let at = 0; at < source.count; at++) loadMessage(context, source.read(at), at, load);
  else for (const at of idOrder(messages)) loadMessage(context, messages[at]!, at, load);
  writeRows(context.state.index, load);
}

/**
 * About how many rows each user will get: the messages of every channel they are subscribed to and their direct
 * messages (an upper bound, but for the rare sender of a channel message who is not subscribed), so that their
 * rows are allocated once instead of grown a dozen times.
 */
function rowEstimates(
  messages: readonly FixtureMessage[],
  channels: Map<number, ChannelReaders>,
): Map<number, number> {
  const perChannel = new Map<number, number>();
  const room = new Map<number, number>();
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    // Only an estimate: data the schema refused (a `to` that is not a list, ...) is counted as far as it goes.
    if (m.stream_id !== undefined) perChannel.set(m.stream_id, (perChannel.get(m.stream_id) ?? 0) + 1);
    else {
      room.set(m.sender_id, (room.get(m.sender_id) ?? 0) + 1);
      if (Array.isArray(m.to)) for (const id of m.to) room.set(id, (room.get(id) ?? 0) + 1);
    }
  }
  for (const [streamId, readers] of channels) {
    const count = perChannel.get(streamId);
    if (count) for (const userId of readers.users) room.set(userId, (room.get(userId) ?? 0) + count);
  }
  return room;
}

/** Positions of the messages in ascending id order (stable; no sort when the file lists them in order already). */
function idOrder(messages: readonly FixtureMessage[]): number[] {
  const order = Array.from({ length: messages.length }, (_, i) => i);
  for (let i = 1; i < messages.length; i++) {
    if (messages[i - 1]!.id > messages[i]!.id) return order.sort((a, b) => messages[a]!.id - messages[b]!.id);
  }
  return order;
}

/** Whether the user exists; the problem's pointer (`/messages/N/field`) is built only when it does not. */
function userExistsAt(context: LoadContext, id: number, at: number, field: string): boolean {
  return context.state.users.has(id) || context.userExists(id, `/messages/${at}/${field}`);
}

/** Renders content once per distinct text: the realm does not change while messages load, so neither does the HTML. */
function render(context: LoadContext, load: MessageLoad, content: string): RenderResult {
  let result = load.renders.get(content);
  if (!result) {
    const { renders, state } = context;
    result = renders ? renders.message(state, content) : renderContent(state, content);
    load.renders.set(content, result);
  }
  // Messages with the same content share the mention set: it is never changed in place (edits replace it).
  return result;
}

/** The ids that received a message: recipients, subscribers by then, and the sender (Set order as before). */
function readersOf(
  channel: ChannelReaders | undefined,
  recipients: readonly number[],
  senderId: number,
  timestamp: number,
): Iterable<number> & { has(id: number): boolean } {
  if (recipients.length === 0 && channel && channel.latest <= timestamp) {
    // The common case: every subscription predates the message, so the readers are the precomputed list.
    if (channel.members.has(senderId)) return channel.members;
    return new Set([...channel.users, senderId]);
  }
  const readers = new Set(recipients);
  for (const sub of channel?.subs ?? []) {
    if (sub.date_subscribed <= timestamp) readers.add(sub.user_id);
  }
  readers.add(senderId);
  return readers;
}

/** The user's queued rows (created on first use); rows are written per user at the end. */
function rowsOf(load: MessageLoad, userId: number): UserRows {
  let rows = load.rows.get(userId);
  if (!rows) load.rows.set(userId, (rows = UserRows.withRoom(load.room.get(userId) ?? 0)));
  return rows;
}

/** Records a problem for each listed user who did not receive the message. */
function checkReceived(
  context: LoadContext,
  readers: { has(id: number): boolean },
  ids: Iterable<number> | undefined,
  at: number,
  field: string,
): void {
  if (!ids) return;
  for (const id of ids) {
    if (!readers.has(id))
      context.problems.push(`/messages/${at}/${field}: user ${id} did not receive this message`);
  }
}

/** What one message shares with every reader's flag bits. */
interface RowInputs {
  senderId: number;
  unread: Set<number> | undefined;
  starred: Set<number> | undefined;
  mentioned: ReadonlySet<number> | undefined;
  wildcardBits: number;
}

/** A reader's flag bits for the message. */
function rowBits(input: RowInputs, userId: number): number {
  const own = userId === input.senderId;
  let bits = input.unread?.has(userId) && !own ? 0 : FLAG_BITS.read;
  if (input.starred?.has(userId)) bits |= FLAG_BITS.starred;
  if (input.mentioned?.has(userId)) bits |= FLAG_BITS.mentioned;
  if (!own) bits |= input.wildcardBits;
  return bits;
}

/** Writes the queued rows into index.flags (merged into rows already there, should a user have some). */
function writeRows(index: MessageIndexes, load: MessageLoad): void {
  for (const [userId, rows] of load.rows) {
    if (!index.flags.has(userId)) index.flags.set(userId, rows);
    else for (const [messageId, bits] of rows) addUserRow(index, userId, messageId, bits);
  }
}

function loadMessage(context: LoadContext, m: FixtureMessage, at: number, load: MessageLoad): void {
  const { state, problems } = context;
  if (state.messages.has(m.id)) return void problems.push(`/messages/${at}/id: duplicate message id ${m.id}`);
  if (!userExistsAt(context, m.sender_id, at, 'sender_id')) return;
  const isChannel = m.stream_id !== undefined;
  if (isChannel === (m.to !== undefined)) {
    return void problems.push(
      `/messages/${at}: give either stream_id and topic (channel message) or to (direct message)`,
    );
  }
  if (isChannel && !state.channels.has(m.stream_id!)) {
    return void problems.push(`/messages/${at}/stream_id: no channel with id ${m.stream_id}`);
  }
  if (!isChannel) {
    const to = m.to!;
    // As before (to.every): a `to` that is not a list (the schema's problem) stops the load of the realm.
    if (!Array.isArray(to)) throw new TypeError(`/messages/${at}/to is not a list`);
    for (let i = 0; i < to.length; i++) if (!userExistsAt(context, to[i]!, at, 'to')) return;
  }
  const reactions = m.reactions;
  if (reactions) {
    for (let i = 0; i < reactions.length; i++) {
      const id = reactions[i]!.user_id;
      if (!state.users.has(id)) userExistsAt(context, id, at, `reactions/${i}/user_id`);
    }
  }
  const rendered = render(context, load, m.content);
  // The rest reads locals, not the record: records of edited or moved messages have other shapes.
  const id = m.id;
  const senderId = m.sender_id;
  const streamId = isChannel ? m.stream_id! : null;
  const topic = isChannel ? (m.topic ?? '') : '';
  const recipients = isChannel ? NO_IDS : participants(senderId, m.to!);
  const message: MessageRecord = {
    id,
    sender_id: senderId,
    type: isChannel ? 'stream' : 'private',
    stream_id: streamId,
    topic,
    recipients,
    content: m.content,
    rendered_content: rendered.html,
    timestamp: m.timestamp,
    client: m.client ?? 'website',
    is_me_message: m.content.startsWith('/me '),
    reactions: m.reactions?.length ? m.reactions : NO_REACTIONS,
    edit_history: m.edit_history?.length ? m.edit_history : NO_EDITS,
    mentioned_user_ids: rendered.mentionedUserIds,
    wildcard_mention: rendered.wildcard,
    has_link: rendered.hasLink,
    has_image: rendered.hasImage,
    has_attachment: rendered.hasAttachment,
  };
  if (m.last_edit_timestamp !== undefined) message.last_edit_timestamp = m.last_edit_timestamp;
  if (m.last_moved_timestamp !== undefined) message.last_moved_timestamp = m.last_moved_timestamp;
  state.messages.set(id, message);
  load.locations.add(id, streamId, topic, recipients);
  // Recorded rows hold every reader's row already; who received the message was checked when they were made.
  if (load.recorded) return;

  const channel = streamId === null ? undefined : load.channels.get(streamId);
  const readers = readersOf(channel, recipients, senderId, m.timestamp);
  const unread = m.unread_by?.length ? new Set(m.unread_by) : undefined;
  const starred = m.starred_by?.length ? new Set(m.starred_by) : undefined;
  checkReceived(context, readers, unread, at, 'unread_by');
  checkReceived(context, readers, starred, at, 'starred_by');
  const wildcardBits =
    rendered.wildcard === 'channel'
      ? FLAG_BITS.wildcard_mentioned | FLAG_BITS.stream_wildcard_mentioned
      : rendered.wildcard === 'topic'
        ? FLAG_BITS.wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned
        : 0;
  const mentioned = rendered.mentionedUserIds.size ? rendered.mentionedUserIds : undefined;
  if (channel && readers === channel.members) {
    // The common case: the channel's subscribers, in the Set's order; their rows are looked up once per channel.
    const { users, rows } = channel;
    if (!unread && !starred && !mentioned) {
      // No per-reader flags: the sender's row is read, everyone else's read with the wildcard bits.
      const others = FLAG_BITS.read | wildcardBits;
      for (let i = 0; i < users.length; i++) {
        const userId = users[i]!;
        (rows[i] ??= rowsOf(load, userId)).append(id, userId === senderId ? FLAG_BITS.read : others);
      }
      return;
    }
    const input: RowInputs = { senderId, unread, starred, mentioned, wildcardBits };
    for (let i = 0; i < users.length; i++) {
      const userId = users[i]!;
      (rows[i] ??= rowsOf(load, userId)).append(id, rowBits(input, userId));
    }
    return;
  }
  const input: RowInputs = { senderId, unread, starred, mentioned, wildcardBits };
  for (const userId of readers) rowsOf(load, userId).append(id, rowBits(input, userId));
}
