/** Creating a user (an accepted invitation): every index, system groups, groups and subscriptions stay consistent. */
import type { Role } from '../../generated/types.js';
import type { UserRecord } from '../state.js';
import type { Store } from '../store.js';
import { subscribeUsers } from '../subscriptions/subscribe.js';
import { changeMembers } from '../user-groups/mutate.js';
import { emitUserAdded, refreshSystemGroupsWithEvents } from '../users/mutate.js';
import { has } from '../../versions/index.js';

/** What a new human user starts with. */
export interface NewUserInput {
  email: string;
  fullName: string;
  role: Role;
  /** Channels to subscribe to (existing, not archived). */
  streamIds: number[];
  /** Non-system user groups to join (existing, not deactivated). */
  groupIds: number[];
}

/** An API key no account of the realm holds. */
export function newApiKey(store: Store): string {
  for (;;) {
    const key = store.random.alphanumeric(32);
    if (!store.state.usersByApiKey.has(key)) return key;
  }
}

/**
 * A new user's avatar source: the realm's default_avatar_source (level 456), where the API can name a
 * Jdenticon (466); Gravatar otherwise.
 */
export function newUserAvatarSource(store: Store): UserRecord['avatar_source'] {
  const wanted = store.state.settings.default_avatar_source;
  return wanted === 'J' && has('field_realm_uuid', store.featureLevel) ? 'J' : 'G';
}

/**
 * Adds a new account (human or bot) to the realm's indexes, sends realm_user/add to every active user and
 * brings the system groups up to date.
 */
export function addUserRecord(store: Store, user: UserRecord): void {
  const { state } = store;
  state.users.set(user.user_id, user);
  state.usersByEmail.set(user.delivery_email.toLowerCase(), user);
  state.usersByApiKey.set(user.api_key, user);
  emitUserAdded(store, user);
  refreshSystemGroupsWithEvents(store);
}

/**
 * Creates a human user with the organization's default settings. Emits realm_user/add to everyone,
 * user_group/add_members for each group joined (system groups included), subscription/add to the new
 * user and subscription/peer_add to those who may see each channel's subscribers.
 */
export function createUser(store: Store, input: NewUserInput): UserRecord {
  const { state } = store;
  const now = store.now();
  const user: UserRecord = {
    user_id: store.nextId('user'),
    delivery_email: input.email,
    full_name: input.fullName,
    role: input.role,
    is_bot: false,
    bot_type: null,
    bot_owner_id: null,
    is_system_bot: false,
    is_active: true,
    is_billing_admin: false,
    date_joined: now,
    timezone: '',
    api_key: newApiKey(store),
    avatar_source: newUserAvatarSource(store),
    avatar_version: 1,
    settings: structuredClone(state.userSettingsDefaults),
  };
  addUserRecord(store, user);
  for (const id of new Set(input.groupIds)) {
    const group = state.groups.get(id);
    if (group && !group.is_system_group && !group.deactivated)
      changeMembers(store, group, [user.user_id], []);
  }
  const streamIds = [...new Set(input.streamIds)].filter((id) => {
    const channel = state.channels.get(id);
    return channel !== undefined && !channel.is_archived;
  });
  subscribeUsers(store, streamIds, [user.user_id]);
  return user;
}
