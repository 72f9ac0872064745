/** POST /submessage: attach widget data (a poll vote, a todo item) to a message. */
import type { PostSubmessageParams } from '../../generated/types.js';
import { addSubmessage, maySubmessage } from '../../store/submessages/submessages.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { readableMessage } from './messages-edit.js';

/** Whether the text parses as JSON (the server refuses content that does not). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export const submessageRoutes = [
  defineRoute<PostSubmessageParams>({
    method: 'POST',
    path: '/submessage',
    schema: 'post-submessage',
    summary: 'Attach a submessage (widget data) to a message',
    handler({ store, user, params }) {
      const message = readableMessage(store, user, params.message_id);
      if (!maySubmessage(message, user)) throw errors.submessageNotAllowed();
      if (!isJson(params.content)) throw errors.submessageInvalidJson();
      addSubmessage(store, user, message, params.msg_type, params.content);
      return {};
    },
  }),
];
