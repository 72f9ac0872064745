/** Editing messages: content, topic (with propagation) and channel moves, edit history and update_message. */
import { isSubscribed } from '../access.js';
import { addUserRow, indexLocation, removeUserRows, unindexLocation } from '../message-index.js';
import { renderContent, topicLinks } from '../render.js';
import { mutableMessage } from '../seed-state.js';
import { FLAG_BITS, type EditRecord, type MessageRecord, type UserRecord } from '../state.js';
import type { Store } from '../store.js';
import { eventMessageIds, usersWithRow } from './delete.js';
import { flagNames } from './flags.js';
import { sendMoveNotices, sendResolveNotice } from './notices.js';
import { mentionBits, messagesInTopic, topicParticipants } from './send.js';
import { alertWordBit, usersAlertedBy } from '../user-preferences/alert-words.js';
import { has } from '../../versions/index.js';
import { noteUploadLinks } from '../uploads/uploads.js';

/** The "✔ " prefix of resolved topics. */
export const RESOLVED_TOPIC_PREFIX = '✔ ';

/** What an edit changes; the caller validated and normalized everything. */
export interface EditRequest {
  content?: string;
  topic?: string;
  streamId?: number;
  propagateMode: 'change_one' | 'change_later' | 'change_all';
  notifyOld: boolean;
  notifyNew: boolean;
}

const unresolved = (topic: string): string => topic.replace(/^(✔ )+/, '');

/** Whether changing `from` to `to` only resolves or unresolves the topic. */
export function isResolveToggle(from: string, to: string): boolean {
  return (
    from !== to &&
    unresolved(from) === unresolved(to) &&
    from.startsWith(RESOLVED_TOPIC_PREFIX) !== to.startsWith(RESOLVED_TOPIC_PREFIX)
  );
}

/** The messages a topic or channel change applies to, per propagate_mode. */
export function messagesToMove(
  store: Store,
  message: MessageRecord,
  mode: EditRequest['propagateMode'],
): MessageRecord[] {
  if (mode === 'change_one' || message.stream_id === null) return [message];
  return messagesInTopic(store.state, message.stream_id, message.topic)
    .filter((id) => mode === 'change_all' || id >= message.id)
    .map((id) => store.state.messages.get(id)!);
}

/** The bits a content edit recomputes: mentions and alert words. */
const MENTION_MASK = ~(
  FLAG_BITS.has_alert_word |
  FLAG_BITS.mentioned |
  FLAG_BITS.wildcard_mentioned |
  FLAG_BITS.stream_wildcard_mentioned |
  FLAG_BITS.topic_wildcard_mentioned
);

function editContent(store: Store, message: MessageRecord, content: string, entry: EditRecord): void {
  entry.prev_content = message.content;
  entry.prev_rendered_content = message.rendered_content;
  const rendered = renderContent(store.state, content, store.state.users.get(message.sender_id));
  Object.assign(message, {
    content,
    rendered_content: rendered.html,
    is_me_message: content.startsWith('/me '),
    mentioned_user_ids: rendered.mentionedUserIds,
    wildcard_mention: rendered.wildcard,
    has_link: rendered.hasLink,
    has_image: rendered.hasImage,
    has_attachment: rendered.hasAttachment,
    last_edit_timestamp: entry.timestamp,
  });
  const people =
    message.stream_id !== null
      ? topicParticipants(store.state, message.stream_id, message.topic)
      : new Set<number>();
  const alerted = usersAlertedBy(store.state, content);
  for (const userId of usersWithRow(store, message.id)) {
    const rows = store.state.index.flags.get(userId)!;
    const bits = mentionBits(message, userId, people) | alertWordBit(alerted, userId);
    rows.set(message.id, (rows.get(message.id)! & MENTION_MASK) | bits);
  }
}

/**
 * Applies an edit to the stored record (`edited` names it; a shared record is copied first), records history,
 * adjusts rows on channel moves, emits events and sends notices.
 */
export function editMessage(store: Store, editor: UserRecord, edited: MessageRecord, req: EditRequest): void {
  const message = mutableMessage(store.state, edited.id);
  const now = store.now();
  const old = {
    streamId: message.stream_id,
    topic: message.topic,
    content: message.content,
    rendered: message.rendered_content,
  };
  const newStream = req.streamId ?? message.stream_id;
  const newTopic = req.topic ?? message.topic;
  const moving =
    message.stream_id !== null && (newStream !== message.stream_id || newTopic !== message.topic);
  const moved = moving
    ? messagesToMove(store, message, req.propagateMode).map((m) => mutableMessage(store.state, m.id))
    : [message];
  const resolveOnly = newStream === message.stream_id && isResolveToggle(message.topic, newTopic);
  const wholeTopic =
    moving &&
    old.streamId !== null &&
    moved.length === messagesInTopic(store.state, old.streamId, old.topic).length;

  for (const m of moved) {
    const entry: EditRecord = { user_id: editor.user_id, timestamp: now };
    if (m === message && req.content !== undefined) editContent(store, m, req.content, entry);
    if (moving) {
      unindexLocation(store.state.index, m);
      if (newTopic !== m.topic) Object.assign(entry, { prev_topic: m.topic, topic: newTopic });
      if (newStream !== m.stream_id) Object.assign(entry, { prev_stream: m.stream_id, stream: newStream });
      m.stream_id = newStream;
      m.topic = newTopic;
      indexLocation(store.state.index, m);
      if (!resolveOnly) m.last_moved_timestamp = now;
    }
    m.edit_history.unshift(entry);
  }

  const movedIds = moved.map((m) => m.id).sort((a, b) => a - b);
  if (moving && newStream !== old.streamId)
    moveRows(store, moved, newStream!, { streamId: old.streamId!, topic: old.topic, firstId: message.id });

  const audience = new Set<number>();
  for (const id of movedIds) usersWithRow(store, id).forEach((u) => audience.add(u));
  const payload: Record<string, unknown> = {
    type: 'update_message',
    user_id: editor.user_id,
    edit_timestamp: now,
    message_id: message.id,
    message_ids: eventMessageIds(movedIds, message.id, store.featureLevel),
    rendering_only: false,
  };
  if (old.streamId !== null) {
    payload.stream_id = old.streamId;
    payload.stream_name = store.state.channels.get(old.streamId)?.name ?? '';
  }
  if (req.content !== undefined) {
    Object.assign(payload, {
      orig_content: old.content,
      orig_rendered_content: old.rendered,
      content: message.content,
      rendered_content: message.rendered_content,
      is_me_message: message.is_me_message,
    });
    if (!has('no_prev_rendered_content_version', store.featureLevel))
      payload.prev_rendered_content_version = 1;
  }
  if (moving) {
    payload.propagate_mode = req.propagateMode;
    payload.orig_subject = old.topic;
    if (newTopic !== old.topic)
      Object.assign(payload, { subject: newTopic, topic_links: topicLinks(store.state, newTopic) });
    if (newStream !== old.streamId) payload.new_stream_id = newStream;
  }
  store.emit(audience, (userId) => ({
    ...payload,
    type: 'update_message',
    flags: flagNames(store.state.index.flags.get(userId)?.get(message.id) ?? 0, store.featureLevel),
  }));
  if (message.content !== old.content) noteUploadLinks(store, message, old.content);

  if (!moving) return;
  if (resolveOnly) {
    if (req.notifyNew)
      sendResolveNotice(store, editor, newStream!, newTopic, newTopic.startsWith(RESOLVED_TOPIC_PREFIX));
    return;
  }
  sendMoveNotices(store, {
    actor: editor,
    from: { streamId: old.streamId!, topic: old.topic },
    to: { streamId: newStream!, topic: newTopic },
    moved: moved.length,
    wholeTopic,
    notifyOld: req.notifyOld,
    notifyNew: req.notifyNew,
  });
}

/** After a channel move: subscribers of the new channel gain read rows; users losing access lose theirs. */
function moveRows(
  store: Store,
  moved: MessageRecord[],
  newStream: number,
  from: { streamId: number; topic: string; firstId: number },
): void {
  const { state } = store;
  const channel = state.channels.get(newStream)!;
  const losers = new Set<number>();
  for (const m of moved) {
    for (const userId of usersWithRow(store, m.id)) {
      const user = state.users.get(userId);
      const keeps = isSubscribed(state, userId, newStream) || (!channel.invite_only && user?.role !== 600);
      if (!keeps) losers.add(userId);
    }
    removeUserRows(state.index, m.id, losers);
    for (const userId of state.subscribers.get(newStream) ?? [])
      if (!state.index.flags.get(userId)?.has(m.id)) addUserRow(state.index, userId, m.id, FLAG_BITS.read);
  }
  if (losers.size)
    store.emit(losers, {
      type: 'delete_message',
      message_ids: eventMessageIds(
        moved.map((m) => m.id),
        from.firstId,
        store.featureLevel,
      ),
      message_type: 'stream',
      stream_id: from.streamId,
      topic: from.topic,
    });
}
