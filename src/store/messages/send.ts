/** Sending: the validation-free core that stores a message, gives personal rows and flags, and emits it. */
import type { RenderResult } from '../../markdown/render.js';
import { renderContent } from '../render.js';
import { addUserRow, indexLocation, topicKey } from '../message-index.js';
import { truncateTopic } from '../topics.js';
import { FLAG_BITS, type MessageRecord, type RealmState, type UserRecord } from '../state.js';
import type { EventPayload, Store } from '../store.js';
import { subscriberListAudience } from '../subscriptions/subscribe.js';
import { alertWordBit, usersAlertedBy } from '../user-preferences/alert-words.js';
import { mutedSenderBit } from '../user-preferences/muted-users.js';
import { flagNames } from './flags.js';
import { automaticPolicyOnSend, setVisibilityPolicy, VISIBILITY, visibilityPolicy } from './user-topics.js';
import { noteUploadLinks } from '../uploads/uploads.js';

/** What to send; the caller has already validated recipients and permissions. */
export interface SendInput {
  type: 'stream' | 'private';
  streamId?: number;
  topic?: string;
  recipientIds?: number[];
  content: string;
  /** The content's rendering for this sender, when the caller has it already (rendered again otherwise). */
  rendered?: RenderResult;
  client: string;
  readBySender?: boolean | null;
  /** Other users whose row starts read (a notice is read for the user whose action caused it). */
  readBy?: readonly number[];
  localEcho?: { queueId: string; localId: string };
}

/** Content longer than this is truncated, ending with {@link TRUNCATION_MARK}. */
export const MAX_MESSAGE_LENGTH = 10000;
const TRUNCATION_MARK = '\n[message truncated]';

/** Strips leading newlines and trailing whitespace (the server's normalization before the empty check). */
export function stripContent(content: string): string {
  return (content.charCodeAt(0) === 10 ? content.replace(/^\n+/, '') : content).trimEnd();
}

/** Truncates content to the published maximum the way the server does. */
export function truncateContent(content: string): string {
  // A string has at least as many UTF-16 units as characters: most content is short enough not to count.
  if (content.length <= MAX_MESSAGE_LENGTH) return content;
  const chars = [...content];
  if (chars.length <= MAX_MESSAGE_LENGTH) return content;
  return chars.slice(0, MAX_MESSAGE_LENGTH - TRUNCATION_MARK.length).join('') + TRUNCATION_MARK;
}

/** Whether a client name is one of the official UI clients (their senders' messages start read). */
export function isOfficialClient(client: string): boolean {
  return client === 'website' || client.startsWith('Svc');
}

/** Ids of a channel topic's messages, ascending (a live index list: do not modify). */
export function messagesInTopic(state: RealmState, streamId: number, topic: string): readonly number[] {
  return state.index.byTopic.get(topicKey(streamId, topic)) ?? [];
}

/** Users who took part in a topic (sent or reacted), for topic wildcard mentions. */
export function topicParticipants(state: RealmState, streamId: number, topic: string): Set<number> {
  const out = new Set<number>();
  for (const id of messagesInTopic(state, streamId, topic)) {
    const message = state.messages.get(id);
    if (!message) continue;
    out.add(message.sender_id);
    for (const reaction of message.reactions) out.add(reaction.user_id);
  }
  return out;
}

/** Mention flag bits a message gives one user. */
export function mentionBits(
  message: MessageRecord,
  userId: number,
  topicPeople: ReadonlySet<number>,
): number {
  let bits = message.mentioned_user_ids.has(userId) ? FLAG_BITS.mentioned : 0;
  if (message.wildcard_mention === 'channel')
    bits |= FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.wildcard_mentioned;
  if (message.wildcard_mention === 'topic' && topicPeople.has(userId))
    bits |= FLAG_BITS.topic_wildcard_mentioned | FLAG_BITS.wildcard_mentioned;
  return bits;
}

const NO_MENTIONS: ReadonlySet<number> = new Set<number>();
// Shared frozen empty lists, as the realm loader gives its records: mutableMessage copies them before a change.
const NO_IDS = Object.freeze([]) as unknown as number[];
const NO_REACTIONS = Object.freeze([]) as unknown as MessageRecord['reactions'];
const NO_EDITS = Object.freeze([]) as unknown as MessageRecord['edit_history'];

/** The stored record of a new message (not yet indexed). */
function buildRecord(store: Store, sender: UserRecord, input: SendInput): MessageRecord {
  const content = truncateContent(input.content);
  const rendered = input.rendered ?? renderContent(store.state, content, sender);
  const isChannel = input.type === 'stream';
  return {
    id: store.nextId('message'),
    sender_id: sender.user_id,
    type: input.type,
    stream_id: isChannel ? input.streamId! : null,
    topic: isChannel ? truncateTopic(input.topic ?? '') : '',
    recipients: isChannel
      ? NO_IDS
      : [...new Set([sender.user_id, ...(input.recipientIds ?? [])])].sort((a, b) => a - b),
    content,
    rendered_content: rendered.html,
    timestamp: store.now(),
    client: input.client,
    is_me_message: content.startsWith('/me '),
    reactions: NO_REACTIONS,
    edit_history: NO_EDITS,
    // Most messages mention nobody: they share one empty set (records never change theirs).
    mentioned_user_ids: rendered.mentionedUserIds.size ? rendered.mentionedUserIds : NO_MENTIONS,
    wildcard_mention: rendered.wildcard,
    has_link: rendered.hasLink,
    has_image: rendered.hasImage,
    has_attachment: rendered.hasAttachment,
  };
}

const NO_USERS: ReadonlySet<number> = new Set<number>();

/**
 * Everyone who gets a row: the channel's subscribers or the conversation, and the sender, in that order. A channel
 * whose subscribers include the sender gives its subscriber set itself (read during the send, not kept: the
 * store's emit copies its audience).
 */
function messageReaders(state: RealmState, record: MessageRecord): ReadonlySet<number> | number[] {
  if (record.stream_id === null) {
    const readers = [...new Set(record.recipients)];
    if (!readers.includes(record.sender_id)) readers.push(record.sender_id);
    return readers;
  }
  const subscribers = state.subscribers.get(record.stream_id);
  if (subscribers?.has(record.sender_id)) return subscribers;
  const readers = subscribers ? [...subscribers] : [];
  readers.push(record.sender_id);
  return readers;
}

/** Whether `userId` is one of the readers {@link messageReaders} gave. */
function isReader(readers: ReadonlySet<number> | readonly number[], userId: number): boolean {
  return readers instanceof Set ? readers.has(userId) : (readers as readonly number[]).includes(userId);
}

/** A sent message and the visibility policy the send set automatically for the sender, if any. */
export interface SendResult {
  record: MessageRecord;
  automaticNewVisibilityPolicy?: number;
}

/** Sends a message and reports the automatic visibility change (POST /messages needs it). */
export function sendMessageWithDetails(store: Store, sender: UserRecord, input: SendInput): SendResult {
  const { state } = store;
  const record = buildRecord(store, sender, input);
  const streamId = record.stream_id;
  const startedTopic = streamId !== null && messagesInTopic(state, streamId, record.topic).length === 0;
  const startedChannel = streamId !== null && !state.index.byChannel.get(streamId)?.length;
  // Topic participants matter only for a topic wildcard mention (the sender always counts as one).
  let topicPeople = NO_USERS;
  if (streamId !== null && record.wildcard_mention === 'topic') {
    const people = topicParticipants(state, streamId, record.topic);
    people.add(sender.user_id);
    topicPeople = people;
  }

  state.messages.set(record.id, record);
  indexLocation(state.index, record);
  const readers = messageReaders(state, record);
  const readBySender = input.readBySender ?? isOfficialClient(input.client);
  const readByOthers = input.readBy?.length ? new Set(input.readBy) : undefined;
  // Only rows with flags are kept here (most recipients of a send have none, and most sends no such row).
  let bitsByUser: Map<number, number> | undefined;
  const alerted = state.alertWords.size ? usersAlertedBy(state, record.content) : NO_USERS;
  for (const userId of readers) {
    // A muted sender's messages reach the muter already read.
    let bits =
      mentionBits(record, userId, topicPeople) |
      alertWordBit(alerted, userId) |
      mutedSenderBit(state, userId, sender.user_id);
    if ((readBySender && userId === sender.user_id) || readByOthers?.has(userId)) bits |= FLAG_BITS.read;
    addUserRow(state.index, userId, record.id, bits);
    if (bits !== 0) (bitsByUser ??= new Map()).set(userId, bits);
  }

  const channel = streamId !== null ? state.channels.get(streamId) : undefined;
  const isPublic = channel !== undefined && !channel.invite_only;
  const featureLevel = store.featureLevel;
  const localEcho = input.localEcho;
  if (bitsByUser === undefined && localEcho === undefined) {
    // Nobody has flags and no local echo: every recipient gets the one payload (no builder to keep).
    const payload: EventPayload = { type: 'message', $message: record, flags: flagNames(0, featureLevel) };
    if (isPublic) payload.$publicStream = true;
    store.emit(readers, payload);
  } else emitFlagged(store, readers, record, sender.user_id, bitsByUser, localEcho, isPublic);
  if (record.has_attachment) noteUploadLinks(store, record);

  if (startedChannel && channel) {
    // The channel's first message sets first_message_id, which everyone who can see the channel keeps.
    store.emit(subscriberListAudience(state, channel), {
      type: 'stream',
      op: 'update',
      stream_id: channel.stream_id,
      name: channel.name,
      property: 'first_message_id',
      value: record.id,
    });
  }

  const result: SendResult = { record };
  if (streamId !== null) {
    const policy = automaticPolicyOnSend(state, sender, streamId, record.topic, startedTopic);
    if (policy !== undefined && !sender.is_bot) {
      setVisibilityPolicy(store, sender.user_id, streamId, record.topic, policy);
      result.automaticNewVisibilityPolicy = policy;
    }
    followWhereMentioned(store, record, readers);
  }
  return result;
}

/**
 * Emits a message whose recipients differ in flags, or whose sender gets a local echo. One payload per set of
 * flags (the sender's own when it carries a local echo): recipients with the same flags share it, and so share
 * their queued event. The builder is kept by the store's journal for the next thousand changes, so it holds only
 * what it reads (not the input, its rendering or the sender's record).
 */
function emitFlagged(
  store: Store,
  readers: Iterable<number>,
  record: MessageRecord,
  senderId: number,
  bitsByUser: ReadonlyMap<number, number> | undefined,
  localEcho: SendInput['localEcho'],
  isPublic: boolean,
): void {
  const featureLevel = store.featureLevel;
  let unflagged: EventPayload | undefined;
  let byBits: Map<number, EventPayload> | undefined;
  store.emit(readers, (userId) => {
    const bits = bitsByUser?.get(userId) ?? 0;
    const echo = userId === senderId ? localEcho : undefined;
    const known = echo ? undefined : bits === 0 ? unflagged : byBits?.get(bits);
    if (known) return known;
    // Keys set one by one (not spread in), the same keys in the same order at half the cost per recipient.
    const payload: EventPayload = {
      type: 'message',
      $message: record,
      flags: flagNames(bits, featureLevel),
    };
    if (echo) payload.$localEcho = echo;
    if (isPublic) payload.$publicStream = true;
    if (!echo) {
      if (bits === 0) unflagged = payload;
      else (byBits ??= new Map()).set(bits, payload);
    }
    return payload;
  });
}

/** Recipients who follow topics where they are mentioned start following this one. */
function followWhereMentioned(
  store: Store,
  record: MessageRecord,
  readers: ReadonlySet<number> | readonly number[],
): void {
  for (const userId of record.mentioned_user_ids) {
    if (userId === record.sender_id || !isReader(readers, userId)) continue;
    const user = store.state.users.get(userId);
    if (!user || user.is_bot || !user.settings.automatically_follow_topics_where_mentioned) continue;
    if (visibilityPolicy(store.state, userId, record.stream_id!, record.topic) === VISIBILITY.followed)
      continue;
    setVisibilityPolicy(store, userId, record.stream_id!, record.topic, VISIBILITY.followed);
  }
}

/**
 * Sends a message (validation-free: check recipients and permissions first). Used by POST /messages,
 * scheduled-message delivery and Notification Bot notices.
 */
export function sendMessage(store: Store, sender: UserRecord, input: SendInput): MessageRecord {
  return sendMessageWithDetails(store, sender, input).record;
}
