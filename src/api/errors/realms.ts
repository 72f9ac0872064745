/** Errors of a server holding many realms: an unknown subdomain, and the realm registry's control routes. */
import { ApiError, bad } from './core.js';

/** Realm error factories. */
export const realmErrors = {
  /** A Host naming a subdomain no realm of this server has: the real server's 404 (reference facts E.3). */
  nonexistentSubdomain: () => new ApiError('NONEXISTENT_SUBDOMAIN', 'Invalid subdomain', 404),
  /** POST /svc-mock/realms: a subdomain that is not one DNS label of lowercase letters, digits and hyphens. */
  badSubdomain: (subdomain: string) =>
    bad(
      `Invalid subdomain '${subdomain}': use 1-63 lowercase letters, digits and hyphens, not starting or ending with a hyphen`,
    ),
  /** POST /svc-mock/realms: the subdomain names a realm of this server already. */
  subdomainTaken: (subdomain: string) => bad(`Subdomain '${subdomain}' is already in use`),
  /** POST /svc-mock/realms: a source that names no fixture, file or generator spec this server knows. */
  unknownRealmSource: (source: string, known: readonly string[]) =>
    bad(
      `Unknown realm source '${source}'${known.length ? ` (known: ${known.join(', ')})` : ''}; give a fixture name, a generator spec ({"generate": "users=N,..."}) or a snapshot`,
    ),
  /** POST /svc-mock/realms: a source that was found but is not a valid realm. */
  invalidRealmSource: (problem: string) => bad(`Invalid realm source: ${problem}`),
  /** DELETE /svc-mock/realms/{subdomain}: no realm of that subdomain (the default realm cannot be deleted). */
  noSuchRealm: (subdomain: string) =>
    new ApiError('BAD_REQUEST', `No realm with subdomain '${subdomain}'`, 404),
} as const;
