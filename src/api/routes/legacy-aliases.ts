/**
 * Legacy endpoints the server still routes and older clients still call, each answering through the modern
 * endpoint it stands for: PATCH /users/me/subscriptions/{stream_id} (one subscription property),
 * PATCH /settings/display and /settings/notifications (PATCH /settings), and the deprecated topic muting
 * PATCH /users/me/subscriptions/muted_topics (POST /user_topics).
 */
import type {
  PatchUsersMeSubscriptionsMutedTopicsParams,
  PatchUsersMeSubscriptionsStreamIdParams,
} from '../../generated/types.js';
import { hasContentAccess } from '../../store/access.js';
import { setTopicVisibility, userTopicKey } from '../../store/channels/topics.js';
import type { ChannelRecord, UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { normalizeTopic, truncateTopic } from '../../store/topics.js';
import { has } from '../../versions/index.js';
import { errors } from '../errors/index.js';
import { defineRoute, type Route, type RouteContext } from '../route.js';
import { settingsRoutes } from './settings.js';
import { subscriptionRoutes } from './subscriptions.js';

/** The modern route an alias answers through. */
function modern(list: readonly Route<never>[], method: string, path: string): Route<never> {
  const route = list.find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`no route ${method} ${path} to alias`);
  return route;
}

const properties = modern(subscriptionRoutes as Route<never>[], 'POST', '/users/me/subscriptions/properties');
const settings = modern(settingsRoutes as Route<never>[], 'PATCH', '/settings');

/** A settings alias: the same parameters and answer as PATCH /settings. */
const settingsAlias = (path: string, summary: string): Route => ({ ...settings, path, summary }) as Route;

/** The channel named by `stream` or `stream_id` (exactly one was sent), when the caller has content access. */
function mutingChannel(
  store: Store,
  user: UserRecord,
  params: PatchUsersMeSubscriptionsMutedTopicsParams,
): ChannelRecord | undefined {
  const { state } = store;
  const channel =
    params.stream !== undefined
      ? state.channelsByName.get(params.stream.toLowerCase())
      : state.channels.get(params.stream_id!);
  return channel && hasContentAccess(state, user, channel) ? channel : undefined;
}

/** Legacy endpoints, each answered through the endpoint that replaced it. */
export const legacyAliasRoutes = [
  defineRoute<PatchUsersMeSubscriptionsStreamIdParams>({
    method: 'PATCH',
    path: '/users/me/subscriptions/{stream_id}',
    schema: 'patch-users-me-subscriptions-stream-id',
    summary: 'Legacy: change one subscription property (as POST /users/me/subscriptions/properties)',
    handler(context) {
      const { stream_id, property, value } = context.params;
      const params = { subscription_data: [{ stream_id, property, value }] };
      return properties.handler({ ...context, params } as RouteContext<never>);
    },
  }),
  settingsAlias('/settings/display', 'Legacy: change display settings (as PATCH /settings)'),
  settingsAlias('/settings/notifications', 'Legacy: change notification settings (as PATCH /settings)'),
  defineRoute<PatchUsersMeSubscriptionsMutedTopicsParams>({
    method: 'PATCH',
    path: '/users/me/subscriptions/muted_topics',
    schema: 'patch-users-me-subscriptions-muted-topics',
    summary: 'Deprecated: mute or unmute a topic (as POST /user_topics)',
    handler({ store, user, params }) {
      if (params.stream === undefined && params.stream_id === undefined)
        throw errors.badRequest("Please supply 'stream'.");
      if (params.stream !== undefined && params.stream_id !== undefined)
        throw errors.badRequest("Please choose one: 'stream' or 'stream_id'.");
      const fl = store.featureLevel;
      const muting = params.op === 'add';
      const channel = mutingChannel(store, user, params);
      if (!channel) {
        if (!muting) throw errors.badRequest('Topic is not muted');
        throw params.stream !== undefined
          ? errors.invalidChannelName(fl, params.stream)
          : errors.invalidChannelId(fl);
      }
      const topic = truncateTopic(normalizeTopic(store.state, params.topic));
      const current = store.state.userTopics.get(userTopicKey(user.user_id, channel.stream_id, topic));
      const muted = current?.visibility_policy === 1;
      // Before feature level 169, muting a muted topic or unmuting an unmuted one was an error.
      if (!has('mute_topic_idempotent', fl)) {
        if (muting && muted) throw errors.badRequest('Topic already muted');
        if (!muting && !muted) throw errors.badRequest('Topic is not muted');
      }
      setTopicVisibility(store, user.user_id, channel.stream_id, topic, muting ? 1 : 0);
      return {};
    },
  }),
];
