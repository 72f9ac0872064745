/** Message events as JSON text: a message shared by many queues' events is serialised once, not per poll. */
import type { EventPayload } from '../store/store.js';
import { JsonText } from './json-text.js';

// Formatted messages are shared by the queues of one shape and never changed once queued.
const messageTexts = new WeakMap<object, string>();
const MARK = '\u0000svc-mock:message';
const MARK_JSON = JSON.stringify(MARK);

/**
 * The event as GET /events sends it: a message event as JSON text whose `message` is serialised once for
 * every queue and poll that carries the same message object; other events as they are.
 */
export function eventJson(event: EventPayload): EventPayload | JsonText {
  const message = event.message;
  if (event.type !== 'message' || message === null || typeof message !== 'object') return event;
  let text = messageTexts.get(message);
  if (text === undefined) messageTexts.set(message, (text = JSON.stringify(message)));
  const messageText = text;
  // Only `type` comes before `message`, so the first mark is the message's place.
  return new JsonText(JSON.stringify({ ...event, message: MARK }).replace(MARK_JSON, () => messageText));
}
