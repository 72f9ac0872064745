/** Channel and subscription objects as the API shows them, derived from records and the message indexes. */
import type { Channel, Subscription } from '../../generated/types.js';
import { sends, trimmed } from '../../versions/fields.js';
import { roleGroupResolver } from '../closest-role-group.js';
import { has, NEWEST_FEATURE_LEVEL } from '../../versions/index.js';
import { hasMetadataAccess } from '../access.js';
import { presenceState } from '../events/presence.js';
import { formatGroupSetting } from '../user-groups/format.js';
import {
  CHANNEL_GROUP_SETTINGS,
  type ChannelRecord,
  type RealmState,
  type SubscriptionRecord,
  type UserRecord,
} from '../state.js';

const DAY = 86400;
/** The subscription's channel part is formatted in the newest shape; the subscription rules trim it. */
const NEWEST = NEWEST_FEATURE_LEVEL;
/** A channel counts as recently active while its newest message (or its creation) is this recent. */
export const RECENTLY_ACTIVE_DAYS = 180;
/** Channels with at least this many subscribers may get partial_subscribers (include_subscribers=partial). */
export const PARTIAL_SUBSCRIBERS_THRESHOLD = 250;

/** Deprecated stream_post_policy derived from can_send_message_group (1 when no role group matches). */
export function streamPostPolicy(state: RealmState, channel: ChannelRecord): 1 | 2 | 3 | 4 {
  const value = channel.can_send_message_group;
  if (typeof value !== 'number') return 1;
  const ids = state.systemGroupIds;
  if (value === ids.get('role:administrators')) return 2;
  if (value === ids.get('role:fullmembers')) return 3;
  if (value === ids.get('role:moderators')) return 4;
  return 1;
}

/** The id of the channel's oldest message, or null when it has none. */
export function firstMessageId(state: RealmState, streamId: number): number | null {
  return state.index.byChannel.get(streamId)?.[0] ?? null;
}

/** Timestamp of the channel's newest message (walks the index from its end, so it is O(1)). */
function newestTimestamp(state: RealmState, streamId: number): number | null {
  const ids = state.index.byChannel.get(streamId);
  const last = ids?.[ids.length - 1];
  return last === undefined ? null : (state.messages.get(last)?.timestamp ?? null);
}

/** Whether the channel was created or had a message within {@link RECENTLY_ACTIVE_DAYS} days. */
export function isRecentlyActive(state: RealmState, channel: ChannelRecord, now: number): boolean {
  const since = now - RECENTLY_ACTIVE_DAYS * DAY;
  return channel.date_created >= since || (newestTimestamp(state, channel.stream_id) ?? 0) >= since;
}

/**
 * Messages sent in the channel during the last 7 days; null while the channel is younger than a week.
 * (The real server averages over several weeks; a single-week count keeps the mock simple and exact.)
 * Walks the channel index backwards, so the cost is the number of recent messages.
 */
export function weeklyTraffic(state: RealmState, channel: ChannelRecord, now: number): number | null {
  if (now - channel.date_created < 7 * DAY) return null;
  const ids = state.index.byChannel.get(channel.stream_id) ?? [];
  const since = now - 7 * DAY;
  let count = 0;
  for (let i = ids.length - 1; i >= 0; i--) {
    const message = state.messages.get(ids[i]!);
    if (!message || message.timestamp < since) break;
    count++;
  }
  return count;
}

/** Number of active subscribers who are not deactivated (the subscribers index holds exactly those). */
export function subscriberCount(state: RealmState, streamId: number): number {
  return state.subscribers.get(streamId)?.size ?? 0;
}

/**
 * The channel object of GET /streams, GET /streams/{id} and stream events (without `is_default`), in the
 * shape of feature level `level`. `now` is `store.now()` (UNIX seconds): is_recently_active and
 * stream_weekly_traffic depend on it.
 */
export function formatChannel(
  state: RealmState,
  channel: ChannelRecord,
  _viewer: UserRecord | undefined,
  now: number,
  level: number,
): Channel {
  const policy = streamPostPolicy(state, channel);
  const out = {
    stream_id: channel.stream_id,
    name: channel.name,
    is_archived: channel.is_archived,
    description: channel.description,
    rendered_description: channel.rendered_description,
    date_created: channel.date_created,
    creator_id: channel.creator_id,
    invite_only: channel.invite_only,
    is_web_public: channel.is_web_public,
    stream_post_policy: policy,
    is_announcement_only: policy === 2,
    message_retention_days: channel.message_retention_days,
    history_public_to_subscribers: channel.history_public_to_subscribers,
    topics_policy: channel.topics_policy,
    first_message_id: firstMessageId(state, channel.stream_id),
    folder_id: channel.folder_id,
    // Fields the level drops anyway are not computed (trimmed() below leaves them out).
    is_recently_active:
      sends('channel', 'is_recently_active', level) && isRecentlyActive(state, channel, now),
    stream_weekly_traffic: sends('channel', 'stream_weekly_traffic', level)
      ? weeklyTraffic(state, channel, now)
      : null,
    subscriber_count: subscriberCount(state, channel.stream_id),
  } as Channel;
  for (const key of CHANNEL_GROUP_SETTINGS)
    if (sends('channel', key, level)) out[key] = formatGroupSetting(channel[key]);
  return trimmed('channel', out, level, roleGroupResolver(state));
}

/**
 * A channel's e-mail gateway address, `name.token@domain`; the mock's token is a stable hash of the realm and
 * channel id (the mock receives no mail).
 */
export function channelEmailAddress(state: RealmState, channel: ChannelRecord): string {
  let token = '';
  for (let seed = 0; token.length < 32; seed++) {
    let hash = 0x811c9dc5 ^ seed;
    for (const ch of `${state.realm.string_id}:${channel.stream_id}`) {
      hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    }
    token += hash.toString(16).padStart(8, '0');
  }
  const local = channel.name.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'channel';
  return `${local}.${token}@${state.realm.email_domain}`;
}

/** How subscriber lists are included (not at all, fully, or partially for large channels); the level's shape. */
export interface SubscriptionFormatOptions {
  includeSubscribers: boolean | 'partial';
  level: number;
}

/** Sorted subscriber ids of a channel. */
export function subscriberIds(state: RealmState, streamId: number): number[] {
  return [...(state.subscribers.get(streamId) ?? [])].sort((a, b) => a - b);
}

/** Users active (by presence) within this many days are always in partial_subscribers. */
export const PARTIAL_SUBSCRIBERS_ACTIVE_DAYS = 14;

/**
 * `subscribers`, or with 'partial' for channels of {@link PARTIAL_SUBSCRIBERS_THRESHOLD}+ subscribers
 * `partial_subscribers`: the bots and the users whose presence shows activity in the last 14 days.
 */
export function subscriberLists(
  state: RealmState,
  ids: number[],
  mode: true | 'partial',
  now: number,
): { subscribers: number[] } | { partial_subscribers: number[] } {
  if (mode !== 'partial' || ids.length < PARTIAL_SUBSCRIBERS_THRESHOLD) return { subscribers: ids };
  const since = now - PARTIAL_SUBSCRIBERS_ACTIVE_DAYS * DAY;
  const presence = presenceState(state).byUser;
  const recent = (id: number): boolean => (presence.get(id)?.active_timestamp ?? -Infinity) >= since;
  return { partial_subscribers: ids.filter((id) => state.users.get(id)?.is_bot || recent(id)) };
}

/**
 * A subscription object: the channel's fields plus the user's personal properties, with `subscribers`
 * (or `partial_subscribers`, see {@link subscriberLists}) when requested (an empty list when the viewer
 * may not see them).
 */
export function formatSubscription(
  state: RealmState,
  sub: SubscriptionRecord,
  viewer: UserRecord,
  options: SubscriptionFormatOptions & { now: number },
): Subscription {
  const channel = state.channels.get(sub.stream_id)!;
  const out: Subscription = {
    ...formatChannel(state, channel, viewer, options.now, NEWEST),
    color: sub.color,
    is_muted: sub.is_muted,
    in_home_view: !sub.is_muted,
    pin_to_top: sub.pin_to_top,
    desktop_notifications: sub.desktop_notifications,
    email_notifications: sub.email_notifications,
    wildcard_mentions_notify: sub.wildcard_mentions_notify,
    push_notifications: sub.push_notifications,
    audible_notifications: sub.audible_notifications,
  };
  // Servers sent the channel's e-mail gateway address in subscriptions until level 226.
  if (!has('subscription_email_address_removed', options.level))
    (out as unknown as Record<string, unknown>).email_address = channelEmailAddress(state, channel);
  if (options.includeSubscribers) {
    const visible = hasMetadataAccess(state, viewer, channel);
    const ids = visible ? subscriberIds(state, channel.stream_id) : [];
    Object.assign(out, subscriberLists(state, ids, options.includeSubscribers, options.now));
  }
  return trimmed('subscription', out, options.level, roleGroupResolver(state));
}
