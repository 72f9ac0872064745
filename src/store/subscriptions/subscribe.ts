/** The subscription change path: subscribe and unsubscribe users, with subscription and peer events. */
import { SUBSCRIPTION_COLORS } from './colors.js';
import { formatChannel, formatSubscription } from '../channels/format.js';
import { canSeeSubscribers } from '../channels/permissions.js';
import type { ChannelRecord, RealmState, SubscriptionRecord } from '../state.js';
import type { Store } from '../store.js';

/** Per-user outcome of a subscribe call: stream ids newly subscribed and already subscribed. */
export interface SubscribeResult {
  subscribed: Map<number, number[]>;
  alreadySubscribed: Map<number, number[]>;
}

/** The first palette colour the user does not use yet (cycling when all are used). */
export function nextColor(state: RealmState, userId: number): string {
  const mine = state.subscriptions.get(userId);
  const used = new Set([...(mine?.values() ?? [])].filter((s) => s.active).map((s) => s.color));
  return (
    SUBSCRIPTION_COLORS.find((c) => !used.has(c)) ??
    SUBSCRIPTION_COLORS[used.size % SUBSCRIPTION_COLORS.length]!
  );
}

/** Active users who may see a channel's subscriber list (the audience of peer and create events). */
export function subscriberListAudience(state: RealmState, channel: ChannelRecord): number[] {
  const out: number[] = [];
  for (const user of state.users.values()) {
    if (user.is_active && canSeeSubscribers(state, user, channel)) out.push(user.user_id);
  }
  return out;
}

function activate(store: Store, userId: number, streamId: number): SubscriptionRecord {
  const { state } = store;
  let mine = state.subscriptions.get(userId);
  if (!mine) state.subscriptions.set(userId, (mine = new Map()));
  const existing = mine.get(streamId);
  const record: SubscriptionRecord = existing ?? {
    user_id: userId,
    stream_id: streamId,
    active: true,
    color: nextColor(state, userId),
    is_muted: false,
    pin_to_top: false,
    desktop_notifications: null,
    email_notifications: null,
    wildcard_mentions_notify: null,
    push_notifications: null,
    audible_notifications: null,
    date_subscribed: store.now(),
  };
  if (existing) {
    existing.active = true;
    existing.date_subscribed = store.now();
  }
  mine.set(streamId, record);
  let set = state.subscribers.get(streamId);
  if (!set) state.subscribers.set(streamId, (set = new Set()));
  if (state.users.get(userId)?.is_active) set.add(userId);
  return record;
}

/**
 * Subscribes active users to channels (callers check permissions and that users are active). Emits, in
 * order: stream/create for `created` channels to everyone who may now see them, subscription/add (with
 * subscribers) to each newly subscribed user, then one peer_add per channel to the other users who may
 * see its subscribers.
 * @example subscribeUsers(store, [verona.stream_id], [hamlet.user_id])
 */
export function subscribeUsers(
  store: Store,
  channelIds: readonly number[],
  userIds: readonly number[],
  options: { created?: readonly ChannelRecord[] } = {},
): SubscribeResult {
  const { state } = store;
  const result: SubscribeResult = { subscribed: new Map(), alreadySubscribed: new Map() };
  const now = store.now();
  // New channels are announced as created, before anyone is in them: the peer_add that follows counts
  // the first subscribers (as the server does; formatting later would count them twice).
  const created = (options.created ?? []).map((channel) => ({
    channel,
    stream: formatChannel(state, channel, undefined, now, store.featureLevel),
  }));
  const newByChannel = new Map<number, number[]>();
  for (const userId of userIds) {
    for (const streamId of channelIds) {
      const current = state.subscriptions.get(userId)?.get(streamId);
      const bucket = current?.active ? result.alreadySubscribed : result.subscribed;
      if (!bucket.has(userId)) bucket.set(userId, []);
      bucket.get(userId)!.push(streamId);
      if (current?.active) continue;
      activate(store, userId, streamId);
      if (!newByChannel.has(streamId)) newByChannel.set(streamId, []);
      newByChannel.get(streamId)!.push(userId);
    }
  }
  for (const { channel, stream } of created)
    store.emit(subscriberListAudience(state, channel), { type: 'stream', op: 'create', streams: [stream] });
  for (const [userId, streamIds] of result.subscribed) {
    const viewer = state.users.get(userId)!;
    const subscriptions = streamIds.map((id) =>
      formatSubscription(state, state.subscriptions.get(userId)!.get(id)!, viewer, {
        includeSubscribers: true,
        now,
        level: store.featureLevel,
      }),
    );
    store.emit([userId], { type: 'subscription', op: 'add', subscriptions });
  }
  for (const [streamId, added] of newByChannel) emitPeer(store, streamId, added, 'peer_add');
  return result;
}

/** Per-user outcome of an unsubscribe call: stream ids removed and those the user was not subscribed to. */
export interface UnsubscribeResult {
  removed: Map<number, number[]>;
  notRemoved: Map<number, number[]>;
}

/**
 * Unsubscribes users from channels (callers check permissions). Emits subscription/remove to each user
 * who lost a subscription and one peer_remove per channel to the users still able to see its subscribers.
 */
export function unsubscribeUsers(
  store: Store,
  channelIds: readonly number[],
  userIds: readonly number[],
): UnsubscribeResult {
  const { state } = store;
  const result: UnsubscribeResult = { removed: new Map(), notRemoved: new Map() };
  const removedByChannel = new Map<number, number[]>();
  for (const userId of userIds) {
    for (const streamId of channelIds) {
      const current = state.subscriptions.get(userId)?.get(streamId);
      const bucket = current?.active ? result.removed : result.notRemoved;
      if (!bucket.has(userId)) bucket.set(userId, []);
      bucket.get(userId)!.push(streamId);
      if (!current?.active) continue;
      current.active = false;
      state.subscribers.get(streamId)?.delete(userId);
      if (!removedByChannel.has(streamId)) removedByChannel.set(streamId, []);
      removedByChannel.get(streamId)!.push(userId);
    }
  }
  for (const [userId, streamIds] of result.removed) {
    const subscriptions = streamIds.map((id) => ({ stream_id: id, name: state.channels.get(id)!.name }));
    store.emit([userId], { type: 'subscription', op: 'remove', subscriptions });
  }
  for (const [streamId, removed] of removedByChannel) emitPeer(store, streamId, removed, 'peer_remove');
  return result;
}

/** Sends a peer event about `userIds` on one channel to the others who may see its subscribers. */
export function emitPeer(
  store: Store,
  streamId: number,
  userIds: readonly number[],
  op: 'peer_add' | 'peer_remove',
): void {
  const channel = store.state.channels.get(streamId);
  if (!channel || userIds.length === 0) return;
  const skip = new Set(userIds);
  const audience = subscriberListAudience(store.state, channel).filter((id) => !skip.has(id));
  const sorted = [...userIds].sort((a, b) => a - b);
  store.emit(audience, { type: 'subscription', op, stream_ids: [streamId], user_ids: sorted });
}
