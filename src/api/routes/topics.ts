/** Topics of a channel and the caller's per-topic visibility policies. */
import type { GetUsersMeStreamTopicsParams, PostUserTopicsParams } from '../../generated/types.js';
import { hasContentAccess } from '../../store/access.js';
import { listTopics, setTopicVisibility } from '../../store/channels/topics.js';
import type { ChannelRecord, UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { normalizeTopic, truncateTopic } from '../../store/topics.js';
import { errors } from '../errors/index.js';
import { has } from '../../versions/index.js';
import { defineRoute } from '../route.js';

/** The channel when the user has content access; else "Invalid channel ID". */
function contentChannel(store: Store, user: UserRecord, streamId: number): ChannelRecord {
  const channel = store.state.channels.get(streamId);
  if (!channel || !hasContentAccess(store.state, user, channel))
    throw errors.invalidChannelId(store.featureLevel);
  return channel;
}

/** Topic endpoints: GET /users/me/{stream_id}/topics and POST /user_topics. */
export const topicRoutes = [
  defineRoute<GetUsersMeStreamTopicsParams>({
    method: 'GET',
    path: '/users/me/{stream_id}/topics',
    schema: 'get-users-me-stream-topics',
    summary: 'Topics of a channel the caller may see, newest first',
    handler({ store, user, params }) {
      const channel = contentChannel(store, user, params.stream_id);
      // Topics of archived channels could not be read before level 480.
      if (channel.is_archived && !has('archived_channel_details', store.featureLevel))
        throw errors.invalidChannelId(store.featureLevel);
      return { topics: listTopics(store.state, user, channel, params.allow_empty_topic_name === true) };
    },
  }),
  defineRoute<PostUserTopicsParams>({
    method: 'POST',
    path: '/user_topics',
    schema: 'post-user-topics',
    summary: "Set the caller's visibility policy for a topic",
    handler({ store, user, params }) {
      const channel = contentChannel(store, user, params.stream_id);
      const topic = truncateTopic(normalizeTopic(store.state, params.topic, store.featureLevel));
      setTopicVisibility(store, user.user_id, channel.stream_id, topic, params.visibility_policy);
      return {};
    },
  }),
];
