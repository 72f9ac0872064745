/** Per-user records and realm extras for an export: drafts, snippets, scheduled messages, topics, emoji, linkifiers. */
import type {
  CodePlayground,
  FixtureDraft,
  FixtureRealmEmoji,
  FixtureSavedSnippet,
  FixtureScheduledMessage,
  FixtureUserTopic,
  Linkifier,
} from '../../generated/types.js';
import type { RealmState } from '../state.js';

/** Every draft. */
export function exportDrafts(state: RealmState): FixtureDraft[] {
  return [...state.drafts.values()].map((d) => ({ ...d, to: [...d.to] }));
}

/** Every saved snippet. */
export function exportSavedSnippets(state: RealmState): FixtureSavedSnippet[] {
  return [...state.savedSnippets.values()].map((s) => ({ ...s }));
}

/** Scheduled messages not yet delivered, failed ones included (a delivered one is an ordinary message now). */
export function exportScheduledMessages(state: RealmState): FixtureScheduledMessage[] {
  const out: FixtureScheduledMessage[] = [];
  for (const s of state.scheduledMessages.values()) {
    if (s.delivered_message_id !== null) continue;
    out.push({
      scheduled_message_id: s.scheduled_message_id,
      sender_id: s.sender_id,
      type: s.type,
      to: Array.isArray(s.to) ? [...s.to] : s.to,
      topic: s.topic,
      content: s.content,
      scheduled_delivery_timestamp: s.scheduled_delivery_timestamp,
      failed: s.failed,
    });
  }
  return out;
}

/** Every topic visibility policy. */
export function exportUserTopics(state: RealmState): FixtureUserTopic[] {
  return [...state.userTopics.values()].map((t) => ({
    user_id: t.user_id,
    stream_id: t.stream_id,
    topic_name: t.topic_name,
    visibility_policy: t.visibility_policy as FixtureUserTopic['visibility_policy'],
    last_updated: t.last_updated,
  }));
}

/** Custom emoji, deactivated ones included. */
export function exportRealmEmoji(state: RealmState): FixtureRealmEmoji[] {
  return [...state.realmEmoji.values()].map((e) => ({ ...e }));
}

/** Linkifiers in the order they apply; reverse-linkification fields only where set (as a realm file has them). */
export function exportLinkifiers(state: RealmState): Linkifier[] {
  return state.linkifiers.map(({ example_input, reverse_template, alternative_url_templates, ...l }) => ({
    ...l,
    ...(example_input != null ? { example_input } : {}),
    ...(reverse_template != null ? { reverse_template } : {}),
    ...(alternative_url_templates?.length ? { alternative_url_templates } : {}),
  }));
}

/** Code playgrounds. */
export function exportPlaygrounds(state: RealmState): CodePlayground[] {
  return [...state.playgrounds.values()].map((p) => ({ ...p }));
}
