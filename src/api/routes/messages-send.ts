/** POST /messages and POST /messages/render. */
import type { PostMessagesParams, PostMessagesRenderParams } from '../../generated/types.js';
import {
  sendMessageWithDetails,
  stripContent,
  truncateContent,
  type SendInput,
} from '../../store/messages/send.js';
import { renderContent } from '../../store/render.js';
import type { UserRecord } from '../../store/state.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import {
  checkChannelSend,
  checkDirectMessagePermission,
  checkGroupMentions,
  checkWildcardMention,
  resolveChannel,
  resolveDirectRecipients,
  resolveTopic,
} from './messages-send-checks.js';
import { has } from '../../versions/index.js';
import { mayCreateTopicIn } from '../../store/channels/topic-creation.js';

// A channel message has no direct recipients: one shared empty list.
const NO_USERS: readonly UserRecord[] = Object.freeze([]);

/** Message sending routes. */
export const messageSendRoutes = [
  defineRoute<PostMessagesParams>({
    method: 'POST',
    path: '/messages',
    schema: 'post-messages',
    allowIncomingWebhook: true,
    summary: 'Send a channel or direct message',
    handler({ store, user, params, clientName }) {
      if (params.topic !== undefined && params.subject !== undefined)
        throw errors.confusingVariables('topic', 'subject');
      if (params.queue_id !== undefined && params.local_id === undefined)
        throw errors.missingArgument('local_id');
      // `channel` became a synonym of `stream` at feature level 248 (reference facts F.1), `direct` of
      // `private` at 174.
      if (params.type === 'channel' && !has('channel_type', store.featureLevel))
        throw errors.invalidValue('type');
      if (params.type === 'direct' && !has('direct_type', store.featureLevel))
        throw errors.invalidValue('type');
      const isDirect = params.type === 'direct' || params.type === 'private';
      const recipients = isDirect ? resolveDirectRecipients(store.state, user, params.to) : NO_USERS;
      const channel = isDirect ? undefined : resolveChannel(store, params.to);
      const content = stripContent(params.content);
      if (content === '') throw errors.emptyMessage();
      if (content.includes('\u0000')) throw errors.nullBytes();
      // Rendered once, for the checks and the stored message alike (it is the send's costliest step).
      const rendered = renderContent(store.state, truncateContent(content), user);
      let topic = '';
      if (channel) {
        checkChannelSend(store, user, channel);
        topic = resolveTopic(store, channel, params.topic ?? params.subject);
        if (
          has('field_can_create_topic_group', store.featureLevel) &&
          !mayCreateTopicIn(store.state, user, channel, topic)
        )
          throw errors.cannotCreateTopic();
        checkWildcardMention(store, user, channel, topic, rendered);
      } else {
        checkDirectMessagePermission(store.state, user, recipients);
      }
      checkGroupMentions(store, user, rendered);
      // Keys set one by one rather than spread in conditionally (a spread takes V8's slow path per send).
      const input: SendInput = {
        type: isDirect ? 'private' : 'stream',
        streamId: channel?.stream_id,
        topic,
        recipientIds: isDirect ? recipients.map((u) => u.user_id) : undefined,
        content,
        rendered,
        client: clientName,
        readBySender: params.read_by_sender ?? null,
      };
      if (params.queue_id !== undefined)
        input.localEcho = { queueId: params.queue_id, localId: params.local_id! };
      const result = sendMessageWithDetails(store, user, input);
      const answer: { id: number; automatic_new_visibility_policy?: number } = { id: result.record.id };
      if (result.automaticNewVisibilityPolicy !== undefined)
        answer.automatic_new_visibility_policy = result.automaticNewVisibilityPolicy;
      return answer;
    },
  }),
  defineRoute<PostMessagesRenderParams>({
    method: 'POST',
    path: '/messages/render',
    schema: 'post-messages-render',
    summary: 'Render Markdown as message content',
    handler({ store, user, params }) {
      // Cut as a sent message's content is, so one request cannot make the server render without bound.
      return { rendered: renderContent(store.state, truncateContent(params.content), user).html };
    },
  }),
];
