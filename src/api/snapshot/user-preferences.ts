/** Snapshot sections of the caller's preferences: alert words, muted users, and everyone's statuses. */
import { userAlertWords } from '../../store/user-preferences/alert-words.js';
import { mutedUsersOf } from '../../store/user-preferences/muted-users.js';
import { allStatuses } from '../../store/user-preferences/user-status.js';
import { accessibleUserIds, canAccessAllUsers } from '../../store/users/visibility.js';
import { has } from '../../versions/index.js';
import type { SnapshotSection } from './context.js';

/** alert_words, muted_users and user_status (empty for spectators). */
export const userPreferenceSections: SnapshotSection[] = [
  {
    types: ['alert_words'],
    build: ({ store, user }) => ({ alert_words: user ? userAlertWords(store.state, user.user_id) : [] }),
  },
  {
    types: ['muted_users'],
    build: ({ store, user }) => {
      // Servers before muting existed had no such section.
      if (!has('muted_users', store.featureLevel)) return {};
      return { muted_users: user ? mutedUsersOf(store.state, user.user_id) : [] };
    },
  },
  {
    types: ['user_status'],
    build: ({ store, user }) => {
      if (!user) return { user_status: {} };
      // Restricted viewers see only the statuses of users they may know about (computed once).
      const visible = canAccessAllUsers(store.state, user) ? null : accessibleUserIds(store.state, user);
      return { user_status: allStatuses(store, (other) => !visible || visible.has(other.user_id)) };
    },
  },
];
