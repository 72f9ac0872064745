/** The user change path: name and role changes, deactivation and reactivation, with their events. */
import type { Role } from '../../generated/types.js';
import { emitPeer } from '../subscriptions/subscribe.js';
import { SYSTEM_GROUP_NAMES, refreshSystemGroups } from '../groups.js';
import type { UserRecord } from '../state.js';
import { formatUser } from '../users.js';
import { botAudience, formatBot } from './bots.js';
import type { Store } from '../store.js';
import { has } from '../../versions/index.js';

/** Recomputes system groups and emits add_members / remove_members for each system group that changed. */
export function refreshSystemGroupsWithEvents(store: Store): void {
  const { state } = store;
  const before = new Map<number, Set<number>>();
  for (const name of SYSTEM_GROUP_NAMES) {
    const id = state.systemGroupIds.get(name);
    const group = id === undefined ? undefined : state.groups.get(id);
    if (group) before.set(group.id, new Set(group.members));
  }
  refreshSystemGroups(state, store.now());
  const audience = store.activeUserIds();
  for (const [id, old] of before) {
    const now = state.groups.get(id)!.members;
    const added = [...now].filter((u) => !old.has(u)).sort((a, b) => a - b);
    const removed = [...old].filter((u) => !now.has(u)).sort((a, b) => a - b);
    if (added.length)
      store.emit(audience, { type: 'user_group', op: 'add_members', group_id: id, user_ids: added });
    if (removed.length)
      store.emit(audience, { type: 'user_group', op: 'remove_members', group_id: id, user_ids: removed });
  }
}

/** Changes a user's full name; emits realm_user/update (and realm_bot/update for a bot). */
export function setFullName(store: Store, user: UserRecord, fullName: string): void {
  if (user.full_name === fullName) return;
  user.full_name = fullName;
  const person = { user_id: user.user_id, full_name: fullName };
  store.emit(store.activeUserIds(), { type: 'realm_user', op: 'update', person });
  // From level 474 bots no longer carry their name: the realm_user event is all there is.
  if (user.is_bot && has('bot_user_fields', store.featureLevel))
    store.emit(botAudience(store.state, user), { type: 'realm_bot', op: 'update', bot: { ...person } });
}

/**
 * Tells a bot's owner and the administrators that it was deactivated or reactivated: realm_bot/update
 * {is_active} from FL222; before, realm_bot/remove {user_id, full_name} and realm_bot/add with the whole bot.
 */
function emitBotActive(store: Store, bot: UserRecord): void {
  // From level 474 bots no longer carry is_active: the realm_user event is all there is.
  if (!has('bot_user_fields', store.featureLevel)) return;
  const audience = botAudience(store.state, bot);
  if (has('user_active_update_event', store.featureLevel))
    store.emit(audience, {
      type: 'realm_bot',
      op: 'update',
      bot: { user_id: bot.user_id, is_active: bot.is_active },
    });
  else if (bot.is_active)
    store.emit(audience, {
      type: 'realm_bot',
      op: 'add',
      bot: formatBot(store.state, bot, store.featureLevel),
    });
  else
    store.emit(audience, {
      type: 'realm_bot',
      op: 'remove',
      bot: { user_id: bot.user_id, full_name: bot.full_name },
    });
}

/** Changes a user's role; emits realm_user/update and refreshes the system groups. */
export function setRole(store: Store, user: UserRecord, role: Role): void {
  if (user.role === role) return;
  user.role = role;
  store.emit(store.activeUserIds(), {
    type: 'realm_user',
    op: 'update',
    person: { user_id: user.user_id, role },
  });
  refreshSystemGroupsWithEvents(store);
}

function activeSubscriptionIds(store: Store, user: UserRecord): number[] {
  const mine = store.state.subscriptions.get(user.user_id);
  return [...(mine?.values() ?? [])].filter((s) => s.active).map((s) => s.stream_id);
}

/**
 * Deactivates a user and the bots they own: their subscriptions stop counting (peer_remove), system
 * groups are refreshed, and realm_user/update {is_active: false} is sent (realm_user/remove before FL222),
 * for a bot also realm_bot/update (realm_bot/remove) to its owner and the administrators.
 */
export function deactivateUser(store: Store, user: UserRecord): void {
  const { state } = store;
  const targets = [
    user,
    ...[...state.users.values()].filter((u) => u.is_bot && u.bot_owner_id === user.user_id && u.is_active),
  ];
  for (const target of targets) {
    if (!target.is_active) continue;
    const audience = store.activeUserIds();
    target.is_active = false;
    for (const streamId of activeSubscriptionIds(store, target)) {
      state.subscribers.get(streamId)?.delete(target.user_id);
      emitPeer(store, streamId, [target.user_id], 'peer_remove');
    }
    const event = has('user_active_update_event', store.featureLevel)
      ? { type: 'realm_user', op: 'update', person: { user_id: target.user_id, is_active: false } }
      : {
          type: 'realm_user',
          op: 'remove',
          person: { user_id: target.user_id, full_name: target.full_name },
        };
    store.emit(audience, event);
    if (target.is_bot) emitBotActive(store, target);
  }
  refreshSystemGroupsWithEvents(store);
}

/**
 * Reactivates a user: their subscriptions count again (peer_add), system groups refresh, and
 * realm_user/update {is_active: true} is sent (realm_user/add with the whole user before FL222), for a bot
 * also realm_bot/update (realm_bot/add with the whole bot) to its owner and the administrators.
 */
export function reactivateUser(store: Store, user: UserRecord): void {
  const { state } = store;
  if (user.is_active) return;
  user.is_active = true;
  if (has('user_active_update_event', store.featureLevel))
    store.emit(store.activeUserIds(), {
      type: 'realm_user',
      op: 'update',
      person: { user_id: user.user_id, is_active: true },
    });
  else emitUserAdded(store, user);
  if (user.is_bot) emitBotActive(store, user);
  for (const streamId of activeSubscriptionIds(store, user)) {
    let set = state.subscribers.get(streamId);
    if (!set) state.subscribers.set(streamId, (set = new Set()));
    set.add(user.user_id);
    emitPeer(store, streamId, [user.user_id], 'peer_add');
  }
  refreshSystemGroupsWithEvents(store);
}

/** realm_user/add for `user`, formatted for each active user who receives it. */
export function emitUserAdded(store: Store, user: UserRecord): void {
  const { state } = store;
  store.emit(store.activeUserIds(), (viewerId) => ({
    type: 'realm_user',
    op: 'add',
    person: formatUser(state, user, state.users.get(viewerId), {
      clientExtavatar: false,
      includeCustomProfileFields: true,
      level: store.featureLevel,
    }),
  }));
}
