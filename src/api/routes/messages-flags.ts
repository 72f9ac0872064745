/** POST /messages/flags, /messages/flags/narrow, /mark_all_as_read, /mark_stream_as_read, /mark_topic_as_read. */
import type {
  PostMarkStreamAsReadParams,
  PostMarkTopicAsReadParams,
  PostMessagesFlagsNarrowParams,
  PostMessagesFlagsParams,
} from '../../generated/types.js';
import { canReadMessage, hasContentAccess, isSubscribed } from '../../store/access.js';
import { topicKey } from '../../store/message-index.js';
import { markAllAsRead, markIdsAsRead, updateFlags } from '../../store/messages/flag-updates.js';
import { EDITABLE_FLAGS, NON_EDITABLE_FLAGS } from '../../store/messages/flags.js';
import { fetchRange } from '../../store/narrow/fetch.js';
import type { FlagName, MessageRecord, UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { normalizeTopic } from '../../store/topics.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { MAX_MESSAGES_PER_FETCH, resolveAnchor } from './messages-fetch.js';
import { narrowFromParam, rawParam } from './messages-narrow.js';
import { has } from '../../versions/index.js';

function checkFlag(flag: string, op: string): { flag: FlagName; op: 'add' | 'remove' } {
  if (!(EDITABLE_FLAGS as readonly string[]).includes(flag)) {
    if (NON_EDITABLE_FLAGS.includes(flag)) throw errors.flagNotEditable(flag);
    throw errors.invalidFlag(flag);
  }
  if (op !== 'add' && op !== 'remove') throw errors.invalidFlagOperation(op);
  return { flag: flag as FlagName, op };
}

/**
 * The ignored_because_not_subscribed_channels key [FL355], present only when removing `read`: channels of
 * the messages left read because the user is not subscribed to them.
 */
function ignoredChannels(
  store: Store,
  user: UserRecord,
  messages: MessageRecord[],
  op: string,
  flag: string,
): { ignored_because_not_subscribed_channels?: number[] } {
  if (!has('flags_narrow_not_subscribed', store.featureLevel) || op !== 'remove' || flag !== 'read')
    return {};
  const ignored = new Set<number>();
  for (const m of messages)
    if (m.stream_id !== null && !isSubscribed(store.state, user.user_id, m.stream_id))
      ignored.add(m.stream_id);
  return { ignored_because_not_subscribed_channels: [...ignored].sort((a, b) => a - b) };
}

function readableChannel(store: Store, user: UserRecord, streamId: number) {
  const channel = store.state.channels.get(streamId);
  if (!channel || !hasContentAccess(store.state, user, channel))
    throw errors.invalidChannelId(store.featureLevel);
  return channel;
}

/** Flag routes. */
export const messageFlagRoutes = [
  defineRoute<PostMessagesFlagsParams>({
    method: 'POST',
    path: '/messages/flags',
    schema: 'post-messages-flags',
    summary: 'Add or remove a personal flag on messages',
    handler({ store, user, params }) {
      const { flag, op } = checkFlag(params.flag, params.op);
      const messages: MessageRecord[] = [];
      for (const id of new Set(params.messages)) {
        const message = store.state.messages.get(id);
        if (!message || !canReadMessage(store.state, user, message)) throw errors.invalidMessage();
        messages.push(message);
      }
      updateFlags(store, user, messages, op, flag);
      return { messages: params.messages, ...ignoredChannels(store, user, messages, op, flag) };
    },
  }),
  defineRoute<PostMessagesFlagsNarrowParams>({
    method: 'POST',
    path: '/messages/flags/narrow',
    schema: 'post-messages-flags-narrow',
    summary: 'Add or remove a flag on the messages of a range in a narrow',
    handler({ store, user, params, request }) {
      const { flag, op } = checkFlag(params.flag, params.op);
      const includeAnchor = params.include_anchor !== false;
      if (!includeAnchor && params.num_before > 0 && params.num_after > 0) throw errors.anchorNotAtEnd();
      // Unlike GET /messages, the server clamps an oversized range here instead of refusing it.
      const numBefore = Math.min(
        params.num_before,
        Math.max(MAX_MESSAGES_PER_FETCH - params.num_after, MAX_MESSAGES_PER_FETCH / 2),
      );
      const numAfter = Math.min(params.num_after, MAX_MESSAGES_PER_FETCH - numBefore);
      const narrow = narrowFromParam(store, user, params.narrow, false, rawParam(request, 'narrow'));
      const anchor = resolveAnchor(store, user, narrow, params.anchor);
      const range = fetchRange(store.state, narrow, { anchor, numBefore, numAfter, includeAnchor });
      const changed = updateFlags(store, user, range.messages, op, flag);
      const messages = range.messages;
      return {
        processed_count: messages.length,
        updated_count: changed.length,
        first_processed_id: messages[0]?.id ?? null,
        last_processed_id: messages[messages.length - 1]?.id ?? null,
        found_oldest: range.foundOldest,
        found_newest: range.foundNewest,
        ...ignoredChannels(store, user, messages, op, flag),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/mark_all_as_read',
    schema: 'post-mark-all-as-read',
    summary: 'Mark every message read',
    handler({ store, user }) {
      markAllAsRead(store, user);
      return { complete: true };
    },
  }),
  defineRoute<PostMarkStreamAsReadParams>({
    method: 'POST',
    path: '/mark_stream_as_read',
    schema: 'post-mark-stream-as-read',
    summary: "Mark a channel's messages read",
    handler({ store, user, params }) {
      const channel = readableChannel(store, user, params.stream_id);
      markIdsAsRead(store, user, store.state.index.byChannel.get(channel.stream_id) ?? []);
      return {};
    },
  }),
  defineRoute<PostMarkTopicAsReadParams>({
    method: 'POST',
    path: '/mark_topic_as_read',
    schema: 'post-mark-topic-as-read',
    summary: "Mark a topic's messages read",
    handler({ store, user, params }) {
      const channel = readableChannel(store, user, params.stream_id);
      const topic = normalizeTopic(store.state, params.topic_name, store.featureLevel);
      const ids = store.state.index.byTopic.get(topicKey(channel.stream_id, topic));
      // The server looks for the topic among the user's own messages, not the channel's.
      const rows = store.state.index.flags.get(user.user_id);
      if (!ids?.some((id) => rows?.has(id))) throw errors.noSuchTopic(params.topic_name);
      markIdsAsRead(store, user, ids);
      return {};
    },
  }),
];
