/** Channels, channel folders and subscriptions for an export. */
import type {
  ChannelFolder,
  FixtureChannel,
  FixtureSubscription,
  GroupSettingValue,
} from '../../generated/types.js';
import { CHANNEL_GROUP_SETTINGS, type RealmState } from '../state.js';

/** A group-setting value copied out of the state (anonymous groups are objects the state keeps). */
export const copyGroupValue = (value: GroupSettingValue): GroupSettingValue =>
  typeof value === 'number'
    ? value
    : { direct_members: [...value.direct_members], direct_subgroups: [...value.direct_subgroups] };

/** Every channel (archived ones included) with every property and group setting written out. */
export function exportChannels(state: RealmState): FixtureChannel[] {
  return [...state.channels.values()].map((c) => {
    const channel: FixtureChannel = {
      stream_id: c.stream_id,
      name: c.name,
      description: c.description,
      invite_only: c.invite_only,
      is_web_public: c.is_web_public,
      history_public_to_subscribers: c.history_public_to_subscribers,
      is_archived: c.is_archived,
      is_default: c.is_default,
      date_created: c.date_created,
      creator_id: c.creator_id,
      message_retention_days: c.message_retention_days,
      topics_policy: c.topics_policy,
      folder_id: c.folder_id,
    };
    for (const key of CHANNEL_GROUP_SETTINGS) channel[key] = copyGroupValue(c[key]);
    return channel;
  });
}

/** Channel folders as stored. */
export function exportChannelFolders(state: RealmState): ChannelFolder[] {
  return [...state.channelFolders.values()].map((f) => ({ ...f }));
}

/**
 * Every subscription, active and past, grouped by user in the state's order (the loader picks default colours
 * by a user's position; colours and dates are written out, so nothing depends on it).
 */
export function exportSubscriptions(state: RealmState): FixtureSubscription[] {
  const out: FixtureSubscription[] = [];
  for (const mine of state.subscriptions.values()) {
    for (const s of mine.values()) {
      out.push({
        user_id: s.user_id,
        stream_id: s.stream_id,
        active: s.active,
        color: s.color,
        is_muted: s.is_muted,
        pin_to_top: s.pin_to_top,
        desktop_notifications: s.desktop_notifications,
        email_notifications: s.email_notifications,
        wildcard_mentions_notify: s.wildcard_mentions_notify,
        push_notifications: s.push_notifications,
        audible_notifications: s.audible_notifications,
        date_subscribed: s.date_subscribed,
      });
    }
  }
  return out;
}
