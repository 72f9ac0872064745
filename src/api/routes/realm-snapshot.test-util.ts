/** Test helper: a comparable snapshot of the state issue-4 endpoints change, to assert "nothing changed". */
import type { App } from '../app.js';

const plain = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (_k, v: unknown) =>
      v instanceof Set ? [...v].sort() : v instanceof Map ? [...v.entries()] : v,
    ),
  );

/** Channels, subscriptions, subscribers, groups, users, user topics and the number of emitted events. */
export function realmSnapshot(app: App): unknown {
  const { state, journal } = app.store;
  return plain({
    channels: state.channels,
    names: [...state.channelsByName.keys()],
    subscriptions: state.subscriptions,
    subscribers: state.subscribers,
    groups: state.groups,
    users: [...state.users.values()].map((u) => [u.user_id, u.full_name, u.role, u.is_active]),
    userTopics: state.userTopics,
    events: journal.length,
  });
}
