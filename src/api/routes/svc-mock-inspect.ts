/** Mock-only control routes the inspector page reads: a realm summary, the event queues and a change counter. */
import type { GetSvcMockChangesParams, GetSvcMockRealmParams } from '../../generated/types.js';
import type { Store } from '../../store/store.js';
import type { MessageRecord, RealmState } from '../../store/state.js';
import { requireControl } from '../control.js';
import { definePublicRoute, type RouteContext } from '../route.js';

type Empty = Record<string, never>;

/** Bounds of the realm summary: it is read on every change, so it never grows with the realm. */
const MAX_USERS = 500;
const MAX_CHANNELS = 200;
const MAX_SUBSCRIBERS = 200;
const MAX_TOPICS = 20;
const DEFAULT_MESSAGES = 50;

// A reset or restore swaps the store: each store gets a generation number, so a change counter never repeats.
const generations = new WeakMap<Store, number>();
let nextGeneration = 1;
const generationOf = (store: Store): number => {
  let generation = generations.get(store);
  if (generation === undefined) generations.set(store, (generation = nextGeneration++));
  return generation;
};

/** The newest message id of the realm, from the tails of the sorted channel and conversation lists. */
function newestMessageId(state: RealmState): number {
  let newest = 0;
  for (const list of [state.index.byChannel, state.index.byConversation])
    for (const ids of list.values()) newest = Math.max(newest, ids[ids.length - 1] ?? 0);
  return newest;
}

/** The newest `count` messages, newest first: walks ids down from the newest, over a bounded number of gaps. */
function recentMessages(state: RealmState, count: number): MessageRecord[] {
  const out: MessageRecord[] = [];
  let probes = count * 20;
  for (let id = newestMessageId(state); id > 0 && out.length < count && probes-- > 0; id--) {
    const message = state.messages.get(id);
    if (message) out.push(message);
  }
  return out;
}

/** The topics of a channel, newest first, from the per-channel topic keys. */
function channelTopics(state: RealmState, streamId: number): { name: string; max_id: number }[] {
  const topics: { name: string; max_id: number }[] = [];
  for (const key of state.index.topicKeysByChannel.get(streamId) ?? []) {
    const ids = state.index.byTopic.get(key);
    const maxId = ids?.[ids.length - 1];
    const message = maxId === undefined ? undefined : state.messages.get(maxId);
    if (message) topics.push({ name: message.topic, max_id: message.id });
  }
  return topics.sort((a, b) => b.max_id - a.max_id).slice(0, MAX_TOPICS);
}

function realmSummary(store: Store, messageCount: number) {
  const { state } = store;
  const users = [...state.users.values()].slice(0, MAX_USERS).map((u) => ({
    user_id: u.user_id,
    full_name: u.full_name,
    email: u.delivery_email,
    role: u.role,
    is_bot: u.is_bot,
    is_active: u.is_active,
  }));
  const channels = [...state.channels.values()].slice(0, MAX_CHANNELS).map((c) => {
    const subscribers = state.subscribers.get(c.stream_id) ?? new Set<number>();
    return {
      stream_id: c.stream_id,
      name: c.name,
      description: c.description,
      invite_only: c.invite_only,
      is_archived: c.is_archived,
      subscriber_count: subscribers.size,
      subscribers: [...subscribers].slice(0, MAX_SUBSCRIBERS),
      topics: channelTopics(state, c.stream_id),
    };
  });
  const messages = recentMessages(state, messageCount).map((m) => ({
    id: m.id,
    sender_id: m.sender_id,
    type: m.type,
    stream_id: m.stream_id,
    topic: m.topic,
    recipients: m.recipients,
    content: m.content,
    rendered_content: m.rendered_content,
    timestamp: m.timestamp,
  }));
  return {
    realm_name: state.realm.name,
    user_count: state.users.size,
    channel_count: state.channels.size,
    message_count: state.messages.size,
    users,
    channels,
    messages,
  };
}

/** Resolves at the next change the mock reports, after `ms` on the mock's clock, or when the client leaves. */
function nextChange(
  { services, request }: Pick<RouteContext<unknown>, 'services' | 'request'>,
  watch: (listener: () => void) => () => void,
  ms: number,
): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      stop();
      services.clock.clearTimer(timer);
      request.signal?.removeEventListener('abort', done);
      resolve();
    };
    const stop = watch(done);
    const timer = services.clock.setTimer(ms, done);
    request.signal?.addEventListener('abort', done, { once: true });
  });
}

const control = ({ services, request }: Pick<RouteContext<unknown>, 'services' | 'request'>) =>
  requireControl(services, request);

/** Routes of the inspector's reads; each answers the unknown-endpoint 404 when the app has no control surface. */
export const inspectRoutes = [
  definePublicRoute<GetSvcMockRealmParams>({
    method: 'GET',
    path: '/svc-mock/realm',
    root: true,
    auth: 'none',
    schema: 'get-svc-mock-realm',
    summary: 'Mock only: users, channels, topics and the newest messages',
    handler(context) {
      control(context);
      return realmSummary(context.store, context.params.messages ?? DEFAULT_MESSAGES);
    },
  }),
  definePublicRoute<Empty>({
    method: 'GET',
    path: '/svc-mock/queues',
    root: true,
    auth: 'none',
    schema: 'get-svc-mock-queues',
    summary: 'Mock only: live event queues, pending events and expiry',
    handler(context) {
      control(context);
      const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);
      const queues = context.services.queues.summaries().map(({ queue, lastPoll, expiresAt }) => {
        const pending = queue.contents();
        return {
          queue_id: queue.id,
          user_id: queue.userId,
          event_types: queue.options.eventTypes ? [...queue.options.eventTypes] : null,
          pending_count: pending.length,
          pending_types: [...new Set(pending.map((e) => e.type))],
          last_poll: seconds(lastPoll),
          expires_at: seconds(expiresAt),
          parked: queue.waiter !== null,
        };
      });
      return { queues };
    },
  }),
  definePublicRoute<GetSvcMockChangesParams>({
    method: 'GET',
    path: '/svc-mock/changes',
    root: true,
    auth: 'none',
    schema: 'get-svc-mock-changes',
    summary: 'Mock only: counters that move when the state changes',
    async handler(context) {
      const target = control(context);
      const { since, timeout = 0 } = context.params;
      if (since !== undefined && since === target.revision?.() && timeout > 0 && target.watch)
        await nextChange(context, target.watch, timeout * 1000);
      return {
        revision: target.revision?.() ?? 0,
        generation: generationOf(context.store),
        changes: context.store.changes,
        last_request_id: target.requests({ limit: 1 })[0]?.id ?? 0,
        queue_count: context.services.queues.size,
        now: target.clock.now() / 1000,
      };
    },
  }),
];
