/** Personal settings and the organization's defaults for new users: the change path and its events. */
import type { UserSettings } from '../../generated/types.js';
import { deleteAllDrafts } from '../drafts/drafts.js';
import type { UserRecord } from '../state.js';
import type { Store } from '../store.js';
import { apiEmail, canSeeDeliveryEmail } from '../users.js';
import { LANGUAGE_NAMES } from './languages.js';
import { trimFields } from '../../versions/fields.js';
import { has } from '../../versions/index.js';

/** A validated set of personal-setting changes. */
export type SettingsChanges = Partial<UserSettings>;

/** Longest full name (characters). */
export const MAX_NAME_LENGTH = 100;
const MIN_NAME_LENGTH = 2;
const NAME_INVALID_CHARS = /[*`\\>"@\p{Cc}]/u;

/** Why a full name is refused (the API layer picks the text). */
export type NameRefusal = 'too_long' | 'too_short' | 'invalid_characters';

/** Checks a new full name the way the server does; returns the stripped name or a refusal. */
export function checkFullName(raw: string): { name: string } | { refusal: NameRefusal } {
  const name = raw.trim();
  if ([...name].length > MAX_NAME_LENGTH) return { refusal: 'too_long' };
  if ([...name].length < MIN_NAME_LENGTH) return { refusal: 'too_short' };
  if (NAME_INVALID_CHARS.test(name)) return { refusal: 'invalid_characters' };
  return { name };
}

/** Changes a user's timezone: a user_settings event to them and realm_user/update to everyone. */
export function changeTimezone(store: Store, user: UserRecord, timezone: string): void {
  if (user.timezone === timezone) return;
  user.timezone = timezone;
  store.emit([user.user_id], { type: 'user_settings', op: 'update', property: 'timezone', value: timezone });
  store.emit(store.activeUserIds(), {
    type: 'realm_user',
    op: 'update',
    person: { user_id: user.user_id, email: apiEmail(store.state, user), timezone },
  });
}

/** A setting's value at `level`: the recent view was "recent_topics" before level 454. */
export function settingValueAtLevel(property: string, value: unknown, level: number): unknown {
  return property === 'web_home_view' && value === 'recent' && !has('web_home_view_recent', level)
    ? 'recent_topics'
    : value;
}

/** A setting's name at `level` (default_view before 219 for web_home_view, for instance). */
function nameAtLevel(property: string, level: number): string {
  const shaped = trimFields('user_settings', { [property]: true }, level);
  return Object.keys(shaped)[0] ?? property;
}

/** Applies personal settings; one user_settings/update event per property that really changed. */
export function changeUserSettings(store: Store, user: UserRecord, changes: SettingsChanges): void {
  const settings = user.settings as Record<string, unknown>;
  for (const [property, value] of Object.entries(changes)) {
    if (value === undefined || settings[property] === value) continue;
    const oldEmail = apiEmail(store.state, user);
    settings[property] = value;
    const event: Record<string, unknown> = {
      type: 'user_settings',
      op: 'update',
      property: nameAtLevel(property, store.featureLevel),
      value: settingValueAtLevel(property, value, store.featureLevel),
    };
    if (property === 'default_language') event.language_name = LANGUAGE_NAMES[value as string] ?? value;
    store.emit([user.user_id], event as { type: string });
    if (property === 'enable_drafts_synchronization' && value === false) deleteAllDrafts(store, user.user_id);
    if (property === 'email_address_visibility') announceEmailVisibility(store, user, oldEmail);
  }
}

/** Others learn the user's new API e-mail and whether they may now see the real address. */
function announceEmailVisibility(store: Store, user: UserRecord, oldEmail: string): void {
  const { state } = store;
  const audience = store.activeUserIds().filter((id) => id !== user.user_id);
  const newEmail = apiEmail(state, user);
  if (newEmail !== oldEmail) {
    store.emit(audience, {
      type: 'realm_user',
      op: 'update',
      person: { user_id: user.user_id, new_email: newEmail },
    });
  }
  store.emit(audience, (viewerId) => {
    const viewer = state.users.get(viewerId);
    const visible = canSeeDeliveryEmail(user, viewer);
    return {
      type: 'realm_user',
      op: 'update',
      person: { user_id: user.user_id, delivery_email: visible ? user.delivery_email : null },
    };
  });
}

/** Changes the organization's defaults for future users; one realm_user_settings_defaults event per change. */
export function changeSettingsDefaults(store: Store, changes: SettingsChanges): void {
  const defaults = store.state.userSettingsDefaults as Record<string, unknown>;
  for (const [property, value] of Object.entries(changes)) {
    if (value === undefined || defaults[property] === value) continue;
    defaults[property] = value;
    store.emit(store.activeUserIds(), {
      type: 'realm_user_settings_defaults',
      op: 'update',
      property: nameAtLevel(property, store.featureLevel),
      value: settingValueAtLevel(property, value, store.featureLevel),
    });
  }
}
