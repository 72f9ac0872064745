/** Topic visibility (user_topic): lookups, mute state, and the automatic follow / unmute on send. */
import { setTopicVisibility, userTopicKey } from '../channels/topics.js';
import type { RealmState, UserRecord } from '../state.js';
import type { Store } from '../store.js';

/** user_topic visibility policies. */
export const VISIBILITY = { inherit: 0, muted: 1, unmuted: 2, followed: 3 } as const;

/**
 * Sets a topic visibility policy on a send (automatic follow or unmute) and emits user_topic, without the
 * legacy muted_topics event the server leaves out there (the channels area owns the record format).
 */
export function setVisibilityPolicy(
  store: Store,
  userId: number,
  streamId: number,
  topic: string,
  policy: number,
): void {
  setTopicVisibility(store, userId, streamId, topic, policy, { mutedTopicsEvent: false });
}

/** Values of automatically_follow_topics_policy / automatically_unmute_topics_in_muted_streams_policy. */
export const AUTO_POLICY = { participated: 1, sent: 2, started: 3, never: 4 } as const;

// The last user topic key made: a sender's next send is usually to the same topic (a pure memo of its arguments).
let lastUserId = -1;
let lastStreamId = -1;
let lastTopic = '';
let lastKey = '';

/** userTopicKey, kept for the last arguments. */
function keptUserTopicKey(userId: number, streamId: number, topic: string): string {
  if (userId !== lastUserId || streamId !== lastStreamId || topic !== lastTopic) {
    lastKey = userTopicKey(userId, streamId, topic);
    lastUserId = userId;
    lastStreamId = streamId;
    lastTopic = topic;
  }
  return lastKey;
}

/** The user's visibility policy for a topic (0 when none is set). */
export function visibilityPolicy(state: RealmState, userId: number, streamId: number, topic: string): number {
  return state.userTopics.get(keptUserTopicKey(userId, streamId, topic))?.visibility_policy ?? 0;
}

/** Whether a channel topic is muted for the user: muted topic, or muted channel without an unmuting policy. */
export function isTopicMuted(state: RealmState, userId: number, streamId: number, topic: string): boolean {
  const policy = visibilityPolicy(state, userId, streamId, topic);
  if (policy === VISIBILITY.muted) return true;
  if (policy === VISIBILITY.unmuted || policy === VISIBILITY.followed) return false;
  return state.subscriptions.get(userId)?.get(streamId)?.is_muted ?? false;
}

/** Whether an automatic policy setting applies to a send (a module function: this runs on every send). */
function policyApplies(setting: number, startedTopic: boolean): boolean {
  return (
    setting === AUTO_POLICY.participated ||
    setting === AUTO_POLICY.sent ||
    (setting === AUTO_POLICY.started && startedTopic)
  );
}

/**
 * The policy a send should set automatically for the sender, per their settings, or undefined.
 * `startedTopic`: this message is the topic's first.
 */
export function automaticPolicyOnSend(
  state: RealmState,
  sender: UserRecord,
  streamId: number,
  topic: string,
  startedTopic: boolean,
): number | undefined {
  const current = visibilityPolicy(state, sender.user_id, streamId, topic);
  if (
    current !== VISIBILITY.followed &&
    policyApplies(sender.settings.automatically_follow_topics_policy, startedTopic)
  ) {
    return VISIBILITY.followed;
  }
  const channelMuted = state.subscriptions.get(sender.user_id)?.get(streamId)?.is_muted ?? false;
  if (
    channelMuted &&
    current === VISIBILITY.inherit &&
    policyApplies(sender.settings.automatically_unmute_topics_in_muted_streams_policy, startedTopic)
  ) {
    return VISIBILITY.unmuted;
  }
  return undefined;
}
