/** PATCH /streams/{id}: validates every parameter and permission, then lists the changes to apply. */
import type { PatchStreamParams } from '../../generated/types.js';
import { hasContentAccess, isRealmAdmin } from '../../store/access.js';
import type { ChannelChange } from '../../store/channels/mutate.js';
import { MAX_CHANNEL_DESCRIPTION_LENGTH, channelByName } from '../../store/channels/names.js';
import { canAdminister, canCreateChannel, inRealmGroup } from '../../store/channels/permissions.js';
import { channelTopicKeys, topicKey } from '../../store/message-index.js';
import { CHANNEL_GROUP_SETTINGS, type ChannelRecord, type UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { sameGroupSetting } from '../../store/user-groups/settings.js';
import { errors } from '../errors/index.js';
import {
  STREAM_POST_POLICY_GROUPS,
  checkChannelName,
  parseRetention,
  settingChange,
} from './channel-helpers.js';

/** Parameters that change who can read content or how; they need content access even for administrators. */
const CONTENT_PARAMS = [
  'is_private',
  'is_web_public',
  'history_public_to_subscribers',
  'topics_policy',
  'stream_post_policy',
  'is_announcement_only',
  'can_send_message_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_resolve_topics_group',
  'can_add_subscribers_group',
  'can_subscribe_group',
] as const;

/** True when every message of the channel is in the empty topic (reads topic keys, not messages). */
function onlyEmptyTopic(store: Store, channel: ChannelRecord): boolean {
  const emptyTopic = topicKey(channel.stream_id, '');
  for (const key of channelTopicKeys(store.state.index, channel.stream_id))
    if (key !== emptyTopic) return false;
  return true;
}

function privacyChange(
  store: Store,
  user: UserRecord,
  channel: ChannelRecord,
  p: PatchStreamParams,
): ChannelChange | undefined {
  if (
    p.is_private === undefined &&
    p.is_web_public === undefined &&
    p.history_public_to_subscribers === undefined
  )
    return;
  const { state } = store;
  const web = p.is_web_public ?? (p.is_private === true ? false : channel.is_web_public);
  const inviteOnly = p.is_private ?? (web ? false : channel.invite_only);
  if (web && inviteOnly) throw errors.badRequest('Invalid parameters');
  if (web && !channel.is_web_public) {
    if (!(state.settings.web_public_streams_enabled && state.settings.enable_spectator_access))
      throw errors.webPublicDisabled();
    if (!canCreateChannel(state, user, 'web_public')) throw errors.insufficientPermission();
  }
  if (inviteOnly && (p.is_default_stream ?? channel.is_default)) throw errors.defaultChannelPrivate();
  const history = !inviteOnly
    ? true
    : (p.history_public_to_subscribers ??
      (p.is_private !== undefined && !channel.invite_only ? false : channel.history_public_to_subscribers));
  if (
    inviteOnly === channel.invite_only &&
    web === channel.is_web_public &&
    history === channel.history_public_to_subscribers
  )
    return;
  return {
    property: 'invite_only',
    value: inviteOnly,
    history_public_to_subscribers: history,
    is_web_public: web,
  };
}

/** Every change the request makes, in the order they are applied; throws before anything changes. */
export function planChannelPatch(
  store: Store,
  user: UserRecord,
  channel: ChannelRecord,
  p: PatchStreamParams,
): ChannelChange[] {
  const { state } = store;
  const fl = store.featureLevel;
  if (!canAdminister(state, user, channel)) throw errors.channelAdminRequired(fl);
  const given = (k: string) => (p as unknown as Record<string, unknown>)[k] !== undefined;
  if (channel.is_archived && Object.keys(p).some((k) => k !== 'stream_id' && k !== 'is_archived'))
    throw errors.channelArchived(fl);
  if (CONTENT_PARAMS.some(given) && !hasContentAccess(state, user, channel))
    throw errors.contentAccessRequired();
  const out: ChannelChange[] = [];
  if (p.is_archived === false && channel.is_archived) out.push({ property: 'is_archived', value: false });
  if (p.is_archived === true && !channel.is_archived) out.push({ property: 'is_archived', value: true });
  if (p.new_name !== undefined) {
    const name = p.new_name.trim();
    checkChannelName(store, name);
    const other = channelByName(state, name);
    if (other && other !== channel) throw errors.channelNameTaken(fl, name);
    if (name !== channel.name) out.push({ property: 'name', value: name });
  }
  if (p.description !== undefined) {
    const description = p.description.trim();
    if ([...description].length > MAX_CHANNEL_DESCRIPTION_LENGTH) throw errors.channelDescriptionTooLong();
    if (description !== channel.description) out.push({ property: 'description', value: description });
  }
  const privacy = privacyChange(store, user, channel, p);
  if (privacy) out.push(privacy);
  if (p.is_default_stream !== undefined) {
    if (!isRealmAdmin(user)) throw errors.mustBeAdmin();
    const inviteOnly = privacy?.property === 'invite_only' ? privacy.value : channel.invite_only;
    if (p.is_default_stream && inviteOnly) throw errors.defaultChannelPrivate();
    if (p.is_default_stream !== channel.is_default)
      out.push({ property: 'is_default', value: p.is_default_stream });
  }
  if (p.message_retention_days !== undefined) {
    const days = parseRetention(store, user, p.message_retention_days);
    if (days !== channel.message_retention_days)
      out.push({ property: 'message_retention_days', value: days });
  }
  if (p.topics_policy !== undefined) {
    if (!inRealmGroup(state, user, 'can_set_topics_policy_group')) throw errors.insufficientPermission();
    if (p.topics_policy === 'empty_topic_only' && !onlyEmptyTopic(store, channel))
      throw errors.emptyTopicOnlyPrecondition();
    if (p.topics_policy !== channel.topics_policy)
      out.push({ property: 'topics_policy', value: p.topics_policy });
  }
  if (p.folder_id !== undefined) {
    if (p.folder_id !== null && !state.channelFolders.has(p.folder_id))
      throw errors.badRequest('Invalid channel folder ID');
    if (p.folder_id !== channel.folder_id) out.push({ property: 'folder_id', value: p.folder_id });
  }
  const policy =
    p.stream_post_policy ??
    (p.is_announcement_only === undefined ? undefined : p.is_announcement_only ? 2 : 1);
  if (policy !== undefined && p.can_send_message_group === undefined) {
    const value = state.systemGroupIds.get(STREAM_POST_POLICY_GROUPS[policy]!)!;
    if (!sameGroupSetting(value, channel.can_send_message_group))
      out.push({ property: 'can_send_message_group', value });
  }
  for (const key of CHANNEL_GROUP_SETTINGS) {
    const raw = p[key];
    if (raw === undefined) continue;
    const value = settingChange(store, raw, channel[key]);
    if (!sameGroupSetting(value, channel[key])) out.push({ property: key, value });
  }
  return out;
}
