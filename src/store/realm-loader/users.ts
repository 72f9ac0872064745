/** Loads the fixture's users and bots. */
import type { UserRecord } from '../state.js';
import type { LoadContext } from './context.js';

/** Adds every user, keyed by id, API key and e-mail; checks duplicates and bot owners. */
export function loadUsers({ data, state, problems, userExists }: LoadContext): void {
  data.users.forEach((u, i) => {
    if (state.users.has(u.user_id)) problems.push(`/users/${i}/user_id: duplicate user id ${u.user_id}`);
    const email = u.delivery_email.toLowerCase();
    if (state.usersByEmail.has(email)) problems.push(`/users/${i}/delivery_email: duplicate e-mail ${email}`);
    if (state.usersByApiKey.has(u.api_key)) problems.push(`/users/${i}/api_key: duplicate API key`);
    const user: UserRecord = {
      user_id: u.user_id,
      delivery_email: u.delivery_email,
      full_name: u.full_name,
      role: u.role,
      is_bot: !!u.is_bot,
      bot_type: u.bot_type ?? null,
      bot_owner_id: u.bot_owner_id ?? null,
      is_system_bot: !!u.is_system_bot,
      is_active: u.is_active !== false,
      is_billing_admin: !!u.is_billing_admin,
      date_joined: u.date_joined,
      timezone: u.timezone ?? '',
      api_key: u.api_key,
      avatar_source: u.avatar_source ?? 'G',
      avatar_version: u.avatar_version ?? 1,
      settings: { ...state.userSettingsDefaults, ...u.settings },
    };
    if (u.password !== undefined) user.password = u.password;
    state.users.set(user.user_id, user);
    state.usersByApiKey.set(user.api_key, user);
    state.usersByEmail.set(email, user);
  });
  data.users.forEach((u, i) => {
    if (u.bot_owner_id != null) userExists(u.bot_owner_id, `/users/${i}/bot_owner_id`);
    if (u.is_bot && u.bot_type == null) problems.push(`/users/${i}/bot_type: a bot needs a bot_type`);
  });
}
