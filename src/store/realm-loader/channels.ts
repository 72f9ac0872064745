/** Loads channels and subscriptions. */
import { defaultChannelGroupSetting } from '../channels/mutate.js';
import { renderContent } from '../render.js';
import { CHANNEL_GROUP_SETTINGS, type ChannelRecord } from '../state.js';
import type { LoadContext } from './context.js';
import { SUBSCRIPTION_COLORS } from '../subscriptions/colors.js';

export { SUBSCRIPTION_COLORS };

/** Adds every channel with defaults filled in and its description rendered. */
export function loadChannels({ data, state, problems, userExists, groupValue, renders }: LoadContext): void {
  data.channels.forEach((c, i) => {
    if (state.channels.has(c.stream_id))
      problems.push(`/channels/${i}/stream_id: duplicate channel id ${c.stream_id}`);
    if (state.channelsByName.has(c.name.toLowerCase()))
      problems.push(`/channels/${i}/name: duplicate name ${c.name}`);
    if (c.creator_id != null) userExists(c.creator_id, `/channels/${i}/creator_id`);
    const description = c.description ?? '';
    const channel = {
      stream_id: c.stream_id,
      name: c.name,
      description,
      rendered_description: !description
        ? ''
        : renders
          ? renders.description(state, description)
          : renderContent(state, description).html,
      invite_only: !!c.invite_only,
      is_web_public: !!c.is_web_public,
      history_public_to_subscribers: c.history_public_to_subscribers ?? !c.invite_only,
      is_archived: !!c.is_archived,
      is_default: !!c.is_default,
      date_created: c.date_created,
      creator_id: c.creator_id ?? null,
      message_retention_days: c.message_retention_days ?? null,
      topics_policy: c.topics_policy ?? 'inherit',
      folder_id: c.folder_id ?? null,
    } as ChannelRecord;
    for (const key of CHANNEL_GROUP_SETTINGS) {
      const fallback = defaultChannelGroupSetting(state, key, channel.creator_id);
      channel[key] = groupValue(c[key], fallback, `/channels/${i}/${key}`);
    }
    state.channels.set(channel.stream_id, channel);
    state.channelsByName.set(channel.name.toLowerCase(), channel);
    state.subscribers.set(channel.stream_id, new Set());
  });
}

/** Adds every subscription (active and past); active ones of active users count as subscribers. */
export function loadSubscriptions({ data, state, problems, userExists }: LoadContext): void {
  data.subscriptions.forEach((s, i) => {
    const where = `/subscriptions/${i}`;
    const channel = state.channels.get(s.stream_id);
    if (!channel) return void problems.push(`${where}/stream_id: no channel with id ${s.stream_id}`);
    if (!userExists(s.user_id, `${where}/user_id`)) return;
    let mine = state.subscriptions.get(s.user_id);
    if (!mine) state.subscriptions.set(s.user_id, (mine = new Map()));
    if (mine.has(s.stream_id)) return void problems.push(`${where}: duplicate subscription`);
    mine.set(s.stream_id, {
      user_id: s.user_id,
      stream_id: s.stream_id,
      active: s.active !== false,
      color: s.color ?? SUBSCRIPTION_COLORS[mine.size % SUBSCRIPTION_COLORS.length]!,
      is_muted: !!s.is_muted,
      pin_to_top: !!s.pin_to_top,
      desktop_notifications: s.desktop_notifications ?? null,
      email_notifications: s.email_notifications ?? null,
      wildcard_mentions_notify: s.wildcard_mentions_notify ?? null,
      push_notifications: s.push_notifications ?? null,
      audible_notifications: s.audible_notifications ?? null,
      date_subscribed: s.date_subscribed ?? channel.date_created,
    });
    if (s.active !== false && state.users.get(s.user_id)!.is_active)
      state.subscribers.get(s.stream_id)!.add(s.user_id);
  });
}
