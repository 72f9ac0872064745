/** PATCH /realm: organization settings, for administrators (owners for a few), through the one change path. */
import type { GroupSettingValue, PatchRealmParams } from '../../generated/types.js';
import { isRealmAdmin } from '../../store/access.js';
import { changeRealmSettings, isGroupSetting, type RealmChanges } from '../../store/realm-settings/change.js';
import { LANGUAGE_NAMES } from '../../store/settings/languages.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { settingChange } from './channel-helpers.js';

/** Limits of the organization's name and description. */
const MAX_NAME_LENGTH = 40;
const MAX_DESCRIPTION_LENGTH = 1000;

/** Settings only organization owners may change (who may join, and who administers groups and invitations). */
const OWNER_ONLY = new Set([
  'invite_required',
  'emails_restricted_to_domains',
  'disallow_disposable_email_addresses',
  'waiting_period_threshold',
  'can_invite_users_group',
  'create_multiuse_invite_group',
  'can_create_groups',
  'can_manage_all_groups',
]);

type GroupChange = GroupSettingValue | { new: GroupSettingValue; old?: GroupSettingValue };

/** Organization settings routes. */
export const realmSettingsRoutes = [
  defineRoute<PatchRealmParams>({
    method: 'PATCH',
    path: '/realm',
    schema: 'patch-realm',
    summary: 'Change organization settings (administrators; owners for some)',
    handler({ store, user, params }) {
      if (!isRealmAdmin(user)) throw errors.mustBeAdmin();
      const given = Object.entries(params).filter(([, value]) => value !== undefined);
      if (user.role !== 100 && given.some(([name]) => OWNER_ONLY.has(name))) throw errors.mustBeOwner();
      // Every value is checked before anything changes: one bad value leaves the organization as it was.
      const changes: Record<string, unknown> = {};
      for (const [name, value] of given) {
        if (name === 'name' && (value as string).length > MAX_NAME_LENGTH)
          throw errors.tooLong('name', MAX_NAME_LENGTH);
        if (name === 'description' && (value as string).length > MAX_DESCRIPTION_LENGTH)
          throw errors.tooLong('description', MAX_DESCRIPTION_LENGTH);
        if (name === 'default_language' && !(String(value) in LANGUAGE_NAMES))
          throw errors.invalidRealmLanguage(String(value));
        changes[name] = isGroupSetting(name)
          ? settingChange(
              store,
              value as GroupChange,
              (store.state.settings as unknown as Record<string, GroupSettingValue>)[name]!,
            )
          : value;
      }
      changeRealmSettings(store, changes as RealmChanges);
      return {};
    },
  }),
];
