/** HTTP Basic authentication with e-mail and API key, answering failures as the real server does. */
import type { RealmState, UserRecord } from '../store/state.js';
import { errors } from './errors/index.js';

/** The format of an API key: exactly 32 ASCII letters and digits. */
export const API_KEY = /^[A-Za-z0-9]{32}$/;

const utf8 = new TextDecoder();

/** Decodes base64 text as UTF-8; undefined when it is not base64. */
function decodeBase64(text: string): string | undefined {
  let binary: string;
  try {
    binary = atob(text.trim());
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex -- plain ASCII needs no UTF-8 decoding
  if (/^[\x00-\x7f]*$/.test(binary)) return binary;
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return utf8.decode(bytes);
}

// Clients send the same header on every request: remember what it decoded to (bounded).
const decodedHeaders = new Map<string, { email: string; key: string } | null>();
const MAX_REMEMBERED = 1000;

function credentialsOf(header: string): { email: string; key: string } | null {
  let found = decodedHeaders.get(header);
  if (found !== undefined) return found;
  const [scheme, credentials] = header.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() !== 'basic') throw errors.notBasicAuth();
  const decoded = credentials === undefined ? undefined : decodeBase64(credentials);
  const colon = decoded?.indexOf(':') ?? -1;
  found =
    decoded === undefined || colon < 0
      ? null
      : { email: decoded.slice(0, colon).trim(), key: decoded.slice(colon + 1).trim() };
  if (decodedHeaders.size >= MAX_REMEMBERED) decodedHeaders.clear();
  decodedHeaders.set(header, found);
  return found;
}

// Clients send the address as stored: compare case-insensitively only when the exact text differs.
const sameEmail = (a: string, b: string): boolean => a === b || a.toLowerCase() === b.toLowerCase();

/** Finds the user for an API key and e-mail; throws the API's 401 errors. */
export function userForKey(state: RealmState, email: string, key: string): UserRecord {
  // Known keys are well formed (the realm schema and key generation): the pattern is checked on a miss only.
  const user = state.usersByApiKey.get(key);
  if (!user && !API_KEY.test(key)) throw errors.malformedApiKey();
  if (!user || !sameEmail(user.delivery_email, email)) throw errors.invalidApiKey();
  if (!user.is_active) throw errors.accountDeactivated();
  return user;
}

/** Authenticates an `Authorization` header value; undefined header means no credentials were sent. */
export function authenticate(state: RealmState, header: string | undefined): UserRecord {
  if (!header) throw errors.notLoggedIn();
  const credentials = credentialsOf(header);
  if (!credentials) throw errors.invalidAuthHeader();
  return userForKey(state, credentials.email, credentials.key);
}

/** The sending client's name: the User-Agent's product token, or `Unspecified`. */
export function clientName(userAgent: string | undefined): string {
  const token = userAgent?.trim().split(/[\s/]/, 1)[0];
  return token || 'Unspecified';
}
