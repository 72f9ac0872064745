/** POST /typing: typing start/stop notifications for direct and channel conversations. */
import type { PostTypingParams } from '../../generated/types.js';
import { hasContentAccess } from '../../store/access.js';
import { notifyChannelTyping, notifyDirectTyping } from '../../store/events/typing.js';
import { normalizeTopic } from '../../store/topics.js';
import type { UserRecord } from '../../store/state.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { has } from '../../versions/index.js';
import { rawParam } from './messages-narrow.js';

export const typingRoutes = [
  defineRoute<PostTypingParams>({
    method: 'POST',
    path: '/typing',
    schema: 'post-typing',
    summary: 'Tell others that the user started or stopped typing',
    handler({ store, user, params, request }) {
      const { state } = store;
      const level = store.featureLevel;
      if (params.type === 'channel' && !has('channel_type', level)) throw errors.invalidValue('type');
      // "direct" replaced "private" at level 174 (the default before was "private"); later servers refuse
      // "private" (reference facts, FL218).
      if (params.type === 'private' && has('direct_type', level)) throw errors.invalidValue('type');
      if (params.type === 'direct' && rawParam(request, 'type') !== undefined && !has('direct_type', level))
        throw errors.invalidValue('type');
      if (params.type === 'stream' || params.type === 'channel') {
        if (params.stream_id === undefined) throw errors.typingMissing('stream_id');
        if (params.topic === undefined) throw errors.typingMissing('topic');
        if (!user.settings.send_stream_typing_notifications) throw errors.typingDisabled('stream');
        const channel = state.channels.get(params.stream_id);
        if (!channel || !hasContentAccess(state, user, channel)) throw errors.typingInvalidChannel();
        notifyChannelTyping(
          store,
          user,
          params.op,
          channel,
          normalizeTopic(state, params.topic, store.featureLevel),
        );
        return {};
      }
      if (params.to === undefined) throw errors.typingMissing("'to' argument");
      if (params.to.length === 0) throw errors.typingEmptyTo();
      if (!user.settings.send_private_typing_notifications) throw errors.typingDisabled('direct');
      const recipients: UserRecord[] = [];
      for (const id of params.to) {
        const recipient = state.users.get(id);
        if (!recipient || !recipient.is_active) throw errors.typingInvalidUser(id);
        recipients.push(recipient);
      }
      notifyDirectTyping(store, user, params.op, recipients);
      return {};
    },
  }),
];
