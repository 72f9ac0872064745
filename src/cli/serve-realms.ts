/** `serve --realms N` and `--realm-host DOMAIN`: realms made at start, and the URLs they are reached at. */
import { InvalidArgumentError } from 'commander';
import type { Mock } from '../mock/create-mock.js';

/** Most realms `--realms` makes at start (more can be made with POST /svc-mock/realms). */
const MAX_START_REALMS = 1000;

/** Parses `--realms N`: 0 to 1,000. */
export function parseRealmCount(value: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0 || count > MAX_START_REALMS)
    throw new InvalidArgumentError(`Not a realm count: give 0 to ${MAX_START_REALMS}.`);
  return count;
}

/** Parses `--realm-host DOMAIN`: a host name (lower-cased), without scheme, port or leading dot. */
export function parseRealmHost(value: string): string {
  const host = value.trim().toLowerCase();
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(host))
    throw new InvalidArgumentError('Not a host name (expected e.g. mock.example.test).');
  return host;
}

/**
 * Points the mock's realm URLs at the listening port (`http://<subdomain>.<localhost or DOMAIN>:PORT`), makes
 * realms r1..rN from the server's source, and returns the banner lines naming them.
 */
export async function startRealms(
  mock: Mock,
  port: number,
  count: number,
  realmHost: string | undefined,
): Promise<string[]> {
  mock.realms.setBaseUrl(`http://localhost:${port}`);
  const lines: string[] = [];
  if (realmHost !== undefined)
    lines.push(`Realm host: ${realmHost} (a Host SUB.${realmHost} selects the realm SUB)`);
  if (count === 0) return lines.length ? [...lines, ''] : lines;
  const urls: string[] = [];
  for (let i = 1; i <= count; i++) {
    const realm = await mock.realms.create({ subdomain: `r${i}` });
    urls.push(realm.store.state.realm.url);
  }
  const shown = urls.length <= 10 ? urls : [...urls.slice(0, 4), '...', ...urls.slice(-2)];
  lines.push(`Realms: ${count} more (POST/GET/DELETE /svc-mock/realms): ${shown.join(' ')}\n`);
  return lines;
}
