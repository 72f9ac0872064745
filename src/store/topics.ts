/** The topic rule (convention 6): `(no topic)` and the empty-topic display name mean the empty topic. */
import type { RealmState } from './state.js';
import { has, NEWEST_FEATURE_LEVEL } from '../versions/index.js';

/** The placeholder older clients send for the empty topic. */
export const NO_TOPIC = '(no topic)';

/**
 * A topic parameter as stored: trimmed, with the empty-topic aliases read as the empty string as a server at
 * `level` does (the display name from empty_topic, "(no topic)" from no_topic_as_empty).
 */
export function normalizeTopic(state: RealmState, raw: string, level = NEWEST_FEATURE_LEVEL): string {
  const topic = raw.trim();
  if (topic === NO_TOPIC && has('no_topic_as_empty', level)) return '';
  if (topic === state.settings.empty_topic_display_name && has('empty_topic', level)) return '';
  return topic;
}

/** A topic as shown to a client: the display name replaces the empty topic unless the client allows it. */
export function displayTopic(state: RealmState, topic: string, allowEmptyTopicName: boolean): string {
  return topic === '' && !allowEmptyTopicName ? (state.settings.empty_topic_display_name as string) : topic;
}

/** Topics longer than this are truncated, ending with "...". */
export const MAX_TOPIC_LENGTH = 60;

/** Truncates a topic to the published maximum the way the API does. */
export function truncateTopic(topic: string): string {
  // A string has at least as many UTF-16 units as characters: most topics are short enough not to count.
  if (topic.length <= MAX_TOPIC_LENGTH) return topic;
  const chars = [...topic];
  return chars.length <= MAX_TOPIC_LENGTH ? topic : `${chars.slice(0, MAX_TOPIC_LENGTH - 3).join('')}...`;
}
