/** GET /server_settings and POST /dev_fetch_api_key: the two endpoints that need no credentials. */
import type { GetServerSettingsResponse, PostDevFetchApiKeyParams } from '../../generated/types.js';
import { realmIconUrl, renderedRealmDescription } from '../../store/realm-info.js';
import { findUser } from '../../store/users.js';
import { cachedJson } from '../cached-json.js';
import { errors } from '../errors/index.js';
import { definePublicRoute } from '../route.js';
import { versionFields } from '../version-fields.js';
import { trimFields } from '../../versions/fields.js';

const THIRD_PARTY_METHODS = ['github', 'azuread', 'gitlab', 'apple', 'google'] as const;

export const serverRoutes = [
  definePublicRoute({
    method: 'GET',
    path: '/server_settings',
    auth: 'none',
    schema: 'get-server-settings',
    sharedParams: true,
    summary: 'Public server and organization settings',
    handler({ store, services }) {
      // The answer depends on the realm state and the app's services only: serialised once per change.
      return cachedJson(store, 'server_settings', () => {
        const { realm, settings } = store.state;
        const authentication_methods: Record<string, boolean> = {
          password: true,
          dev: !services.production,
          email: true,
          ldap: false,
          remoteuser: false,
          saml: false,
          'openid connect': false,
        };
        for (const name of THIRD_PARTY_METHODS) authentication_methods[name] = false;
        const body: Omit<GetServerSettingsResponse, 'result' | 'msg'> = {
          authentication_methods:
            authentication_methods as GetServerSettingsResponse['authentication_methods'],
          external_authentication_methods: [],
          ...versionFields(services),
          push_notifications_enabled: settings.push_notifications_enabled as boolean,
          is_incompatible: false,
          email_auth_enabled: true,
          require_email_format_usernames: true,
          realm_uri: realm.url,
          realm_url: realm.url,
          realm_name: realm.name,
          realm_icon: realmIconUrl(store.state),
          realm_description: renderedRealmDescription(store.state),
          realm_web_public_access_enabled: Boolean(
            settings.enable_spectator_access && settings.web_public_streams_enabled,
          ),
        };
        return trimFields('server_settings', body, store.featureLevel);
      });
    },
  }),
  definePublicRoute<PostDevFetchApiKeyParams>({
    method: 'POST',
    path: '/dev_fetch_api_key',
    auth: 'none',
    schema: 'post-dev-fetch-api-key',
    summary: "A user's API key (development servers only)",
    handler({ store, services, params }) {
      if (services.production) throw errors.devAuthDisabled();
      const user = findUser(store.state, params.username);
      if (!user || user.delivery_email.toLowerCase() !== params.username.trim().toLowerCase()) {
        throw errors.authenticationFailed();
      }
      if (!user.is_active) throw errors.userDeactivated();
      return { api_key: user.api_key, email: user.delivery_email, user_id: user.user_id };
    },
  }),
];
