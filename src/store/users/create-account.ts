/** Accounts an administrator creates directly (POST /users): a member with a password, on the default channels. */
import { announceSignup } from '../invitations/accept.js';
import { createUser } from '../invitations/create-user.js';
import type { RealmState, UserRecord } from '../state.js';
import type { Store } from '../store.js';

/** Why an e-mail address cannot get an account in this organization, if it cannot. */
export type AccountEmailRefusal = 'invalid' | 'domain' | 'plus' | 'in_use';

/** A plausible address: one @, a non-empty local part, a dotted domain, no spaces or brackets. */
const EMAIL = /^[^@\s<>(),;:"[\]\\]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/** Checks an address against the realm's rules: its form, the domain restriction, existing accounts. */
export function accountEmailRefusal(state: RealmState, email: string): AccountEmailRefusal | undefined {
  if (!EMAIL.test(email)) return 'invalid';
  if (state.settings.emails_restricted_to_domains) {
    const [local = '', domain = ''] = email.split('@');
    if (domain.toLowerCase() !== state.realm.email_domain.toLowerCase()) return 'domain';
    if (local.includes('+')) return 'plus';
  }
  if (state.usersByEmail.has(email.toLowerCase())) return 'in_use';
  return undefined;
}

/**
 * Creates a member account with a password, subscribed to the organization's default channels. Emits
 * realm_user/add, the system-group membership events and the subscription events (see createUser); Notification
 * Bot announces the new member in the signup announcements channel, as for an accepted invitation.
 */
export function createAccount(
  store: Store,
  input: { email: string; fullName: string; password: string },
): UserRecord {
  const streamIds = [...store.state.channels.values()]
    .filter((c) => c.is_default && !c.is_archived)
    .map((c) => c.stream_id);
  const user = createUser(store, {
    email: input.email,
    fullName: input.fullName,
    role: 400,
    streamIds,
    groupIds: [],
  });
  user.password = input.password;
  announceSignup(store, user);
  return user;
}

/** The active human account with this delivery e-mail and password, or why there is none. */
export function passwordLogin(
  state: RealmState,
  username: string,
  password: string,
): { user: UserRecord } | { refusal: 'failed' | 'deactivated' } {
  const user = state.usersByEmail.get(username.trim().toLowerCase());
  if (!user || user.is_bot || user.password === undefined || user.password !== password)
    return { refusal: 'failed' };
  if (!user.is_active) return { refusal: 'deactivated' };
  return { user };
}
