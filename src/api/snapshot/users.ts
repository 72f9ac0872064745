/** Snapshot sections about people: realm_users (+ own account fields), user groups, presence. */
import { canCreateChannel, canInviteUsers, inRealmGroup } from '../../store/channels/permissions.js';
import { presenceState, presencesSnapshot } from '../../store/events/presence.js';
import { formatUserGroup } from '../../store/user-groups/format.js';
import { apiEmail, avatarUrl, formatUser } from '../../store/users.js';
import type { UserRecord } from '../../store/state.js';
import { accessibleUserIds, canAccessAllUsers, formatUnknownUser } from '../../store/users/visibility.js';
import { can, type SnapshotContext, type SnapshotSection } from './context.js';

/** The caller's own account fields that accompany realm_users. */
function ownAccount(ctx: SnapshotContext, user: UserRecord): Record<string, unknown> {
  const { state } = ctx.store;
  const canPublic = canCreateChannel(state, user, 'public');
  const canPrivate = canCreateChannel(state, user, 'private');
  return {
    avatar_source: user.avatar_source,
    avatar_url: avatarUrl(state, user, { clientExtavatar: false, viewer: user }),
    avatar_url_medium: avatarUrl(state, user, { clientExtavatar: false, viewer: user, medium: true }),
    can_create_private_streams: canPrivate,
    can_create_public_streams: canPublic,
    can_create_streams: canPublic || canPrivate,
    can_create_web_public_streams: canCreateChannel(state, user, 'web_public'),
    // Still sent after can_add_subscribers_group replaced invite_to_stream_policy (level 341).
    can_subscribe_other_users: inRealmGroup(state, user, 'can_add_subscribers_group'),
    can_invite_others_to_realm: canInviteUsers(state, user),
    is_admin: user.role <= 200,
    is_owner: user.role === 100,
    is_moderator: user.role === 300,
    is_guest: user.role === 600,
    is_billing_admin: user.is_billing_admin,
    user_id: user.user_id,
    email: apiEmail(state, user),
    delivery_email: user.delivery_email,
    full_name: user.full_name,
  };
}

function realmUsers(ctx: SnapshotContext): Record<string, unknown> {
  const { state } = ctx.store;
  const options = {
    clientExtavatar: ctx.clientExtavatar,
    includeCustomProfileFields: true,
    level: ctx.store.featureLevel,
  };
  const active = [];
  const inactive = [];
  const crossRealm = [];
  // With limited user access, others appear as "Unknown user" (or not at all with user_list_incomplete).
  const accessible =
    ctx.user && !canAccessAllUsers(state, ctx.user) ? accessibleUserIds(state, ctx.user) : undefined;
  const ids = [...state.users.keys()].sort((a, b) => a - b);
  for (const id of ids) {
    const other = state.users.get(id)!;
    const hidden = accessible !== undefined && !accessible.has(id) && !other.is_system_bot;
    if (hidden && can(ctx, 'user_list_incomplete')) continue;
    const formatted = {
      ...(hidden
        ? formatUnknownUser(state, other, ctx.store.featureLevel)
        : formatUser(state, other, ctx.user, options)),
    } as Record<string, unknown>;
    if (other.is_system_bot) crossRealm.push(formatted);
    else if (other.is_active) {
      // realm_users carries no is_active key: every entry is active.
      delete formatted.is_active;
      active.push(formatted);
    } else inactive.push(formatted);
  }
  crossRealm.sort((a, b) => String(a.full_name).localeCompare(String(b.full_name)));
  const out: Record<string, unknown> = {
    realm_users: active,
    realm_non_active_users: inactive,
    cross_realm_bots: crossRealm,
  };
  if (ctx.user) Object.assign(out, ownAccount(ctx, ctx.user));
  return out;
}

/** Sections about people. */
export const userSections: SnapshotSection[] = [
  { types: ['realm_user'], build: realmUsers },
  {
    types: ['realm_user_groups'],
    build: (ctx) => {
      const groups = [...ctx.store.state.groups.values()]
        .filter((g) => !g.deactivated || can(ctx, 'include_deactivated_groups'))
        .sort((a, b) => a.id - b.id);
      return {
        realm_user_groups: groups.map((g) => formatUserGroup(ctx.store.state, g, ctx.store.featureLevel)),
      };
    },
  },
  {
    types: ['presence'],
    build: (ctx) => ({
      presences: presencesSnapshot(ctx.store, {
        slim: ctx.slimPresence || can(ctx, 'simplified_presence_events'),
        historyDays: ctx.presenceHistoryDays,
        viewer: ctx.user,
      }),
      server_timestamp: ctx.store.clock.now() / 1000,
      presence_last_update_id: presenceState(ctx.store.state).lastUpdateId,
    }),
  },
];
