import { describe, expect, it } from 'vitest';
import { userTopicKey } from '../channels/topics.js';
import type { RealmState, UserTopicRecord } from '../state.js';
import { visibilityPolicy } from './user-topics.js';

/** A state holding only user topics. */
function stateOf(...topics: Array<[number, number, string, number]>): RealmState {
  const userTopics = new Map<string, UserTopicRecord>();
  for (const [user_id, stream_id, topic_name, visibility_policy] of topics)
    userTopics.set(userTopicKey(user_id, stream_id, topic_name), {
      user_id,
      stream_id,
      topic_name,
      visibility_policy,
      last_updated: 0,
    });
  return { userTopics } as RealmState;
}

describe('visibilityPolicy', () => {
  it('gives each user, channel and topic its own policy, whatever was asked just before', () => {
    const state = stateOf([1, 2, 'lunch', 3], [1, 2, 'dinner', 1], [4, 2, 'lunch', 2]);
    for (let i = 0; i < 2; i++) {
      expect(visibilityPolicy(state, 1, 2, 'lunch')).toBe(3);
      expect(visibilityPolicy(state, 1, 2, 'Lunch')).toBe(3);
      expect(visibilityPolicy(state, 1, 2, 'dinner')).toBe(1);
      expect(visibilityPolicy(state, 4, 2, 'lunch')).toBe(2);
      expect(visibilityPolicy(state, 1, 5, 'lunch')).toBe(0);
    }
  });

  it('sees a policy set or removed since the last question', () => {
    const state = stateOf();
    expect(visibilityPolicy(state, 1, 2, 'lunch')).toBe(0);
    state.userTopics.set(userTopicKey(1, 2, 'lunch'), {
      user_id: 1,
      stream_id: 2,
      topic_name: 'lunch',
      visibility_policy: 3,
      last_updated: 0,
    });
    expect(visibilityPolicy(state, 1, 2, 'lunch')).toBe(3);
    state.userTopics.clear();
    expect(visibilityPolicy(state, 1, 2, 'lunch')).toBe(0);
  });
});
