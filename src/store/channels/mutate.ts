/** The channel change path: create, change properties, archive and unarchive, with stream events. */
import type { GroupSettingValue, TopicsPolicy } from '../../generated/types.js';
import { renderContent } from '../render.js';
import {
  CHANNEL_GROUP_SETTINGS,
  type ChannelGroupSetting,
  type ChannelRecord,
  type RealmState,
} from '../state.js';
import type { Store } from '../store.js';
import { normalizeGroupSetting } from '../user-groups/settings.js';
import { has } from '../../versions/index.js';
import { formatChannel } from './format.js';
import { subscriberListAudience } from '../subscriptions/subscribe.js';

/** What a new channel is made of (validated by the caller; `name` trimmed and free). */
export interface NewChannel {
  name: string;
  description: string;
  invite_only: boolean;
  is_web_public: boolean;
  history_public_to_subscribers: boolean;
  is_default: boolean;
  message_retention_days: number | null;
  topics_policy: TopicsPolicy;
  folder_id: number | null;
  settings: Partial<Record<ChannelGroupSetting, GroupSettingValue>>;
}

/** Defaults of channel group settings (by system group; can_administer_channel_group defaults to the creator). */
export const CHANNEL_SETTING_DEFAULTS: Record<ChannelGroupSetting, string | 'creator'> = {
  can_add_subscribers_group: 'role:nobody',
  can_remove_subscribers_group: 'role:administrators',
  can_administer_channel_group: 'creator',
  can_delete_any_message_group: 'role:nobody',
  can_delete_own_message_group: 'role:nobody',
  can_move_messages_out_of_channel_group: 'role:nobody',
  can_move_messages_within_channel_group: 'role:nobody',
  can_send_message_group: 'role:everyone',
  can_subscribe_group: 'role:nobody',
  can_resolve_topics_group: 'role:nobody',
  // Everyone may start topics unless the channel says otherwise (feature level 441).
  can_create_topic_group: 'role:everyone',
};

/** The value a channel group setting takes when its creator (or fixture) gives none. */
export function defaultChannelGroupSetting(
  state: RealmState,
  key: ChannelGroupSetting,
  creatorId: number | null,
): GroupSettingValue {
  const fallback = CHANNEL_SETTING_DEFAULTS[key];
  if (fallback !== 'creator') return state.systemGroupIds.get(fallback)!;
  return creatorId === null
    ? state.systemGroupIds.get('role:nobody')!
    : { direct_members: [creatorId], direct_subgroups: [] };
}

/** The HTML of a channel description ("" for an empty one). */
export function renderDescription(state: RealmState, description: string): string {
  return description ? renderContent(state, description).html : '';
}

/**
 * Adds a channel to the state without emitting: subscribeUsers(…, {created: [channel]}) sends stream/create
 * so that it precedes subscription/add, as the real server orders them.
 */
export function createChannel(store: Store, creatorId: number | null, spec: NewChannel): ChannelRecord {
  const { state } = store;
  const channel = {
    stream_id: store.nextId('channel'),
    name: spec.name,
    description: spec.description,
    rendered_description: renderDescription(state, spec.description),
    invite_only: spec.invite_only,
    is_web_public: spec.is_web_public,
    history_public_to_subscribers: spec.history_public_to_subscribers,
    is_archived: false,
    is_default: spec.is_default,
    date_created: store.now(),
    creator_id: creatorId,
    message_retention_days: spec.message_retention_days,
    topics_policy: spec.topics_policy,
    folder_id: spec.folder_id,
  } as ChannelRecord;
  for (const key of CHANNEL_GROUP_SETTINGS) {
    const given = spec.settings[key];
    channel[key] =
      given !== undefined ? normalizeGroupSetting(given) : defaultChannelGroupSetting(state, key, creatorId);
  }
  state.channels.set(channel.stream_id, channel);
  state.channelsByName.set(channel.name.toLowerCase(), channel);
  state.subscribers.set(channel.stream_id, new Set());
  return channel;
}

/** Emits default_streams (every default channel) to all active users. */
export function emitDefaultStreams(store: Store): void {
  const now = store.now();
  const defaults = [...store.state.channels.values()]
    .filter((c) => c.is_default && !c.is_archived)
    .map((c) => formatChannel(store.state, c, undefined, now, store.featureLevel));
  // From level 330 the event lists channel ids, as register's realm_default_streams does.
  const asIds = has('default_streams_as_ids', store.featureLevel);
  store.emit(store.activeUserIds(), {
    type: 'default_streams',
    default_streams: asIds ? defaults.map((c) => c.stream_id) : defaults,
  });
}

/** One property change of PATCH /streams/{id} as the stream/update event names it. */
export type ChannelChange =
  | { property: 'name'; value: string }
  | { property: 'description'; value: string }
  | {
      property: 'invite_only';
      value: boolean;
      history_public_to_subscribers: boolean;
      is_web_public: boolean;
    }
  | { property: 'message_retention_days'; value: number | null }
  | { property: 'topics_policy'; value: TopicsPolicy }
  | { property: 'folder_id'; value: number | null }
  | { property: 'is_default'; value: boolean }
  | { property: 'is_archived'; value: boolean }
  | { property: ChannelGroupSetting; value: GroupSettingValue };

/**
 * Applies one change and emits stream/update {stream_id, name (the old name), property, value, …extras}
 * to everyone with metadata access before or after the change. is_default emits default_streams instead.
 */
export function changeChannel(store: Store, channel: ChannelRecord, change: ChannelChange): void {
  const { state } = store;
  const before = subscriberListAudience(state, channel);
  const oldName = channel.name;
  const extra: Record<string, unknown> = {};
  switch (change.property) {
    case 'name':
      state.channelsByName.delete(channel.name.toLowerCase());
      channel.name = change.value;
      state.channelsByName.set(channel.name.toLowerCase(), channel);
      break;
    case 'description':
      channel.description = change.value;
      channel.rendered_description = renderDescription(state, change.value);
      extra.rendered_description = channel.rendered_description;
      break;
    case 'invite_only':
      channel.invite_only = change.value;
      channel.history_public_to_subscribers = change.history_public_to_subscribers;
      channel.is_web_public = change.is_web_public;
      extra.history_public_to_subscribers = change.history_public_to_subscribers;
      extra.is_web_public = change.is_web_public;
      break;
    case 'is_default':
      channel.is_default = change.value;
      emitDefaultStreams(store);
      return;
    case 'is_archived':
      channel.is_archived = change.value;
      if (change.value && channel.is_default) {
        channel.is_default = false;
        emitDefaultStreams(store);
      }
      break;
    default:
      (channel as unknown as Record<string, unknown>)[change.property] =
        typeof change.value === 'object' && change.value !== null
          ? normalizeGroupSetting(change.value as GroupSettingValue)
          : change.value;
  }
  const audience = new Set([...before, ...subscriberListAudience(state, channel)]);
  const value = (channel as unknown as Record<string, unknown>)[change.property];
  store.emit(audience, {
    type: 'stream',
    op: 'update',
    stream_id: channel.stream_id,
    name: oldName,
    property: change.property,
    value,
    ...extra,
  });
}
