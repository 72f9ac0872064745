/** Errors of event queues, POST /register, typing and presence (reference A, F.11). */
import { ApiError, bad } from './core.js';

/** Event-queue area error factories. */
export const eventsErrors = {
  /** A queue that is unknown, expired or another user's (same body for all three). */
  badEventQueue: (queueId: string) =>
    new ApiError('BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`, 400, { queue_id: queueId }),
  eventAlreadyPruned: (lastEventId: number) =>
    bad(`An event newer than ${lastEventId} has already been pruned!`),
  eventNotInQueue: (lastEventId: number) => bad(`Event ${lastEventId} was not in this queue`),
  /** GET /events uses plain BAD_REQUEST here, not REQUEST_VARIABLE_MISSING. */
  missingEventsArgument: (name: 'queue_id' | 'last_event_id') => bad(`Missing '${name}' argument`),
  narrowOperatorNotSupported: (operator: string) => bad(`Operator ${operator} not supported.`),
  notificationSettingsNullMissing: () =>
    bad('notification_settings_null key is missing from client_capabilities'),
  invalidForAnonymous: (key: string) => bad(`Invalid '${key}' parameter for anonymous request`),

  // Typing
  typingMissing: (what: "'to' argument" | 'stream_id' | 'topic') =>
    bad(what === "'to' argument" ? "Missing 'to' argument" : `Missing ${what}`),
  typingEmptyTo: () => bad("Empty 'to' list"),
  typingInvalidUser: (id: number) => bad(`Invalid user ID ${id}`),
  typingInvalidChannel: () => bad('Invalid channel ID'),
  typingDisabled: (kind: 'direct' | 'stream') =>
    bad(`User has disabled typing notifications for ${kind === 'direct' ? 'direct' : 'stream'} messages`),

  // Presence
  invalidPresenceStatus: (status: string) => bad(`Invalid status: ${status}`),
} as const;
