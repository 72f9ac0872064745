/** GET /streams selection: which channels each include_* flag adds, per the spec's table. */
import type { GetStreamsParams } from '../../generated/types.js';
import { hasContentAccess, hasMetadataAccess, isRealmAdmin, isSubscribed } from '../../store/access.js';
import type { ChannelRecord, UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { errors } from '../errors/index.js';

/** The channels GET /streams returns for these flags, sorted by name. */
export function selectChannels(store: Store, user: UserRecord, p: GetStreamsParams): ChannelRecord[] {
  const { state } = store;
  if (p.include_all_active && !isRealmAdmin(user)) throw errors.notAuthorizedForQuery();
  const all = p.include_all || p.include_all_active;
  const owner = user.is_bot && user.bot_owner_id !== null ? state.users.get(user.bot_owner_id) : undefined;
  const guest = user.role === 600;
  const picked: ChannelRecord[] = [];
  for (const channel of state.channels.values()) {
    if (p.exclude_archived !== false && channel.is_archived) continue;
    const subscribed =
      isSubscribed(state, user.user_id, channel.stream_id) ||
      (channel.is_archived && !!state.subscriptions.get(user.user_id)?.get(channel.stream_id)?.active);
    const wanted =
      (p.include_subscribed !== false && subscribed) ||
      (p.include_public !== false && !channel.invite_only && (!guest || subscribed)) ||
      (!!p.include_web_public && channel.is_web_public) ||
      (!!all && hasMetadataAccess(state, user, channel)) ||
      (!!p.include_default && channel.is_default && hasMetadataAccess(state, user, channel)) ||
      (!!p.include_can_access_content && hasContentAccess(state, user, channel)) ||
      (!!p.include_owner_subscribed &&
        owner !== undefined &&
        isSubscribed(state, owner.user_id, channel.stream_id) &&
        hasMetadataAccess(state, owner, channel));
    if (wanted) picked.push(channel);
  }
  return picked.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
