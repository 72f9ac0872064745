/**
 * Who may call the mock-only routes (`/svc-mock/...`: control API, inspector, invitation acceptance) of the
 * standalone server. They reset the realm and list every API key, so a page of another site must not reach
 * them, neither directly (its Origin is checked against `--cors`, and a browser's writes must be requests a
 * plain form cannot send) nor through DNS rebinding (the Host header must name this server).
 */
import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';
import { allowedOrigin, type CorsOrigins } from './cors.js';

/** Host names the mock-only routes answer besides the loopback ones: a list (`*.example.com` allowed) or any. */
export type AllowedHosts = readonly string[] | '*';

/** Parses `serve --allowed-hosts`: `*`, or comma-separated host names (`*.example.com` for its subdomains). */
export function parseAllowedHosts(value: string): AllowedHosts {
  const trimmed = value.trim();
  if (trimmed === '*') return '*';
  const hosts = trimmed
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  for (const host of hosts)
    if (!/^(\*\.)?[a-z0-9.[\]:-]+$/.test(host))
      throw new Error(`Not a host name: ${host} (expected e.g. mock.example.com or *.example.com)`);
  return hosts;
}

/** The host part of a Host header or an origin's authority, lower-cased, without port or IPv6 brackets. */
function hostName(authority: string): string {
  const lower = authority.toLowerCase();
  if (lower.startsWith('[')) return lower.slice(1, lower.indexOf(']'));
  const colon = lower.lastIndexOf(':');
  return colon === -1 ? lower : lower.slice(0, colon);
}

const ANY_ADDRESS = new Set(['0.0.0.0', '::', '']);

/** The names a request's Host may carry to reach this server's mock-only routes. */
export function createHostCheck(listenHost: string, allowed: AllowedHosts = []): (host: string) => boolean {
  if (allowed === '*') return () => true;
  const names = new Set(['localhost', '127.0.0.1', '::1', listenHost.toLowerCase()]);
  // Listening on every interface: each of the machine's own addresses names it too.
  if (ANY_ADDRESS.has(listenHost))
    for (const list of Object.values(networkInterfaces()))
      for (const entry of list ?? []) names.add(entry.address.toLowerCase());
  const exact = allowed.filter((h) => !h.startsWith('*.'));
  const suffixes = ['.localhost', ...allowed.filter((h) => h.startsWith('*.')).map((h) => h.slice(1))];
  for (const name of exact) names.add(name);
  return (host) => {
    const name = hostName(host);
    return names.has(name) || suffixes.some((suffix) => name.endsWith(suffix));
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Why a request to a mock-only route is refused, or undefined when it may go on. Clients other than browsers
 * send no Origin and only need a Host of this server; a page must be of an allowed origin (or of this server),
 * and its writes must carry a JSON body or an `X-Svc-Mock-*` header, which makes the browser ask first.
 */
export function controlRefusal(
  req: IncomingMessage,
  hostAllowed: (host: string) => boolean,
  cors: CorsOrigins,
): string | undefined {
  const { host, origin } = req.headers;
  if (host !== undefined && !hostAllowed(host))
    return `Host '${host}' is not this server's name; start it with --allowed-hosts to accept it`;
  if (origin === undefined) return undefined;
  const sameOrigin =
    host !== undefined && /^https?:\/\//.test(origin) && origin.replace(/^https?:\/\//, '') === host;
  if (!sameOrigin && allowedOrigin(cors, origin) === undefined)
    return `Origin '${origin}' may not use the mock's control routes (see --cors)`;
  if (SAFE_METHODS.has(req.method ?? 'GET')) return undefined;
  const type = req.headers['content-type'] ?? '';
  const custom = Object.keys(req.headers).some((name) => name.startsWith('x-svc-mock'));
  if (!custom && !/^application\/json\b/i.test(type))
    return 'A page may change the mock only with a JSON body or an X-Svc-Mock-* header (a plain form cannot)';
  return undefined;
}
