/** The message object of the API (reference C), built from a record for one viewer. */
import type { DisplayRecipientUser, Message } from '../../generated/types.js';
import { displayTopic } from '../topics.js';
import { apiEmail, avatarUrl } from '../users.js';
import type { MessageRecord, ReactionRecord, RealmState, UserRecord } from '../state.js';
import { flagNames, viewerBits } from './flags.js';
import { topicLinks } from '../render.js';
import { visibleEditHistory } from './edit-history.js';
import { has, NEWEST_FEATURE_LEVEL } from '../../versions/index.js';

/** How the viewer asked for messages. */
export interface FormatOptions {
  applyMarkdown: boolean;
  clientExtavatar: boolean;
  allowEmptyTopicName: boolean;
}

/** Offsets that keep synthesized recipient ids of channels and group DMs apart from users' ids. */
const CHANNEL_RECIPIENT_BASE = 1_000_000;
const GROUP_RECIPIENT_BASE = 2_000_000;
const groupRecipientIds = new WeakMap<RealmState, Map<string, number>>();

/** The recipient id: the channel's, the receiving user's (1:1 DMs) or the group conversation's. */
export function recipientId(state: RealmState, record: MessageRecord): number {
  if (record.stream_id !== null) return CHANNEL_RECIPIENT_BASE + record.stream_id;
  const others = record.recipients.filter((id) => id !== record.sender_id);
  if (record.recipients.length <= 2) return others[0] ?? record.sender_id;
  let ids = groupRecipientIds.get(state);
  if (!ids) groupRecipientIds.set(state, (ids = new Map()));
  const key = record.recipients.join(',');
  let id = ids.get(key);
  if (id === undefined) ids.set(key, (id = GROUP_RECIPIENT_BASE + ids.size + 1));
  return id;
}

function displayRecipient(state: RealmState, record: MessageRecord): string | DisplayRecipientUser[] {
  if (record.stream_id !== null) return state.channels.get(record.stream_id)?.name ?? '';
  const users: DisplayRecipientUser[] = [];
  for (const id of record.recipients) {
    const user = state.users.get(id);
    if (!user) continue;
    users.push({ id, email: apiEmail(state, user), full_name: user.full_name, is_mirror_dummy: false });
  }
  // 1:1 conversations are sorted by e-mail, group conversations by user id (as the server does).
  if (users.length === 2) users.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  return users;
}

/** A reaction with the `user` object that message objects carried before level 328. */
function withReactionUser(state: RealmState, reaction: ReactionRecord): Message['reactions'][number] {
  const user = state.users.get(reaction.user_id);
  const described = {
    id: reaction.user_id,
    email: user ? apiEmail(state, user) : '',
    full_name: user?.full_name ?? '',
    is_mirror_dummy: false,
  };
  return { ...reaction, user: described } as Message['reactions'][number];
}

// Shared frozen empty lists for the message objects of events and answers, which are serialised, never changed:
// most messages have no topic links, reactions or submessages, and a channel's queues keep one per send.
const NO_LIST = Object.freeze([]) as unknown as never[];

/** The full message object without `flags` (events carry flags beside it). */
export function formatMessage(
  state: RealmState,
  record: MessageRecord,
  viewer: UserRecord | undefined,
  options: FormatOptions,
  featureLevel = NEWEST_FEATURE_LEVEL,
): Message {
  const sender = state.users.get(record.sender_id);
  const out: Message = {
    id: record.id,
    sender_id: record.sender_id,
    sender_full_name: sender?.full_name ?? '',
    sender_email: sender ? apiEmail(state, sender) : '',
    sender_realm_str: state.realm.string_id,
    avatar_url: sender
      ? avatarUrl(state, sender, { clientExtavatar: options.clientExtavatar, viewer })
      : null,
    recipient_id: recipientId(state, record),
    type: record.type,
    display_recipient: displayRecipient(state, record),
    subject: record.stream_id === null ? '' : displayTopic(state, record.topic, options.allowEmptyTopicName),
    topic_links: record.stream_id === null ? NO_LIST : nonEmpty(topicLinks(state, record.topic)),
    content: options.applyMarkdown ? record.rendered_content : record.content,
    content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
    timestamp: record.timestamp,
    client: record.client,
    is_me_message: record.is_me_message,
    reactions:
      record.reactions.length === 0
        ? NO_LIST
        : has('message_reactions_without_user', featureLevel)
          ? record.reactions.map((r) => ({ ...r }))
          : record.reactions.map((r) => withReactionUser(state, r)),
    submessages: record.submessages?.length ? record.submessages.map((s) => ({ ...s })) : NO_LIST,
  };
  if (record.stream_id !== null) out.stream_id = record.stream_id;
  // Before feature level 365 moves also counted as edits and there was no last_moved_timestamp.
  if (has('last_moved_timestamp', featureLevel)) {
    if (record.last_edit_timestamp !== undefined) out.last_edit_timestamp = record.last_edit_timestamp;
    if (record.last_moved_timestamp !== undefined) out.last_moved_timestamp = record.last_moved_timestamp;
  } else {
    const last = Math.max(record.last_edit_timestamp ?? -1, record.last_moved_timestamp ?? -1);
    if (last >= 0) out.last_edit_timestamp = last;
  }
  const history = visibleEditHistory(state, record);
  if (history) out.edit_history = history;
  return out;
}

function nonEmpty<T>(list: T[]): T[] {
  return list.length === 0 ? NO_LIST : list;
}

/** The message object as REST answers give it: with the viewer's `flags`. */
export function formatMessageWithFlags(
  state: RealmState,
  record: MessageRecord,
  viewer: UserRecord,
  options: FormatOptions,
  featureLevel: number,
): Message {
  const out = formatMessage(state, record, viewer, options, featureLevel);
  out.flags = flagNames(viewerBits(state, viewer.user_id, record.id), featureLevel);
  return out;
}
