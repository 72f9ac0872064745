/** Snapshot sections about channels: subscriptions, unsubscribed, never_subscribed, streams, folders. */
import { hasMetadataAccess } from '../../store/access.js';
import {
  formatChannel,
  formatSubscription,
  subscriberIds,
  subscriberLists,
} from '../../store/channels/format.js';
import type { ChannelRecord, UserRecord } from '../../store/state.js';
import { has } from '../../versions/index.js';
import { can, type SnapshotContext, type SnapshotSection } from './context.js';

/** Subscription properties whose null means "use the user's setting", and that setting. */
const NOTIFICATION_DEFAULTS = {
  desktop_notifications: 'enable_stream_desktop_notifications',
  email_notifications: 'enable_stream_email_notifications',
  push_notifications: 'enable_stream_push_notifications',
  audible_notifications: 'enable_stream_audible_notifications',
  wildcard_mentions_notify: 'wildcard_mentions_notify',
} as const;

/** The behaviour from whose level a section lists archived channels (to clients with the capability). */
const ARCHIVED_LISTED_FROM = {
  subscriptions: 'archived_channels',
  never_subscribed: 'archived_in_never_subscribed',
  streams: 'archived_in_streams',
} as const;

/**
 * Channels the client is told about: archived ones only with the archived_channels capability, and only
 * from the level at which the section started listing them (before level 315 archived channels were gone).
 */
function shown(
  ctx: SnapshotContext,
  channel: ChannelRecord,
  section: keyof typeof ARCHIVED_LISTED_FROM,
): boolean {
  if (!channel.is_archived) return true;
  return can(ctx, 'archived_channels') && has(ARCHIVED_LISTED_FROM[section], ctx.store.featureLevel);
}

function subscriptionLists(ctx: SnapshotContext, user: UserRecord): Record<string, unknown[]> {
  const { state } = ctx.store;
  const now = ctx.store.now();
  const level = ctx.store.featureLevel;
  const options = { includeSubscribers: ctx.includeSubscribers, now, level };
  const subscriptions: Record<string, unknown>[] = [];
  const unsubscribed: Record<string, unknown>[] = [];
  const seen = new Set<number>();
  for (const sub of state.subscriptions.get(user.user_id)?.values() ?? []) {
    const channel = state.channels.get(sub.stream_id);
    if (!channel) continue;
    seen.add(channel.stream_id);
    if (!shown(ctx, channel, 'subscriptions') || (!sub.active && !hasMetadataAccess(state, user, channel)))
      continue;
    const formatted = formatSubscription(state, sub, user, options) as unknown as Record<string, unknown>;
    if (!can(ctx, 'notification_settings_null')) {
      for (const [key, setting] of Object.entries(NOTIFICATION_DEFAULTS)) {
        if (formatted[key] === null) formatted[key] = user.settings[setting];
      }
    }
    (sub.active ? subscriptions : unsubscribed).push(formatted);
  }
  const never_subscribed = [];
  for (const channel of state.channels.values()) {
    if (
      seen.has(channel.stream_id) ||
      !shown(ctx, channel, 'never_subscribed') ||
      !hasMetadataAccess(state, user, channel)
    )
      continue;
    const formatted: Record<string, unknown> = { ...formatChannel(state, channel, user, now, level) };
    if (ctx.includeSubscribers) {
      const ids = subscriberIds(state, channel.stream_id);
      Object.assign(formatted, subscriberLists(state, ids, ctx.includeSubscribers, now));
    }
    never_subscribed.push(formatted);
  }
  const byName = (a: unknown, b: unknown): number =>
    String((a as { name: string }).name).localeCompare(String((b as { name: string }).name));
  return {
    subscriptions: subscriptions.sort(byName),
    unsubscribed: unsubscribed.sort(byName),
    never_subscribed: never_subscribed.sort(byName),
  };
}

/** Web-public channels, as a spectator sees them. */
function webPublic(ctx: SnapshotContext): ChannelRecord[] {
  return [...ctx.store.state.channels.values()].filter((c) => c.is_web_public && shown(ctx, c, 'streams'));
}

/** Sections about channels. */
export const channelSections: SnapshotSection[] = [
  {
    types: ['subscription'],
    build: (ctx) => {
      if (ctx.user) return subscriptionLists(ctx, ctx.user);
      const now = ctx.store.now();
      const level = ctx.store.featureLevel;
      const channels = webPublic(ctx).map((c) => formatChannel(ctx.store.state, c, undefined, now, level));
      return { subscriptions: [], unsubscribed: [], never_subscribed: channels };
    },
  },
  {
    types: ['stream'],
    build: (ctx) => {
      const { state } = ctx.store;
      const now = ctx.store.now();
      const user = ctx.user;
      const visible = user
        ? [...state.channels.values()].filter(
            (c) => shown(ctx, c, 'streams') && hasMetadataAccess(state, user, c),
          )
        : webPublic(ctx);
      return { streams: visible.map((c) => formatChannel(state, c, user, now, ctx.store.featureLevel)) };
    },
  },
  {
    types: ['default_streams'],
    build: ({ store, user }) => {
      if (!user || user.role === 600) return { realm_default_streams: [] };
      const defaults = [...store.state.channels.values()].filter((c) => c.is_default && !c.is_archived);
      const level = store.featureLevel;
      // Channel objects before level 330, channel ids from then on.
      return {
        realm_default_streams: has('default_streams_as_ids', level)
          ? defaults.map((c) => c.stream_id)
          : defaults.map((c) => formatChannel(store.state, c, user, store.now(), level)),
      };
    },
  },
  {
    types: ['channel_folders'],
    build: ({ store }) => ({
      channel_folders: [...store.state.channelFolders.values()].sort((a, b) => a.order - b.order),
    }),
  },
];
