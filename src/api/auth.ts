/** HTTP Basic authentication with e-mail and API key, answering failures as the real server does. */
import type { RealmState, UserRecord } from '../store/state.js';
import { errors } from './errors/index.js';

const API_KEY = /^[A-Za-z0-9]{32}$/;

/** Decodes base64 text as UTF-8; undefined when it is not base64. */
function decodeBase64(text: string): string | undefined {
  try {
    const binary = atob(text.trim());
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** Finds the user for an API key and e-mail; throws the API's 401 errors. */
export function userForKey(state: RealmState, email: string, key: string): UserRecord {
  if (!API_KEY.test(key)) throw errors.malformedApiKey();
  const user = state.usersByApiKey.get(key);
  if (!user || user.delivery_email.toLowerCase() !== email.toLowerCase()) throw errors.invalidApiKey();
  if (!user.is_active) throw errors.accountDeactivated();
  return user;
}

/** Authenticates an `Authorization` header value; undefined header means no credentials were sent. */
export function authenticate(state: RealmState, header: string | undefined): UserRecord {
  if (!header) throw errors.notLoggedIn();
  const [scheme, credentials] = header.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() !== 'basic') throw errors.notBasicAuth();
  const decoded = credentials === undefined ? undefined : decodeBase64(credentials);
  const colon = decoded?.indexOf(':') ?? -1;
  if (decoded === undefined || colon < 0) throw errors.invalidAuthHeader();
  return userForKey(state, decoded.slice(0, colon).trim(), decoded.slice(colon + 1).trim());
}

/** The sending client's name: the User-Agent's product token, or `Unspecified`. */
export function clientName(userAgent: string | undefined): string {
  const token = userAgent?.trim().split(/[\s/]/, 1)[0];
  return token || 'Unspecified';
}
