/** applyEvent for unread state: unread_msgs, mentions and starred messages. */
/* eslint-disable @typescript-eslint/no-explicit-any -- snapshots are plain JSON */
import { ascending, byId, removeWhere, type Event, type Snapshot } from './apply-event-helpers.js';

/** Code-unit order of two strings. */
const textOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Topic names compare case-insensitively. */
const sameTopic = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** unread_msgs.streams order: by channel id, then case-insensitively by topic. */
const byChannelTopic = (a: any, b: any): number =>
  a.stream_id - b.stream_id || textOrder(a.topic.toLowerCase(), b.topic.toLowerCase());

/** Adds a message to unread_msgs (and mentions when flagged). */
export function addUnread(s: Snapshot, m: any, flags: string[]): void {
  const u = s.unread_msgs;
  const me = s.user_id;
  if (m.type === 'stream') {
    let group = u.streams.find((g: any) => g.stream_id === m.stream_id && sameTopic(g.topic, m.subject));
    if (!group)
      u.streams.push((group = { stream_id: m.stream_id, topic: m.subject, unread_message_ids: [] }));
    group.unread_message_ids.push(m.id);
    u.streams.sort(byChannelTopic);
  } else if (m.display_recipient.length > 2) {
    const key = m.display_recipient
      .map((r: any) => r.id)
      .sort(ascending)
      .join(',');
    let group = u.huddles.find((g: any) => g.user_ids_string === key);
    if (!group) u.huddles.push((group = { user_ids_string: key, unread_message_ids: [] }));
    group.unread_message_ids.push(m.id);
    u.huddles.sort((a: any, b: any) => textOrder(a.user_ids_string, b.user_ids_string));
  } else {
    const other = m.display_recipient.find((r: any) => r.id !== me)?.id ?? me;
    let group = u.pms.find((g: any) => g.other_user_id === other);
    if (!group) u.pms.push((group = { other_user_id: other, sender_id: other, unread_message_ids: [] }));
    group.unread_message_ids.push(m.id);
    u.pms.sort(byId('other_user_id'));
  }
  u.count += 1;
  if (flags.includes('mentioned') || flags.includes('wildcard_mentioned')) u.mentions.push(m.id);
}

/** Removes messages from unread_msgs and mentions. */
export function dropUnread(s: Snapshot, ids: number[]): void {
  const u = s.unread_msgs;
  if (!u) return;
  const gone = new Set(ids);
  for (const key of ['pms', 'streams', 'huddles']) {
    for (const group of u[key]) {
      const before = group.unread_message_ids.length;
      group.unread_message_ids = group.unread_message_ids.filter((id: number) => !gone.has(id));
      u.count -= before - group.unread_message_ids.length;
    }
    removeWhere(u[key], (g) => g.unread_message_ids.length === 0);
  }
  u.mentions = u.mentions.filter((id: number) => !gone.has(id));
}

/** Moves unread ids of moved messages to their new channel and topic; tracks mention changes of edits. */
export function applyUpdateMessage(s: Snapshot, e: Event): void {
  const u = s.unread_msgs;
  if (!u || e.rendering_only) return;
  const moved = e.new_stream_id !== undefined || e.subject !== undefined;
  if (moved) {
    const ids = new Set<number>(e.message_ids);
    const unread: number[] = [];
    for (const group of u.streams) {
      if (group.stream_id !== e.stream_id || !sameTopic(group.topic, e.orig_subject)) continue;
      unread.push(...group.unread_message_ids.filter((id: number) => ids.has(id)));
      group.unread_message_ids = group.unread_message_ids.filter((id: number) => !ids.has(id));
    }
    removeWhere(u.streams, (g) => g.unread_message_ids.length === 0);
    if (unread.length) {
      const stream_id = e.new_stream_id ?? e.stream_id;
      const topic = e.subject ?? e.orig_subject;
      let group = u.streams.find((g: any) => g.stream_id === stream_id && sameTopic(g.topic, topic));
      if (!group) u.streams.push((group = { stream_id, topic, unread_message_ids: [] }));
      group.unread_message_ids = [...group.unread_message_ids, ...unread].sort(ascending);
      u.streams.sort(byChannelTopic);
    }
  }
  if (e.content !== undefined && !e.flags.includes('read')) {
    const mentioned = e.flags.includes('mentioned') || e.flags.includes('wildcard_mentioned');
    u.mentions = u.mentions.filter((id: number) => id !== e.message_id);
    if (mentioned) u.mentions = [...u.mentions, e.message_id].sort(ascending);
  }
}

/** update_message_flags events for read and starred. */
export function applyFlags(s: Snapshot, e: Event): void {
  if (e.flag === 'read' && e.op === 'add') dropUnread(s, e.all ? allUnread(s) : e.messages);
  if (e.flag === 'read' && e.op === 'remove' && s.unread_msgs) {
    for (const id of e.messages) restoreUnread(s, id, e.message_details[id]);
  }
  if (e.flag === 'starred' && s.starred_messages) {
    if (e.op === 'add') s.starred_messages.push(...e.messages);
    else s.starred_messages = s.starred_messages.filter((id: number) => !e.messages.includes(id));
    s.starred_messages.sort(ascending);
  }
}

/** Marks a message unread again from its message_details entry (what a client has without the message). */
function restoreUnread(s: Snapshot, id: number, d: any): void {
  const me = s.user_id;
  const message =
    d.type === 'stream'
      ? { id, type: 'stream', stream_id: d.stream_id, subject: d.topic }
      : {
          id,
          type: 'private',
          display_recipient: [...new Set([me, ...d.user_ids])].map((userId) => ({ id: userId })),
        };
  addUnread(s, message, d.mentioned ? ['mentioned'] : []);
  for (const key of ['pms', 'streams', 'huddles'])
    for (const g of s.unread_msgs[key]) g.unread_message_ids.sort(ascending);
  s.unread_msgs.mentions.sort(ascending);
}

function allUnread(s: Snapshot): number[] {
  const u = s.unread_msgs;
  return ['pms', 'streams', 'huddles'].flatMap((k) => u[k].flatMap((g: any) => g.unread_message_ids));
}

/** Whether a channel topic is muted for the snapshot's user (topic policy first, then the channel). */
function isMuted(s: Snapshot, streamId: number, topic: string): boolean {
  const policy = (s.user_topics as any[] | undefined)?.find(
    (t) => t.stream_id === streamId && t.topic_name.toLowerCase() === topic.toLowerCase(),
  )?.visibility_policy;
  if (policy === 1) return true;
  if (policy === 2 || policy === 3) return false;
  return (s.subscriptions as any[] | undefined)?.find((c) => c.stream_id === streamId)?.is_muted ?? false;
}

/** Recomputes unread_msgs.count: direct messages plus channel messages outside muted channels and topics. */
export function recount(s: Snapshot): void {
  const u = s.unread_msgs;
  if (!u || !s.subscriptions || !s.user_topics) return;
  let count = 0;
  for (const g of [...u.pms, ...u.huddles]) count += g.unread_message_ids.length;
  for (const g of u.streams) if (!isMuted(s, g.stream_id, g.topic)) count += g.unread_message_ids.length;
  u.count = count;
}
