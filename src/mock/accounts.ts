/** The realm's accounts as `svc-mock accounts --json` and GET /svc-mock/accounts list them (browser-safe). */
import type { Store } from '../store/store.js';
import { apiEmail } from '../store/users.js';

const ROLE_NAMES: Record<number, string> = {
  100: 'owner',
  200: 'administrator',
  300: 'moderator',
  400: 'member',
  600: 'guest',
};

/** One row per user: ids, e-mails, role name, bot/active flags and API key. */
export function listAccounts(store: Pick<Store, 'state'>): Array<Record<string, unknown>> {
  return [...store.state.users.values()].map((u) => ({
    user_id: u.user_id,
    email: u.delivery_email,
    api_email: apiEmail(store.state, u),
    full_name: u.full_name,
    role: ROLE_NAMES[u.role] ?? String(u.role),
    is_bot: u.is_bot,
    is_active: u.is_active,
    api_key: u.api_key,
    // Only accounts that can log in with a password (POST /fetch_api_key) have one.
    ...(u.password !== undefined ? { password: u.password } : {}),
  }));
}
