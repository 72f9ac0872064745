/** Notification Bot notices of subscribing: channel created, new-channel announcement, "subscribed you to" DMs. */
import { notificationBot, sendNotice } from '../messages/notices.js';
import { sendMessage } from '../messages/send.js';
import type { ChannelRecord, UserRecord } from '../state.js';
import type { Store } from '../store.js';
import { has } from '../../versions/index.js';

/** What one subscribe call did. */
export interface SubscribeNotices {
  created: ChannelRecord[];
  announce: boolean;
  /** user id → stream ids newly subscribed. */
  subscribed: Map<number, number[]>;
  /** Send "subscribed you to" DMs (send_new_subscription_messages). */
  notify: boolean;
}

/** The policy label of a channel-created notice. */
export function policyLabel(channel: ChannelRecord): string {
  if (channel.is_web_public) return 'Web-public';
  if (!channel.invite_only)
    return channel.history_public_to_subscribers ? 'Public' : 'Public, protected history';
  return channel.history_public_to_subscribers ? 'Private, shared history' : 'Private, protected history';
}

/**
 * Sends the notices of a subscribe call through sendMessage (read for the actor): the channel-created
 * message in each new channel (topic "channel events", "stream events" before feature level 255), the
 * announcement of new public channels in the new-channel announcements channel when `announce`, and a
 * direct message to each non-bot subscribed by someone else to existing channels. Returns whether any
 * direct message was sent.
 */
export function sendSubscriptionNotices(store: Store, actor: UserRecord, n: SubscribeNotices): boolean {
  const { state } = store;
  const bot = notificationBot(state);
  if (!bot) return false;
  const word = has('channel_wording', store.featureLevel) ? 'channel' : 'stream';
  const mention = `@_**${actor.full_name}|${actor.user_id}**`;
  for (const channel of n.created) {
    const description = channel.description || '*No description.*';
    const content = `**${policyLabel(channel)}** ${word} created by ${mention}. **Description:**\n\`\`\`\` quote\n${description}\n\`\`\`\``;
    sendNotice(store, channel.stream_id, `${word} events`, content, actor.user_id);
  }
  const announced = n.created.filter((c) => !c.invite_only);
  const target = state.channels.get(state.settings.new_stream_announcements_stream_id as number);
  if (n.announce && announced.length && target && !target.is_archived) {
    const links = announced.map((c) => `#**${c.name}**`);
    const content =
      links.length === 1
        ? `${mention} created a new ${word} ${links[0]}.`
        : `${mention} created the following ${word}s: ${links.join(', ')}.`;
    sendNotice(store, target.stream_id, `new ${word}s`, content, actor.user_id);
  }
  if (!n.notify) return false;
  const createdIds = new Set(n.created.map((c) => c.stream_id));
  let sent = false;
  for (const [userId, streamIds] of n.subscribed) {
    const user = state.users.get(userId);
    if (!user || user.is_bot || userId === actor.user_id) continue;
    const names = streamIds
      .filter((id) => !createdIds.has(id))
      .map((id) => `#**${state.channels.get(id)!.name}**`);
    if (!names.length) continue;
    const who = `@**${actor.full_name}|${actor.user_id}**`;
    const content =
      names.length === 1
        ? `${who} subscribed you to the ${word} ${names[0]}.`
        : `${who} subscribed you to the following ${word}s:\n\n${names.map((x) => `* ${x}`).join('\n')}`;
    sendMessage(store, bot, { type: 'private', recipientIds: [userId], content, client: 'Internal' });
    sent = true;
  }
  return sent;
}
