/** PATCH /settings: the caller's personal settings, name and timezone. */
import type { PatchSettingsParams } from '../../generated/types.js';
import { isRealmAdmin } from '../../store/access.js';
import { LANGUAGE_NAMES, NOTIFICATION_SOUNDS } from '../../store/settings/languages.js';
import {
  changeTimezone,
  changeUserSettings,
  checkFullName,
  type SettingsChanges,
} from '../../store/settings/settings.js';
import { setFullName } from '../../store/users/mutate.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { has } from '../../versions/index.js';
import { settingsSuccess } from './settings-response.js';

function isTimezone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Longest e-mail notification batching period the server accepts: one week. */
const MAX_BATCHING_PERIOD_SECONDS = 7 * 24 * 60 * 60;

/** Checks the values the schema cannot (language, sound, batching period); shared with the organization defaults. */
export function checkSettingValues(changes: SettingsChanges): void {
  if (changes.default_language !== undefined && !(changes.default_language in LANGUAGE_NAMES))
    throw errors.invalidLanguage();
  if (changes.notification_sound !== undefined && !NOTIFICATION_SOUNDS.includes(changes.notification_sound))
    throw errors.invalidNotificationSound(changes.notification_sound);
  const batching = changes.email_notifications_batching_period_seconds;
  if (batching !== undefined && (batching <= 0 || batching > MAX_BATCHING_PERIOD_SECONDS))
    throw errors.invalidBatchingPeriod(batching);
}

export const settingsRoutes = [
  defineRoute<PatchSettingsParams>({
    method: 'PATCH',
    path: '/settings',
    schema: 'patch-settings',
    summary: "Change the caller's personal settings",
    async handler({ store, user, params, request }) {
      const { full_name, timezone, dense_mode, ...rest } = params;
      // dense_mode was a setting until level 364; from there the server ignores it.
      const changes = has('dense_mode_removed', store.featureLevel) ? rest : { ...rest, dense_mode };
      let name: string | undefined;
      if (full_name !== undefined) {
        if (store.state.settings.name_changes_disabled && !isRealmAdmin(user))
          throw errors.nameChangesDisabled();
        const checked = checkFullName(full_name);
        if ('refusal' in checked) throw errors.nameRefused(checked.refusal);
        name = checked.name;
      }
      if (timezone !== undefined && timezone !== '' && !isTimezone(timezone)) throw errors.invalidTimezone();
      checkSettingValues(changes);
      if (name !== undefined) setFullName(store, user, name);
      changeUserSettings(store, user, changes);
      if (timezone !== undefined) changeTimezone(store, user, timezone);
      return settingsSuccess(request, 'PATCH /settings', 'patch-settings', store.featureLevel);
    },
  }),
];
