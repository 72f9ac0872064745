/** Subscriptions: subscribe (creating channels), unsubscribe, list, personal properties, membership checks. */
import type {
  DeleteUsersMeSubscriptionsParams,
  GetUsersMeSubscriptionsParams,
  GetUsersSubscriptionStatusParams,
  PostUsersMeSubscriptionsParams,
  PostUsersMeSubscriptionsPropertiesParams,
} from '../../generated/types.js';
import { isSubscribed } from '../../store/access.js';
import { formatSubscription } from '../../store/channels/format.js';
import { trimFields } from '../../versions/fields.js';
import { createChannel, emitDefaultStreams } from '../../store/channels/mutate.js';
import { channelByName } from '../../store/channels/names.js';
import { canRemoveSubscribers } from '../../store/channels/permissions.js';
import { hasMetadataAccess } from '../../store/access.js';
import { subscribeUsers, unsubscribeUsers } from '../../store/subscriptions/subscribe.js';
import { checkProperties, applyProperties } from '../../store/subscriptions/properties.js';
import type { UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { apiEmail } from '../../store/users.js';
import { cachedJson } from '../cached-json.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { accessChannel, readChannel, resolvePrincipals } from './channel-helpers.js';
import { planSubscribe } from './subscribe-request.js';
import { sendSubscriptionNotices } from '../../store/subscriptions/notices.js';
import { has } from '../../versions/index.js';

/** Response keys: user id strings from feature level 289, API e-mails before. */
function byUserKey(store: Store, result: Map<number, number[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [userId, streamIds] of result) {
    const user = store.state.users.get(userId)!;
    const key = has('subscribe_keys_user_ids', store.featureLevel)
      ? String(userId)
      : apiEmail(store.state, user);
    out[key] = streamIds.map((id) => store.state.channels.get(id)!.name);
  }
  return out;
}

/** The users a request acts on: the caller when `principals` is absent or empty (as the real server reads it). */
const principalsOf = (store: Store, user: UserRecord, principals?: Array<string | number>): UserRecord[] =>
  principals === undefined || principals.length === 0 ? [user] : resolvePrincipals(store, user, principals);

/** Subscription endpoints: subscribe, unsubscribe, list, properties, members, subscription status. */
export const subscriptionRoutes = [
  defineRoute<PostUsersMeSubscriptionsParams>({
    method: 'POST',
    path: '/users/me/subscriptions',
    schema: 'post-users-me-subscriptions',
    summary: 'Subscribe users to channels, creating the missing ones',
    handler({ store, user, params }) {
      if (user.role === 600) throw errors.notForGuests();
      const principals = principalsOf(store, user, params.principals);
      const plan = planSubscribe(store, user, params, principals);
      const created = plan.toCreate.map((spec) => createChannel(store, user.user_id, spec));
      const channelIds = [...plan.existing, ...created].map((c) => c.stream_id);
      const userIds = principals.map((u) => u.user_id);
      const result = subscribeUsers(store, channelIds, userIds, { created });
      if (created.some((c) => c.is_default)) emitDefaultStreams(store);
      const sent = sendSubscriptionNotices(store, user, {
        created,
        announce: params.announce === true,
        subscribed: result.subscribed,
        notify: params.send_new_subscription_messages !== false,
      });
      const body: Record<string, unknown> = {
        subscribed: byUserKey(store, result.subscribed),
        already_subscribed: byUserKey(store, result.alreadySubscribed),
      };
      if (plan.unauthorized.length) body.unauthorized = plan.unauthorized;
      if (params.send_new_subscription_messages === true) body.new_subscription_messages_sent = sent;
      return trimFields('subscribed', body, store.featureLevel);
    },
  }),
  defineRoute<DeleteUsersMeSubscriptionsParams>({
    method: 'DELETE',
    path: '/users/me/subscriptions',
    schema: 'delete-users-me-subscriptions',
    summary: 'Unsubscribe users from channels',
    handler({ store, user, params }) {
      const principals = principalsOf(store, user, params.principals);
      const channels = params.subscriptions.map((name) => {
        const channel = channelByName(store.state, name);
        if (!channel || !hasMetadataAccess(store.state, user, channel))
          throw errors.channelDoesNotExist(store.featureLevel, name.trim());
        return channel;
      });
      // The caller's own bots count as the caller: removing them needs no remove-subscribers right.
      const others = principals.some(
        (u) => u.user_id !== user.user_id && !(u.is_bot && u.bot_owner_id === user.user_id),
      );
      if (others && channels.some((c) => !canRemoveSubscribers(store.state, user, c)))
        throw errors.insufficientPermission();
      if (!has('subscribe_archived_channels', store.featureLevel) && channels.some((c) => c.is_archived))
        throw errors.channelArchived(store.featureLevel);
      const ids = [...new Map(channels.map((c) => [c.stream_id, c])).keys()];
      const result = unsubscribeUsers(
        store,
        ids,
        principals.map((u) => u.user_id),
      );
      const names = (m: Map<number, number[]>) =>
        [...m.values()].flat().map((id) => store.state.channels.get(id)!.name);
      return { removed: names(result.removed), not_removed: names(result.notRemoved) };
    },
  }),
  defineRoute<GetUsersMeSubscriptionsParams>({
    method: 'GET',
    path: '/users/me/subscriptions',
    schema: 'get-users-me-subscriptions',
    sharedParams: true,
    summary: "The caller's subscriptions (archived channels excluded)",
    handler({ store, user, params }) {
      const now = store.now();
      const includeSubscribers = !!params.include_subscribers;
      // Serialised once per change, caller and second (recent activity and traffic are read against now).
      return cachedJson(
        store,
        `subscriptions ${user.user_id} ${includeSubscribers}`,
        () => {
          const subscriptions = [...(store.state.subscriptions.get(user.user_id)?.values() ?? [])]
            .filter((s) => s.active && !store.state.channels.get(s.stream_id)!.is_archived)
            .map((s) =>
              formatSubscription(store.state, s, user, {
                includeSubscribers,
                now,
                level: store.featureLevel,
              }),
            )
            .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
          return { subscriptions };
        },
        now,
      );
    },
  }),
  defineRoute<PostUsersMeSubscriptionsPropertiesParams>({
    method: 'POST',
    path: '/users/me/subscriptions/properties',
    schema: 'post-users-me-subscriptions-properties',
    summary: 'Change personal subscription properties',
    handler({ store, user, params }) {
      const changes = checkProperties(store.state, user, params.subscription_data);
      if (typeof changes === 'object' && 'error' in changes) {
        const e = changes.error;
        if (e.kind === 'unknown_property') throw errors.unknownSubscriptionProperty(e.property);
        if (e.kind === 'not_subscribed') throw errors.notSubscribed(store.featureLevel, e.streamId);
        if (e.kind === 'invalid_channel') throw errors.invalidChannelId(store.featureLevel);
        throw e.kind === 'not_boolean'
          ? errors.wrongType(e.property, 'boolean')
          : errors.invalidSubscriptionValue(e.property);
      }
      applyProperties(store, user, changes);
      return {};
    },
  }),
  defineRoute<{ stream_id: number }>({
    method: 'GET',
    path: '/streams/{stream_id}/members',
    schema: 'get-streams-members',
    summary: "A channel's subscribers",
    handler({ store, user, params }) {
      const channel = readChannel(store, user, params.stream_id);
      const ids = [...(store.state.subscribers.get(channel.stream_id) ?? [])].sort((a, b) => a - b);
      return { subscribers: ids };
    },
  }),
  defineRoute<GetUsersSubscriptionStatusParams>({
    method: 'GET',
    path: '/users/{user_id}/subscriptions/{stream_id}',
    schema: 'get-users-subscription-status',
    summary: 'Whether a user is subscribed to a channel',
    handler({ store, user, params }) {
      const target = store.state.users.get(params.user_id);
      if (!target) throw errors.noSuchUser();
      const channel = accessChannel(store, user, params.stream_id);
      return { is_subscribed: isSubscribed(store.state, target.user_id, channel.stream_id) };
    },
  }),
];
