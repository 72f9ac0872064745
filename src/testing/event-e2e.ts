/** Pieces of the end-to-end event test: the two clients' registrations and snapshot comparison helpers. */
/* eslint-disable @typescript-eslint/no-explicit-any -- snapshots and events are plain JSON */
import { applyEvent } from './apply-event.js';

/** Modern client: every capability, markdown rendering, slim presence. */
export const MODERN = {
  apply_markdown: true,
  slim_presence: true,
  client_capabilities: {
    notification_settings_null: true,
    bulk_message_deletion: true,
    user_avatar_url_field_optional: true,
    stream_typing_notifications: true,
    user_settings_object: true,
    linkifier_url_template: true,
    user_list_incomplete: true,
    include_deactivated_groups: true,
    archived_channels: true,
    empty_topic_name: true,
    simplified_presence_events: true,
  },
};
/** Legacy client: no capabilities, raw Markdown, legacy presence. */
export const LEGACY = { apply_markdown: false };

/** Keys that legitimately differ between two registrations (or that clients do not maintain). */
const VOLATILE = new Set([
  'queue_id',
  'last_event_id',
  'server_timestamp',
  'presence_last_update_id',
  'stream_weekly_traffic',
  // Derived from recent traffic over time, so it changes with the clock rather than through events.
  'is_recently_active',
]);

/** A snapshot without its volatile keys. */
export function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!VOLATILE.has(k)) out[k] = normalize(v);
    return out;
  }
  return value;
}

/** Splits a whitespace-separated list (expected event lists read better as text). */
export const words = (text: string): string[] => text.trim().split(/\s+/);

/** `type/op` per event, for comparing event lists. */
export const summary = (events: Array<{ type: string; op?: string }>) =>
  events.map((e) => (e.op ? `${e.type}/${e.op}` : e.type));

/**
 * The snapshot a client holds after applying `events` to `before`. One known difference of the real
 * server is folded in: realm_user/add formats its person as if no client used client_extavatar, so a new
 * user's gravatar arrives as a URL while a client_extavatar snapshot (the default) says null.
 */
export function replay(before: any, events: any[]): any {
  const state = structuredClone(before);
  for (const event of events) applyEvent(state, event);
  const added = new Set(
    events.filter((e) => e.type === 'realm_user' && e.op === 'add').map((e) => e.person.user_id),
  );
  for (const user of state.realm_users ?? [])
    if (added.has(user.user_id) && String(user.avatar_url).startsWith('https://secure.gravatar.com/'))
      user.avatar_url = null;
  return state;
}
