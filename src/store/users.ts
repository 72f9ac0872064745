/** Users as the API shows them: API e-mails, e-mail visibility, avatars and the user object. */
import jsMd5 from 'js-md5';
import type { User } from '../generated/types.js';
import type { RealmState, UserRecord } from './state.js';
import { userProfileData } from './profile-fields/profile-fields.js';
import { trimFields } from '../versions/fields.js';
import { has, NEWEST_FEATURE_LEVEL } from '../versions/index.js';

/** Email address visibility values (1 everyone … 5 moderators). */
const VISIBILITY_MIN_ROLE: Record<number, number> = { 1: 600, 2: 400, 3: 200, 4: 0, 5: 300 };

/** The user's API e-mail: the real address when visible to everyone (and for bots), else a dummy one. */
export function apiEmail(state: RealmState, user: UserRecord): string {
  if (user.is_bot || user.settings.email_address_visibility === 1) return user.delivery_email;
  return `user${user.user_id}@${state.realm.email_domain}`;
}

/** Whether `viewer` may see `user`'s real e-mail address (viewer undefined: a logged-out spectator). */
export function canSeeDeliveryEmail(user: UserRecord, viewer: UserRecord | undefined): boolean {
  if (!viewer) return false;
  if (viewer.user_id === user.user_id || user.is_bot) return true;
  const minRole = VISIBILITY_MIN_ROLE[user.settings.email_address_visibility] ?? 0;
  return viewer.role <= minRole;
}

/** Whether this server serves the user's avatar (uploaded, or a jdenticon from level 466) rather than Gravatar. */
export function hasServedAvatar(user: UserRecord): boolean {
  return user.avatar_source === 'U' || user.avatar_source === 'J';
}

/** URL of a user's avatar; `null` when client_extavatar asks the client to compute external ones itself. */
export function avatarUrl(
  state: RealmState,
  user: UserRecord,
  options: { clientExtavatar: boolean; viewer?: UserRecord; medium?: boolean },
): string | null {
  // Jdenticons (level 466) are served like uploaded avatars: the client is never left to compute them.
  const uploaded = hasServedAvatar(user);
  if (!uploaded && options.clientExtavatar && canSeeDeliveryEmail(user, options.viewer)) return null;
  if (options.medium) return avatarUrlOf(state, user, uploaded, true);
  // Every message object of a sender carries the same URL: one string per user while what it is made of lasts.
  const kept = avatarUrls.get(user);
  if (
    kept &&
    kept.source === user.avatar_source &&
    kept.version === user.avatar_version &&
    kept.email === user.delivery_email &&
    kept.realmId === state.realm.id
  )
    return kept.url;
  const url = avatarUrlOf(state, user, uploaded, false);
  avatarUrls.set(user, {
    source: user.avatar_source,
    version: user.avatar_version,
    email: user.delivery_email,
    realmId: state.realm.id,
    url,
  });
  return url;
}

/** A user's avatar URL of normal size, with what it was made of. */
interface KeptAvatarUrl {
  source: UserRecord['avatar_source'];
  version: number;
  email: string;
  realmId: number;
  url: string;
}

const avatarUrls = new WeakMap<UserRecord, KeptAvatarUrl>();

function avatarUrlOf(state: RealmState, user: UserRecord, uploaded: boolean, medium: boolean): string {
  if (uploaded) {
    const suffix = medium ? '-medium' : '';
    return `/user_avatars/${state.realm.id}/${user.user_id}${suffix}.png?version=${user.avatar_version}`;
  }
  const hash = jsMd5.md5(user.delivery_email.toLowerCase());
  const size = medium ? '&s=500' : '';
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon${size}&version=${user.avatar_version}`;
}

const isoDates = new Map<number, string>();

/** An ISO-8601 date with microseconds and a +00:00 offset, as the API writes date_joined. */
export function isoDate(unixSeconds: number): string {
  let text = isoDates.get(unixSeconds);
  if (text === undefined) {
    text = new Date(unixSeconds * 1000).toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
    if (isoDates.size > 100000) isoDates.clear();
    isoDates.set(unixSeconds, text);
  }
  return text;
}

/** The user object of GET /users and register's realm_users. */
export function formatUser(
  state: RealmState,
  user: UserRecord,
  viewer: UserRecord | undefined,
  options: { clientExtavatar: boolean; includeCustomProfileFields?: boolean; level?: number },
): User {
  const level = options.level ?? NEWEST_FEATURE_LEVEL;
  const out: User = {
    user_id: user.user_id,
    email: apiEmail(state, user),
    delivery_email: canSeeDeliveryEmail(user, viewer) ? user.delivery_email : null,
    full_name: user.full_name,
    date_joined: isoDate(user.date_joined),
    is_active: user.is_active,
    is_owner: user.role === 100,
    is_admin: user.role <= 200,
    is_guest: user.role === 600,
    is_bot: user.is_bot,
    role: user.role,
    timezone: user.timezone,
    avatar_url: avatarUrl(state, user, { clientExtavatar: options.clientExtavatar, viewer }),
    avatar_version: user.avatar_version,
    // The mock imports no stub accounts and deletes none (levels 433 and 490; fields.ts drops them below).
    is_imported_stub: false,
    is_deleted: false,
  };
  // Sent from level 73 to 362; can_manage_billing_group replaced it.
  if (has('field_user_is_billing_admin', level))
    (out as unknown as Record<string, unknown>).is_billing_admin = user.is_billing_admin;
  if (user.is_bot) {
    out.bot_type = user.bot_type;
    out.bot_owner_id = user.bot_owner_id;
    if (user.is_system_bot) out.is_system_bot = true;
  } else if (options.includeCustomProfileFields) {
    out.profile_data = userProfileData(state, user);
  }
  return trimFields('user', out, level);
}

/**
 * Finds a user by an e-mail the viewer may see: the API address (or its dummy `user{id}@` form) always, the
 * delivery address only when `email_address_visibility` lets the viewer see it; otherwise undefined, as for an
 * unknown address, so hidden addresses cannot be probed.
 */
export function findUserByVisibleEmail(
  state: RealmState,
  email: string,
  viewer: UserRecord,
): UserRecord | undefined {
  const user = findUser(state, email);
  if (!user) return undefined;
  const wanted = email.trim().toLowerCase();
  const dummy = `user${user.user_id}@${state.realm.email_domain}`.toLowerCase();
  if (wanted === apiEmail(state, user).toLowerCase() || wanted === dummy) return user;
  return canSeeDeliveryEmail(user, viewer) ? user : undefined;
}

/** Finds a user by id or by e-mail (API or delivery address, case-insensitive). */
export function findUser(state: RealmState, idOrEmail: number | string): UserRecord | undefined {
  if (typeof idOrEmail === 'number') return state.users.get(idOrEmail);
  const email = idOrEmail.trim().toLowerCase();
  const direct = state.usersByEmail.get(email);
  if (direct) return direct;
  const dummy = /^user(\d+)@(.+)$/.exec(email);
  if (dummy && dummy[2] === state.realm.email_domain.toLowerCase()) return state.users.get(Number(dummy[1]));
  return undefined;
}
