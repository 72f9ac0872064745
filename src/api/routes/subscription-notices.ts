/** Notification Bot notices of subscribing: channel-created, announcements, "subscribed you to" DMs. */
import type { ChannelRecord, UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';

/** What happened in one subscribe call. */
export interface SubscribeNotices {
  created: ChannelRecord[];
  announce: boolean;
  subscribed: Map<number, number[]>;
  notify: boolean;
}

/** Sends the notices; returns whether any "subscribed you to" message was sent. (Wired to sendMessage later.) */
export function sendSubscriptionNotices(
  _store: Store,
  _actor: UserRecord,
  _notices: SubscribeNotices,
): boolean {
  return false;
}
