/** Users and bots for an export. */
import type { FixtureUser } from '../../generated/types.js';
import type { RealmState } from '../state.js';
import { exportUserSettings } from './settings.js';

/** Every user and bot, in the state's order, with settings only where they differ from the realm's defaults. */
export function exportUsers(state: RealmState): FixtureUser[] {
  return [...state.users.values()].map((u) => {
    const user: FixtureUser = {
      user_id: u.user_id,
      delivery_email: u.delivery_email,
      full_name: u.full_name,
      role: u.role,
      is_bot: u.is_bot,
      bot_type: u.bot_type,
      bot_owner_id: u.bot_owner_id,
      is_system_bot: u.is_system_bot,
      is_active: u.is_active,
      is_billing_admin: u.is_billing_admin,
      date_joined: u.date_joined,
      timezone: u.timezone,
      api_key: u.api_key,
      avatar_source: u.avatar_source,
      avatar_version: u.avatar_version,
    };
    if (u.password !== undefined) user.password = u.password;
    const settings = exportUserSettings(state, u);
    if (settings) user.settings = settings;
    return user;
  });
}
