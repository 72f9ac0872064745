/** Which of the spec's error codes and which event types a server at a feature level has. */
import { allSchemas } from '../generated/schemas.js';
import { has, type BehaviourName } from '../versions/index.js';

/** The error codes of the API spec's Errors table. */
export const SPEC_ERROR_CODES = [
  'BAD_REQUEST',
  'STREAM_DOES_NOT_EXIST',
  'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
  'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
  'UNAUTHORIZED_PRINCIPAL',
  'INVITATION_FAILED',
  'REACTION_DOES_NOT_EXIST',
  'BAD_EVENT_QUEUE_ID',
];

/** A level range named by behaviours: from the level `from` appeared at, up to (not including) `until`'s. */
interface Gate {
  from?: BehaviourName;
  until?: BehaviourName;
}

/** Error codes that only some levels answer (the others exist at every level). */
const CODE_GATES: Readonly<Record<string, Gate>> = {
  // From 208 an unknown principal is BAD_REQUEST "No such user".
  UNAUTHORIZED_PRINCIPAL: { until: 'principal_errors_bad_request' },
  STREAM_WILDCARD_MENTION_NOT_ALLOWED: { from: 'wildcard_mention_codes' },
  TOPIC_WILDCARD_MENTION_NOT_ALLOWED: { from: 'wildcard_mention_codes' },
  REACTION_DOES_NOT_EXIST: { from: 'reaction_does_not_exist_code' },
};

/**
 * Event types a server sends only from some level: the level the feature (endpoint or register section) that
 * makes them appeared at, or the level that stopped them. Types not listed exist at every level (legacy types
 * such as muted_topics are still sent to queues that do not ask for their successors).
 */
const EVENT_GATES: Readonly<Record<string, Gate>> = {
  muted_users: { from: 'muted_users' },
  realm_playgrounds: { from: 'field_realm_playgrounds' },
  realm_linkifiers: { from: 'field_realm_linkifiers' },
  drafts: { from: 'drafts_endpoints' },
  user_settings: { from: 'field_user_settings_object' },
  realm_user_settings_defaults: { from: 'field_realm_user_settings_defaults' },
  user_topic: { from: 'field_user_topics' },
  scheduled_messages: { from: 'field_scheduled_messages' },
  saved_snippets: { from: 'saved_snippets_endpoints' },
  channel_folder: { from: 'field_channel_folders' },
  navigation_view: { from: 'field_navigation_views' },
  // The legacy settings events were sent beside user_settings until level 439 removed them.
  update_display_settings: { until: 'legacy_settings_events_removed' },
  update_global_notifications: { until: 'legacy_settings_events_removed' },
};

const within = (gate: Gate | undefined, level: number): boolean =>
  !gate || ((!gate.from || has(gate.from, level)) && (!gate.until || !has(gate.until, level)));

/** The spec's error codes a server at `level` answers with. */
export function specErrorCodesAt(level: number): string[] {
  return SPEC_ERROR_CODES.filter((code) => within(CODE_GATES[code], level));
}

let eventTypes: string[] | undefined;

/** Every event type with a schema in src/schemas/events. */
export function allEventTypes(): string[] {
  eventTypes ??= allSchemas()
    .map((s) => String(s.$id))
    .filter((id) => id.startsWith('events/'))
    .map((id) => id.slice('events/'.length, -'.json'.length))
    .sort();
  return eventTypes;
}

/** The event types a server at `level` sends. */
export function eventTypesAt(level: number): string[] {
  return allEventTypes().filter((type) => within(EVENT_GATES[type], level));
}
