/** Muted users: whom each user muted and when; their messages reach the muter already read. */
import { FLAG_BITS, type RealmState, type UserRecord } from '../state.js';
import type { Store } from '../store.js';
import { markIdsAsRead } from '../messages/flag-updates.js';

/** One muted user as the API shows it. */
export interface MutedUser {
  id: number;
  timestamp: number;
}

/** The users `userId` muted, in muting order. */
export function mutedUsersOf(state: RealmState, userId: number): MutedUser[] {
  const out: MutedUser[] = [];
  for (const [id, timestamp] of state.mutedUsers.get(userId) ?? []) out.push({ id, timestamp });
  return out;
}

/** Whether `userId` muted `otherId`. */
export function hasMuted(state: RealmState, userId: number, otherId: number): boolean {
  return state.mutedUsers.get(userId)?.has(otherId) ?? false;
}

/** The read bit a new message from `senderId` starts with for `userId` (set when the sender is muted). */
export function mutedSenderBit(state: RealmState, userId: number, senderId: number): number {
  return userId !== senderId && hasMuted(state, userId, senderId) ? FLAG_BITS.read : 0;
}

function emitMutedUsers(store: Store, userId: number): void {
  store.emit([userId], { type: 'muted_users', muted_users: mutedUsersOf(store.state, userId) });
}

/**
 * Mutes a user (the caller checked it is allowed and not yet muted): every unread message of theirs in the
 * muter's history is marked read first (update_message_flags, only when there is one), then muted_users.
 */
export function muteUser(store: Store, user: UserRecord, muted: UserRecord): void {
  const { state } = store;
  let mine = state.mutedUsers.get(user.user_id);
  if (!mine) state.mutedUsers.set(user.user_id, (mine = new Map()));
  mine.set(muted.user_id, store.now());
  const rows = state.index.flags.get(user.user_id);
  const unread: number[] = [];
  for (const id of state.index.byUser.get(user.user_id) ?? []) {
    if (((rows?.get(id) ?? FLAG_BITS.read) & FLAG_BITS.read) !== 0) continue;
    if (state.messages.get(id)?.sender_id === muted.user_id) unread.push(id);
  }
  if (unread.length) markIdsAsRead(store, user, unread);
  emitMutedUsers(store, user.user_id);
}

/** Unmutes a user (the caller checked they are muted) and emits muted_users. */
export function unmuteUser(store: Store, user: UserRecord, mutedId: number): void {
  const mine = store.state.mutedUsers.get(user.user_id);
  mine?.delete(mutedId);
  if (mine?.size === 0) store.state.mutedUsers.delete(user.user_id);
  emitMutedUsers(store, user.user_id);
}
