import { describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { devRealm } from '../../testing/dev-realm.js';
import { TEST_START_MS } from '../../testing/transports.js';
import { createManualClock } from '../clock.js';
import {
  canAddSubscribers,
  canAdminister,
  canDeleteAnyMessage,
  canRemoveSubscribers,
  canSendTo,
  canSubscribeSelf,
  sendRefusal,
} from './permissions.js';

const load = () => createApp({ realm: devRealm(), clock: createManualClock(TEST_START_MS) }).store.state;

describe('channel permissions through group settings', () => {
  it('follows can_send_message_group, recursively through subgroups and anonymous groups', () => {
    const state = load();
    const hamlet = state.users.get(10)!;
    const announce = state.channels.get(7)!;
    expect(sendRefusal(state, hamlet, announce)).toBe('not_in_send_group');
    expect(canSendTo(state, state.users.get(11)!, announce)).toBe(true);
    announce.can_send_message_group = { direct_members: [], direct_subgroups: [9] };
    expect(canSendTo(state, hamlet, announce)).toBe(true);
    announce.is_archived = true;
    expect(sendRefusal(state, hamlet, announce)).toBe('archived');
  });

  it('refuses sending to a private channel without a subscription', () => {
    const state = load();
    expect(sendRefusal(state, state.users.get(12)!, state.channels.get(2)!)).toBe('no_access');
  });

  it('grants subscriber-adding and removing through the channel groups', () => {
    const state = load();
    state.settings.can_add_subscribers_group = state.systemGroupIds.get('role:nobody')!;
    const othello = state.users.get(12)!;
    const scotland = state.channels.get(5)!;
    expect(canAddSubscribers(state, othello, scotland)).toBe(false);
    scotland.can_add_subscribers_group = { direct_members: [12], direct_subgroups: [] };
    expect(canAddSubscribers(state, othello, scotland)).toBe(true);
    expect(canRemoveSubscribers(state, othello, scotland)).toBe(false);
    scotland.can_remove_subscribers_group = 11;
    expect(canRemoveSubscribers(state, state.users.get(15)!, scotland)).toBe(true);
  });

  it('gives organization administrators administer and remove rights implicitly, guests none', () => {
    const state = load();
    const core = state.channels.get(2)!;
    expect(canAdminister(state, state.users.get(11)!, core)).toBe(true);
    expect(canRemoveSubscribers(state, state.users.get(11)!, core)).toBe(true);
    expect(canAdminister(state, state.users.get(13)!, core)).toBe(false);
    expect(canSubscribeSelf(state, state.users.get(13)!, state.channels.get(3)!)).toBe(false);
    expect(canSubscribeSelf(state, state.users.get(13)!, state.channels.get(4)!)).toBe(true);
  });

  it('lets the channel can_delete_any_message_group delete only with content access', () => {
    const state = load();
    const othello = state.users.get(12)!;
    const core = state.channels.get(2)!;
    core.can_delete_any_message_group = { direct_members: [12], direct_subgroups: [] };
    expect(canDeleteAnyMessage(state, othello, core)).toBe(false);
    const denmark = state.channels.get(3)!;
    denmark.can_delete_any_message_group = { direct_members: [12], direct_subgroups: [] };
    expect(canDeleteAnyMessage(state, othello, denmark)).toBe(true);
  });
});
