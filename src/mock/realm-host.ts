/**
 * Names of the realms of one server: which subdomain a request's Host names, what a valid subdomain is, the
 * URL a realm is reached at, and the API keys each realm's accounts get (browser-safe).
 */

/** One DNS label: lowercase letters, digits and hyphens, 1-63 characters, no hyphen at either end. */
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Whether `name` may be a realm's subdomain. */
export function isValidSubdomain(name: string): boolean {
  return SUBDOMAIN.test(name);
}

/** A Host header's name, lower-cased, without its port or IPv6 brackets. */
export function hostName(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) return lower.slice(1, lower.indexOf(']'));
  const colon = lower.lastIndexOf(':');
  return colon === -1 ? lower : lower.slice(0, colon);
}

/**
 * The subdomain a Host names under `localhost` or the realm host (`r1.localhost:9991` → `r1`), or undefined for
 * a root host (plain `localhost`, an address, the realm host itself, any other name: the default realm).
 */
export function subdomainOf(host: string, realmHost: string | undefined): string | undefined {
  const name = hostName(host);
  if (name.endsWith('.localhost')) return name.slice(0, -'.localhost'.length);
  if (realmHost !== undefined && name.length > realmHost.length + 1 && name.endsWith(`.${realmHost}`))
    return name.slice(0, -realmHost.length - 1);
  return undefined;
}

/**
 * The URL of the realm at `subdomain`: the default realm's URL with the subdomain in front of its host name
 * (`http://localhost:9991` → `http://r1.localhost:9991`), or under `realmHost` when the server has one.
 */
export function realmUrlOf(subdomain: string, base: string, realmHost: string | undefined): string {
  const url = new URL(base);
  url.hostname = `${subdomain}.${realmHost ?? url.hostname}`;
  return url.origin;
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The API key an account of the realm `subdomain` gets for its source key: 32 letters and digits, the same
 * every time (a reset gives the same keys back), and different in every realm, so a key works only in its own.
 */
export function realmApiKey(sourceKey: string, subdomain: string): string {
  // Four FNV-1a hashes of the inputs (different starting values) seed a xorshift128 generator: 128 bits of
  // state, so the keys of one realm's accounts do not collide; cheap and browser-safe.
  const text = `${subdomain}\u0000${sourceKey}`;
  const state = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x7f4a7c15].map((start) => {
    let h = start;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    return h >>> 0 || 1;
  }) as [number, number, number, number];
  let key = '';
  for (let i = 0; i < 32; i++) {
    let t = state[3];
    t ^= t << 11;
    t ^= t >>> 8;
    state[3] = state[2];
    state[2] = state[1];
    state[1] = state[0];
    t ^= state[0] ^ (state[0] >>> 19);
    state[0] = t >>> 0;
    key += KEY_ALPHABET[state[0] % KEY_ALPHABET.length];
  }
  return key;
}
