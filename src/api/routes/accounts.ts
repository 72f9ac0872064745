/** POST /fetch_api_key (password login, no credentials) and POST /users (administrators create accounts). */
import type { PostFetchApiKeyParams, PostUsersParams } from '../../generated/types.js';
import { isRealmAdmin } from '../../store/access.js';
import { checkFullName } from '../../store/settings/settings.js';
import { accountEmailRefusal, createAccount, passwordLogin } from '../../store/users/create-account.js';
import { errors } from '../errors/index.js';
import { defineRoute, definePublicRoute } from '../route.js';

/** The shortest password the server's strength check lets through (register's password_min_length). */
const PASSWORD_MIN_LENGTH = 6;

export const accountRoutes = [
  definePublicRoute<PostFetchApiKeyParams>({
    method: 'POST',
    path: '/fetch_api_key',
    auth: 'none',
    schema: 'post-fetch-api-key',
    summary: "A user's API key for their e-mail address and password",
    handler({ store, services, params }) {
      // While rate limits are on, the server's per-username bucket of password attempts applies first.
      services.traffic?.passwordAttempt('POST /fetch_api_key', params.username, services.clock.now());
      const login = passwordLogin(store.state, params.username, params.password);
      if ('refusal' in login)
        throw login.refusal === 'deactivated' ? errors.userDeactivated() : errors.passwordAuthFailed();
      services.traffic?.passwordSucceeded(params.username);
      const { user } = login;
      return { api_key: user.api_key, email: user.delivery_email, user_id: user.user_id };
    },
  }),
  defineRoute<PostUsersParams>({
    method: 'POST',
    path: '/users',
    schema: 'post-users',
    summary: 'Create a user account with a password (administrators)',
    handler({ store, user, params }) {
      if (!isRealmAdmin(user)) throw errors.mustBeAdmin();
      const name = checkFullName(params.full_name);
      if ('refusal' in name) throw errors.nameRefused(name.refusal);
      const email = params.email.trim();
      switch (accountEmailRefusal(store.state, email)) {
        case 'invalid':
          throw errors.badNameOrUsername();
        case 'domain':
          throw errors.emailNotAllowed(email);
        case 'plus':
          throw errors.emailContainsPlus();
        case 'in_use':
          throw errors.emailInUse(email);
      }
      if ([...params.password].length < PASSWORD_MIN_LENGTH) throw errors.passwordTooWeak();
      const created = createAccount(store, { email, fullName: name.name, password: params.password });
      return { user_id: created.user_id };
    },
  }),
];
