import { describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { checkValidator, describeErrors } from '../../schema/validator.js';
import { createManualClock } from '../clock.js';
import { devRealm } from '../../testing/dev-realm.js';
import { TEST_START_MS } from '../../testing/transports.js';
import { formatUserGroup } from '../user-groups/format.js';
import { formatChannel, formatSubscription, streamPostPolicy } from './format.js';

const load = () => createApp({ realm: devRealm(), clock: createManualClock(TEST_START_MS) }).store;
const valid = (ref: string, value: unknown): string[] => {
  const validate = checkValidator(ref);
  return validate(value) ? [] : describeErrors(validate.errors);
};

describe('channel, subscription and user group formatters', () => {
  it('formats every channel, subscription and group of the dev realm validly', () => {
    const store = load();
    const { state } = store;
    const viewer = state.usersByEmail.get('iago@svc.test')!;
    for (const channel of state.channels.values()) {
      expect(
        valid(
          'resources/channel.json',
          formatChannel(state, channel, viewer, store.now(), store.featureLevel),
        ),
      ).toEqual([]);
    }
    for (const sub of state.subscriptions.get(viewer.user_id)!.values()) {
      const out = formatSubscription(state, sub, viewer, {
        includeSubscribers: true,
        now: store.now(),
        level: store.featureLevel,
      });
      expect(valid('resources/subscription.json', out)).toEqual([]);
      expect(out.subscribers).toHaveLength(out.subscriber_count);
    }
    for (const group of state.groups.values()) {
      expect(valid('resources/user-group.json', formatUserGroup(state, group, store.featureLevel))).toEqual(
        [],
      );
    }
  });

  it('derives first_message_id, subscriber_count and the post policy from state', () => {
    const store = load();
    const { state } = store;
    const verona = state.channelsByName.get('verona')!;
    const out = formatChannel(state, verona, undefined, store.now(), store.featureLevel);
    expect(out.first_message_id).toBe(state.index.byChannel.get(verona.stream_id)![0]);
    expect(out.subscriber_count).toBe(state.subscribers.get(verona.stream_id)!.size);
    const announce = state.channelsByName.get('announce')!;
    expect(streamPostPolicy(state, announce)).toBe(2);
    expect(
      formatChannel(state, announce, undefined, store.now(), store.featureLevel).is_announcement_only,
    ).toBe(true);
  });

  it('gives null weekly traffic to channels younger than a week', () => {
    const store = load();
    const verona = { ...store.state.channelsByName.get('verona')!, date_created: store.now() - 3600 };
    expect(
      formatChannel(store.state, verona, undefined, store.now(), store.featureLevel).stream_weekly_traffic,
    ).toBeNull();
  });
});
