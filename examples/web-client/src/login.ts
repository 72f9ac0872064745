/**
 * Choosing who to be: a login form (e-mail and API key), filled from the mock's account list
 * (GET /svc-mock/accounts) when the server offers it; `?as=EMAIL` in the page URL logs in directly.
 */
import type { ApiClient, Credentials } from './api.js';
import { byId, h } from './dom.js';

interface Account {
  email: string;
  api_email: string;
  full_name: string;
  role: string;
  is_bot: boolean;
  is_active: boolean;
  api_key: string;
}

async function listAccounts(api: ApiClient): Promise<Account[]> {
  try {
    const answer = await api.call<{ accounts: Account[] }>('GET', '/svc-mock/accounts');
    return answer.accounts.filter((a) => a.is_active && !a.is_bot);
  } catch {
    return []; // A server without the control API: type the e-mail and key.
  }
}

/** Shows the login form and resolves the credentials chosen (or those of `preset` at once). */
export async function login(api: ApiClient, preset: string | null): Promise<Credentials> {
  const accounts = await listAccounts(api);
  const found = preset ? accounts.find((a) => a.email === preset || a.api_email === preset) : undefined;
  if (found) return { email: found.api_email, apiKey: found.api_key };

  const form = byId<HTMLFormElement>('login');
  const email = byId<HTMLInputElement>('login-email');
  const key = byId<HTMLInputElement>('login-key');
  const picker = byId<HTMLSelectElement>('login-account');
  if (accounts.length) {
    picker.replaceChildren(
      h('option', { value: '' }, 'Choose an account…'),
      ...accounts.map((a) => h('option', { value: a.api_email }, `${a.full_name} — ${a.role} (${a.email})`)),
    );
    picker.addEventListener('change', () => {
      const account = accounts.find((a) => a.api_email === picker.value);
      email.value = account?.api_email ?? '';
      key.value = account?.api_key ?? '';
    });
  } else {
    byId('login-account-row').hidden = true;
  }
  form.hidden = false;
  (accounts.length ? picker : email).focus();
  return new Promise((resolve) => {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      form.hidden = true;
      resolve({ email: email.value.trim(), apiKey: key.value.trim() });
    });
  });
}
