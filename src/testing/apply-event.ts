/**
 * A client's reducer: applies one event to a register snapshot the way a real client keeps its state.
 * The end-to-end test checks that snapshot + events equals a fresh snapshot (what clients rely on).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- snapshots are plain JSON */
import { applyGroup, applyStream, applySubscription } from './apply-event-channels.js';
import { addUnread, applyFlags, applyUpdateMessage, dropUnread, recount } from './apply-event-unread.js';
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

/** realm_bot events: add (or re-add) a bot, update one field, remove marks it inactive, delete drops it. */
function applyRealmBot(s: Snapshot, e: Event): void {
  if (!s.realm_bots) return;
  const id = e.bot.user_id;
  if (e.op === 'add') {
    removeWhere(s.realm_bots, (b) => b.user_id === id);
    s.realm_bots.push(e.bot);
    s.realm_bots.sort(byId('user_id'));
  }
  const entry = (s.realm_bots as any[]).find((b) => b.user_id === id);
  if (e.op === 'update' && entry) Object.assign(entry, e.bot);
  if (e.op === 'remove' && entry) entry.is_active = false;
  if (e.op === 'delete') removeWhere(s.realm_bots, (b) => b.user_id === id);
}

/** user_status: the event carries the changed parts; an empty text or emoji name clears that part. */
function applyUserStatus(s: Snapshot, e: Event): void {
  if (!s.user_status) return;
  const key = String(e.user_id);
  const entry: Record<string, unknown> = { ...s.user_status[key] };
  if (e.away === true) entry.away = true;
  if (e.away === false) delete entry.away;
  if (e.status_text !== undefined) entry.status_text = e.status_text;
  if (e.status_text === '') delete entry.status_text;
  if (e.emoji_name)
    Object.assign(entry, {
      emoji_name: e.emoji_name,
      emoji_code: e.emoji_code,
      reaction_type: e.reaction_type,
    });
  if (e.emoji_name === '')
    for (const part of ['emoji_name', 'emoji_code', 'reaction_type']) delete entry[part];
  if (Object.keys(entry).length) s.user_status[key] = entry;
  else delete s.user_status[key];
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
    case 'alert_words':
    case 'muted_users':
      if (s[e.type] !== undefined) s[e.type] = e[e.type];
      return;
    case 'user_status':
      return applyUserStatus(s, e);
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
    case 'realm_bot':
      return applyRealmBot(s, e);
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
      if (s.user_settings) s.user_settings[e.property] = e.value;
      // A client without user_settings_object keeps the flat keys with this event too: from feature level 439
      // the legacy update_display_settings and update_global_notifications are no longer sent.
      if (e.property in s) s[e.property] = e.value;
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
