/** POST /users/me/subscriptions: the checks and the channel specs, before anything changes. */
import type { PostUsersMeSubscriptionsParams } from '../../generated/types.js';
import { isRealmAdmin } from '../../store/access.js';
import type { NewChannel } from '../../store/channels/mutate.js';
import { MAX_CHANNEL_DESCRIPTION_LENGTH, channelByName } from '../../store/channels/names.js';
import {
  canAddSubscribers,
  canCreateChannel,
  canSubscribeSelf,
  inRealmGroup,
  type ChannelKind,
} from '../../store/channels/permissions.js';
import { CHANNEL_GROUP_SETTINGS, type ChannelRecord, type UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { errors } from '../errors/index.js';
import {
  STREAM_POST_POLICY_GROUPS,
  checkChannelName,
  checkGroupSetting,
  parseRetention,
} from './channel-helpers.js';
import { has } from '../../versions/index.js';

const DELETE_SETTINGS = new Set(['can_delete_any_message_group', 'can_delete_own_message_group']);

/** The validated plan of a subscribe request. */
export interface SubscribePlan {
  existing: ChannelRecord[];
  toCreate: NewChannel[];
  unauthorized: string[];
}

/** Builds the spec shared by every channel this request creates (creation-only parameters). */
function creationSpec(
  store: Store,
  user: UserRecord,
  p: PostUsersMeSubscriptionsParams,
): Omit<NewChannel, 'name' | 'description'> {
  const { state } = store;
  const kind: ChannelKind = p.is_web_public ? 'web_public' : p.invite_only ? 'private' : 'public';
  if (
    kind === 'web_public' &&
    !(state.settings.web_public_streams_enabled && state.settings.enable_spectator_access)
  )
    throw errors.webPublicDisabled();
  if (!canCreateChannel(state, user, kind)) throw errors.insufficientPermission();
  if (p.is_default_stream && !isRealmAdmin(user)) throw errors.mustBeAdmin();
  if (p.is_default_stream && p.invite_only) throw errors.defaultChannelPrivate();
  if (p.folder_id != null && !state.channelFolders.has(p.folder_id))
    throw errors.badRequest('Invalid channel folder ID');
  if (
    p.topics_policy !== undefined &&
    p.topics_policy !== 'inherit' &&
    !inRealmGroup(state, user, 'can_set_topics_policy_group')
  )
    throw errors.insufficientPermission();
  const settings: NewChannel['settings'] = {};
  const nobody = state.systemGroupIds.get('role:nobody');
  for (const key of CHANNEL_GROUP_SETTINGS) {
    const value = p[key];
    if (value === undefined) continue;
    settings[key] = checkGroupSetting(store, value);
    // Delete-message groups other than role:nobody need the realm's can_set_delete_message_policy_group.
    if (
      DELETE_SETTINGS.has(key) &&
      value !== nobody &&
      !inRealmGroup(state, user, 'can_set_delete_message_policy_group')
    )
      throw errors.insufficientPermission();
  }
  // The legacy policy parameters (can_send_message_group replaced them at level 333) set the same group.
  const policy =
    p.stream_post_policy ??
    (p.is_announcement_only === undefined ? undefined : p.is_announcement_only ? 2 : 1);
  if (policy !== undefined && settings.can_send_message_group === undefined)
    settings.can_send_message_group = state.systemGroupIds.get(STREAM_POST_POLICY_GROUPS[policy]!)!;
  const retention = p.message_retention_days;
  return {
    invite_only: !!p.invite_only && !p.is_web_public,
    is_web_public: !!p.is_web_public,
    history_public_to_subscribers:
      p.invite_only && !p.is_web_public ? (p.history_public_to_subscribers ?? false) : true,
    is_default: !!p.is_default_stream,
    message_retention_days:
      retention === undefined || retention === 'realm_default'
        ? null
        : parseRetention(store, user, retention),
    topics_policy: p.topics_policy ?? 'inherit',
    folder_id: p.folder_id ?? null,
    settings,
  };
}

/**
 * Validates names, descriptions, creation parameters and permissions. Existing channels the caller may not
 * subscribe (self) or add subscribers to (others) are `unauthorized`; subscribing others to a channel the
 * caller can access but may not add to is "Insufficient permission".
 */
export function planSubscribe(
  store: Store,
  user: UserRecord,
  p: PostUsersMeSubscriptionsParams,
  principals: UserRecord[],
): SubscribePlan {
  const { state } = store;
  const others = principals.some((u) => u.user_id !== user.user_id);
  const plan: SubscribePlan = { existing: [], toCreate: [], unauthorized: [] };
  const seen = new Set<string>();
  const missing: Array<{ name: string; description: string }> = [];
  for (const item of p.subscriptions) {
    const name = item.name.trim();
    checkChannelName(store, name);
    // The real server allows no newlines in a new channel's description: each becomes a space.
    const description = (item.description ?? '').replace(/\n/g, ' ').trim();
    if ([...description].length > MAX_CHANNEL_DESCRIPTION_LENGTH) throw errors.channelDescriptionTooLong();
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    const channel = channelByName(state, name);
    if (!channel) {
      missing.push({ name, description });
      continue;
    }
    if (channel.is_archived && !has('subscribe_archived_channels', store.featureLevel))
      throw errors.channelArchived(store.featureLevel);
    const allowed = others ? canAddSubscribers(state, user, channel) : canSubscribeSelf(state, user, channel);
    if (allowed) plan.existing.push(channel);
    else if (others && canSubscribeSelf(state, user, channel) && !channel.invite_only)
      throw errors.insufficientPermission();
    else plan.unauthorized.push(channel.name);
  }
  if (missing.length) {
    const shared = creationSpec(store, user, p);
    plan.toCreate = missing.map((m) => ({ ...shared, ...m }));
  }
  if (plan.unauthorized.length && p.authorization_errors_fatal !== false)
    throw errors.unableToAccessChannel(store.featureLevel, plan.unauthorized[0]!);
  return plan;
}
