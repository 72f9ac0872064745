/** Errors of personal settings and push device tokens. */
import type { TokenRefusal } from '../../store/push-tokens/push-tokens.js';
import type { NameRefusal } from '../../store/settings/settings.js';
import { bad } from './core.js';

const NAME_TEXTS: Record<NameRefusal, string> = {
  too_long: 'Name too long!',
  too_short: 'Name too short!',
  invalid_characters: 'Invalid characters in name!',
};

/** Settings and push-token error factories. */
export const settingsErrors = {
  nameRefused: (refusal: NameRefusal) => bad(NAME_TEXTS[refusal]),
  nameChangesDisabled: () =>
    bad('Name changes are disabled in this organization. Contact an administrator to change your name.'),
  invalidTimezone: () => bad('Invalid timezone'),
  invalidLanguage: () => bad('Invalid default_language'),
  invalidNotificationSound: (sound: string) => bad(`Invalid notification sound '${sound}'`),
  invalidBatchingPeriod: (seconds: number) => bad(`Invalid email batching period: ${seconds} seconds`),
  pushTokenRefused: (refusal: TokenRefusal) =>
    bad(refusal === 'invalid' ? 'Invalid APNS token' : 'Empty or invalid length token'),
  pushTokenNotFound: () => bad('Token does not exist'),
} as const;
