/** Alert words, muted users and statuses for an export (the inverse of realm-loader/user-preferences.ts). */
import type { FixtureAlertWords, FixtureMutedUser, FixtureUserStatus } from '../../generated/types.js';
import type { RealmState } from '../state.js';

/** One entry per user with alert words. */
export function exportAlertWords(state: RealmState): FixtureAlertWords[] {
  return [...state.alertWords].map(([user_id, words]) => ({ user_id, alert_words: [...words] }));
}

/** Every mute, in muting order per user. */
export function exportMutedUsers(state: RealmState): FixtureMutedUser[] {
  const out: FixtureMutedUser[] = [];
  for (const [user_id, muted] of state.mutedUsers)
    for (const [muted_user_id, timestamp] of muted) out.push({ user_id, muted_user_id, timestamp });
  return out;
}

/** Every stored status, set or cleared. */
export function exportUserStatuses(state: RealmState): FixtureUserStatus[] {
  return [...state.userStatuses].map(([user_id, s]) => ({ user_id, ...s }));
}
