/**
 * A client's reducer: applies one event to a register snapshot the way a real client keeps its state.
 * The end-to-end test checks that snapshot + events equals a fresh snapshot (what clients rely on).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- snapshots are plain JSON */
import { applyGroup, applyStream, applySubscription } from './apply-event-channels.js';
import {
  ascending,
  byId,
  channelEntries,
  removeWhere,
  upsert,
  type Event,
  type Snapshot,
} from './apply-event-helpers.js';

function applyMessage(s: Snapshot, e: Event): void {
  const m = e.message;
  if (s.max_message_id !== undefined) s.max_message_id = Math.max(s.max_message_id, m.id);
  if (m.type === 'stream') {
    for (const entry of channelEntries(s, m.stream_id)) entry.first_message_id ??= m.id;
  }
  if (m.type === 'private' && s.recent_private_conversations) {
    const me = s.user_id;
    const ids = (m.display_recipient as any[])
      .map((r) => r.id)
      .filter((id: number) => id !== me)
      .sort(ascending);
    removeWhere(s.recent_private_conversations, (c) => c.user_ids.join() === ids.join());
    s.recent_private_conversations.unshift({ max_message_id: m.id, user_ids: ids });
  }
  if (s.unread_msgs && !e.flags.includes('read')) addUnread(s, m, e.flags);
  if (s.starred_messages && e.flags.includes('starred')) s.starred_messages.push(m.id);
}

function addUnread(s: Snapshot, m: any, flags: string[]): void {
  const u = s.unread_msgs;
  const me = s.user_id;
  if (m.type === 'stream') {
    let group = u.streams.find((g: any) => g.stream_id === m.stream_id && g.topic === m.subject);
    if (!group)
      u.streams.push((group = { stream_id: m.stream_id, topic: m.subject, unread_message_ids: [] }));
    group.unread_message_ids.push(m.id);
    u.streams.sort(
      (a: any, b: any) => a.stream_id - b.stream_id || (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0),
    );
  } else if (m.display_recipient.length > 2) {
    const key = m.display_recipient
      .map((r: any) => r.id)
      .sort(ascending)
      .join(',');
    let group = u.huddles.find((g: any) => g.user_ids_string === key);
    if (!group) u.huddles.push((group = { user_ids_string: key, unread_message_ids: [] }));
    group.unread_message_ids.push(m.id);
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

function dropUnread(s: Snapshot, ids: number[]): void {
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
function applyUpdateMessage(s: Snapshot, e: Event): void {
  const u = s.unread_msgs;
  if (!u || e.rendering_only) return;
  const moved = e.new_stream_id !== undefined || e.subject !== undefined;
  if (moved) {
    const ids = new Set<number>(e.message_ids);
    const unread: number[] = [];
    for (const group of u.streams) {
      if (group.stream_id !== e.stream_id || group.topic !== e.orig_subject) continue;
      unread.push(...group.unread_message_ids.filter((id: number) => ids.has(id)));
      group.unread_message_ids = group.unread_message_ids.filter((id: number) => !ids.has(id));
    }
    removeWhere(u.streams, (g) => g.unread_message_ids.length === 0);
    if (unread.length) {
      const stream_id = e.new_stream_id ?? e.stream_id;
      const topic = e.subject ?? e.orig_subject;
      let group = u.streams.find((g: any) => g.stream_id === stream_id && g.topic === topic);
      if (!group) u.streams.push((group = { stream_id, topic, unread_message_ids: [] }));
      group.unread_message_ids = [...group.unread_message_ids, ...unread].sort(ascending);
      u.streams.sort(
        (a: any, b: any) => a.stream_id - b.stream_id || (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0),
      );
    }
  }
  if (e.content !== undefined && !e.flags.includes('read')) {
    const mentioned = e.flags.includes('mentioned') || e.flags.includes('wildcard_mentioned');
    u.mentions = u.mentions.filter((id: number) => id !== e.message_id);
    if (mentioned) u.mentions = [...u.mentions, e.message_id].sort(ascending);
  }
}

/** realm_user events: active users in realm_users, deactivated ones in realm_non_active_users. */
function applyRealmUser(s: Snapshot, e: Event): void {
  const { is_active: active, ...person } = e.person;
  if (e.op === 'add') {
    s.realm_users.push(person);
    s.realm_users.sort(byId('user_id'));
  }
  if (e.op === 'remove') removeWhere(s.realm_users, (u) => u.user_id === person.user_id);
  if (e.op !== 'update') return;
  const find = (key: string) => (s[key] as any[] | undefined)?.find((u) => u.user_id === person.user_id);
  const entry = find('realm_users') ?? find('realm_non_active_users');
  if (!entry) return;
  Object.assign(entry, person);
  if (active === undefined) return;
  const [from, to] = active
    ? ['realm_non_active_users', 'realm_users']
    : ['realm_users', 'realm_non_active_users'];
  if (!s[from] || !s[to]) return;
  removeWhere(s[from], (u) => u.user_id === person.user_id);
  s[to].push(entry);
  s[to].sort(byId('user_id'));
}

function applyFlags(s: Snapshot, e: Event): void {
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

function applyPersonalList(
  s: Snapshot,
  key: string,
  idKey: string,
  e: Event,
  single: string,
  plural?: string,
): void {
  const list = s[key] as any[];
  if (e.op === 'add') list.push(...(plural ? e[plural] : [e[single]]));
  if (e.op === 'update') upsert(list, idKey, e[single]);
  if (e.op === 'remove') removeWhere(list, (x) => x[idKey] === e[`${single}_id`]);
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
function recount(s: Snapshot): void {
  const u = s.unread_msgs;
  if (!u || !s.subscriptions || !s.user_topics) return;
  let count = 0;
  for (const g of [...u.pms, ...u.huddles]) count += g.unread_message_ids.length;
  for (const g of u.streams) if (!isMuted(s, g.stream_id, g.topic)) count += g.unread_message_ids.length;
  u.count = count;
}

/** Applies one event to a snapshot in place (unknown or state-free events change nothing). */
export function applyEvent(s: Snapshot, e: Event): void {
  applyEventOnly(s, e);
  recount(s);
}

function applyEventOnly(s: Snapshot, e: Event): void {
  switch (e.type) {
    case 'message':
      return applyMessage(s, e);
    case 'update_message_flags':
      return applyFlags(s, e);
    case 'update_message':
      return applyUpdateMessage(s, e);
    case 'delete_message':
      dropUnread(s, e.message_ids ?? [e.message_id]);
      if (s.starred_messages)
        s.starred_messages = s.starred_messages.filter(
          (id: number) => !(e.message_ids ?? [e.message_id]).includes(id),
        );
      return;
    case 'subscription':
      return applySubscription(s, e);
    case 'stream':
      return applyStream(s, e);
    case 'user_topic':
      removeWhere(
        s.user_topics,
        (t) => t.stream_id === e.stream_id && t.topic_name.toLowerCase() === e.topic_name.toLowerCase(),
      );
      if (e.visibility_policy !== 0)
        s.user_topics.push({
          stream_id: e.stream_id,
          topic_name: e.topic_name,
          last_updated: e.last_updated,
          visibility_policy: e.visibility_policy,
        });
      return;
    case 'drafts':
      applyPersonalList(s, 'drafts', 'id', e, 'draft', 'drafts');
      s.drafts.sort((a: any, b: any) => b.timestamp - a.timestamp || b.id - a.id);
      return;
    case 'saved_snippets':
      return applyPersonalList(s, 'saved_snippets', 'id', e, 'saved_snippet');
    case 'scheduled_messages':
      applyPersonalList(
        s,
        'scheduled_messages',
        'scheduled_message_id',
        e,
        'scheduled_message',
        'scheduled_messages',
      );
      s.scheduled_messages.sort(
        (a: any, b: any) =>
          a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp ||
          a.scheduled_message_id - b.scheduled_message_id,
      );
      return;
    case 'user_group':
      return applyGroup(s, e);
    case 'realm_user':
      return applyRealmUser(s, e);
    case 'realm_linkifiers':
      s.realm_linkifiers = e.realm_linkifiers;
      return;
    case 'realm_playgrounds':
      s.realm_playgrounds = e.realm_playgrounds;
      return;
    case 'realm_user_settings_defaults':
      s.realm_user_settings_defaults[e.property] = e.value;
      return;
    case 'user_settings':
      s.user_settings[e.property] = e.value;
      return;
    case 'update_display_settings':
      if (e.setting_name in s) s[e.setting_name] = e.setting;
      return;
    case 'update_global_notifications':
      if (e.notification_name in s) s[e.notification_name] = e.setting;
      return;
    case 'realm':
      if (e.op === 'update') s[`realm_${e.property}`] = e.value;
      return;
    case 'presence':
      if (e.presences) Object.assign(s.presences, e.presences);
      else {
        const website = e.presence.website;
        const { client, status, timestamp } = website;
        s.presences[e.email] = { aggregated: { client, status, timestamp }, website };
      }
      return;
    default:
      return;
  }
}
