/**
 * Archiving as servers before feature level 315 did it: the channel's name is freed for reuse by renaming it
 * `<7 hex digits>!DEACTIVATED:<name>`, it becomes private and no default channel, and every subscription
 * ends. Those servers sent no event for these changes beyond the archiving one (stream/delete).
 */
import type { ChannelRecord } from '../state.js';
import type { Store } from '../store.js';

/** Longest channel name; the retired name is cut to it. */
const MAX_NAME_LENGTH = 60;

/** Renames, hides and empties an archived channel as pre-315 servers did (no events). */
export function retireArchivedChannel(store: Store, channel: ChannelRecord): void {
  const { state } = store;
  const prefix = store.random.uuid().replace(/-/g, '').slice(0, 7);
  state.channelsByName.delete(channel.name.toLowerCase());
  channel.name = [...`${prefix}!DEACTIVATED:${channel.name}`].slice(0, MAX_NAME_LENGTH).join('');
  state.channelsByName.set(channel.name.toLowerCase(), channel);
  channel.invite_only = true;
  channel.is_web_public = false;
  channel.is_default = false;
  for (const userId of state.subscribers.get(channel.stream_id) ?? []) {
    const subscription = state.subscriptions.get(userId)?.get(channel.stream_id);
    if (subscription) subscription.active = false;
  }
  state.subscribers.set(channel.stream_id, new Set());
}
