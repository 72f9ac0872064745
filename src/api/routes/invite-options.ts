/** The permission and option checks POST /invites and POST /invites/multiuse share. */
import type { PostInvitesMultiuseParams } from '../../generated/types.js';
import { hasContentAccess, isRealmAdmin } from '../../store/access.js';
import { canAddSubscribers, inRealmGroup } from '../../store/channels/permissions.js';
import { DEFAULT_INVITE_MINUTES, type InviteOptions } from '../../store/invitations/invitations.js';
import type { UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { canAddMembers } from '../../store/user-groups/permissions.js';
import { errors } from '../errors/index.js';
import { has } from '../../versions/index.js';

type Params = PostInvitesMultiuseParams & { notify_referrer_on_join?: boolean };

function checkPermission(store: Store, user: UserRecord, setting: string): void {
  if (
    setting === 'create_multiuse_invite_group' &&
    !has('multiuse_invites_for_members', store.featureLevel)
  ) {
    if (!isRealmAdmin(user)) throw errors.mustBeAdmin();
    return;
  }
  if (!inRealmGroup(store.state, user, setting)) throw errors.insufficientPermission();
}

/**
 * Checks the caller's right to invite (the realm group `setting`), the invited role, channels and groups,
 * in the server's order; `afterRole` runs between the role and channel checks. Returns the options to store.
 */
export function checkInviteOptions(
  store: Store,
  user: UserRecord,
  params: Params,
  setting: 'can_invite_users_group' | 'create_multiuse_invite_group',
  afterRole?: () => void,
): InviteOptions {
  const { state } = store;
  checkPermission(store, user, setting);
  const invitedAs = params.invite_as ?? 400;
  if (invitedAs === 100 && user.role !== 100) throw errors.mustBeOwner();
  // The caller may only invite to roles equal to or more restricted than their own.
  if (invitedAs < user.role) throw errors.mustBeAdmin();
  afterRole?.();
  const streamIds = params.stream_ids ?? [];
  for (const id of streamIds) {
    const channel = state.channels.get(id);
    if (!channel || channel.is_archived || !hasContentAccess(state, user, channel))
      throw errors.inviteInvalidChannel(id, store.featureLevel);
  }
  for (const id of streamIds) {
    const channel = state.channels.get(id)!;
    if (!channel.is_default && !canAddSubscribers(state, user, channel)) throw errors.cannotSubscribeOthers();
  }
  const groupIds = params.group_ids ?? [];
  for (const id of groupIds) {
    const group = state.groups.get(id);
    if (!group || group.deactivated) throw errors.invalidUserGroup();
    if (!canAddMembers(state, user, group, [])) throw errors.insufficientPermission();
  }
  const welcome = params.welcome_message_custom_text;
  return {
    expiresInMinutes:
      params.invite_expires_in_minutes === undefined
        ? DEFAULT_INVITE_MINUTES
        : params.invite_expires_in_minutes,
    invitedAs,
    streamIds: [...new Set(streamIds)],
    groupIds: [...new Set(groupIds)],
    includeRealmDefaultSubscriptions: params.include_realm_default_subscriptions ?? false,
    notifyReferrerOnJoin: params.notify_referrer_on_join ?? true,
    welcomeMessageCustomText:
      isRealmAdmin(user) && has('welcome_message_custom_text', store.featureLevel) && welcome !== undefined
        ? welcome
        : null,
  };
}
