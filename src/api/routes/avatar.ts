/** GET /avatar/{user_id_or_email}[/medium]: a 302 redirect to the avatar, outside /api/v1. */
import jsMd5 from 'js-md5';
import type { GetAvatarParams } from '../../generated/types.js';
import type { Store } from '../../store/store.js';
import type { UserRecord } from '../../store/state.js';
import { avatarUrl, findUser } from '../../store/users.js';
import { API_KEY } from '../auth.js';
import { errors } from '../errors/index.js';
import { definePublicRoute, RawResponse, type ApiRequest } from '../route.js';

/** The external-service avatar of an address nobody in the realm has (version 1). */
function externalAvatar(email: string, medium: boolean): string {
  const hash = jsMd5.md5(email.toLowerCase());
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon${medium ? '&s=500' : ''}&version=1`;
}

/** Basic auth (done by the dispatcher), `?api_key=`, or no credentials where spectators are allowed. */
function checkAccess(store: Store, user: UserRecord | undefined, apiKey: string | undefined): void {
  if (user) return;
  if (apiKey !== undefined) {
    if (!API_KEY.test(apiKey)) throw errors.malformedApiKey();
    const owner = store.state.usersByApiKey.get(apiKey);
    if (!owner) throw errors.invalidApiKey();
    if (!owner.is_active) throw errors.accountDeactivated();
    return;
  }
  if (!store.state.settings.enable_spectator_access) throw errors.notLoggedIn();
}

function redirect(store: Store, request: ApiRequest, key: string, medium: boolean): RawResponse {
  const target = /^\d+$/.test(key) ? store.state.users.get(Number(key)) : findUser(store.state, key);
  let url = target
    ? avatarUrl(store.state, target, { clientExtavatar: false, medium })!
    : externalAvatar(key, medium);
  // The request's query string is passed on, as the real server does.
  if (request.query) url += (url.includes('?') ? '&' : '?') + request.query;
  return new RawResponse(302, { Location: url });
}

const avatarRoute = (path: string, schema: string, medium: boolean) =>
  definePublicRoute<GetAvatarParams>({
    method: 'GET',
    path,
    root: true,
    auth: 'optional',
    schema,
    summary: `Redirect to a user's ${medium ? 'medium-size ' : ''}avatar`,
    handler({ store, user, params, request }) {
      checkAccess(store, user, params.api_key);
      return redirect(store, request, params.user_id_or_email, medium);
    },
  });

export const avatarRoutes = [
  avatarRoute('/avatar/{user_id_or_email}', 'get-avatar', false),
  avatarRoute('/avatar/{user_id_or_email}/medium', 'get-avatar-medium', true),
];
