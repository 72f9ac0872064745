/**
 * CORS for the standalone server, so that an app on a dev server at another port (Vite, esbuild) can call it:
 * allowed origins get Access-Control-Allow-Origin, preflights are answered here, rate-limit headers are exposed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Which origins may call the server: a list of origins or patterns with a `*` port, `'*'`, or none. */
export type CorsOrigins = readonly string[] | '*' | false;

/** The default: any port on localhost and 127.0.0.1 (dev servers), over http. */
export const DEFAULT_CORS_ORIGINS: readonly string[] = ['http://localhost:*', 'http://127.0.0.1:*'];

const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
// X-Svc-Mock-Inspector: the inspector page's own reads (left out of the request log), also from another origin.
const ALLOW_HEADERS = 'Authorization, Content-Type, X-Svc-Mock-Inspector';
const EXPOSE_HEADERS = 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After';
/** How long a browser may cache a preflight answer, in seconds. */
const MAX_AGE = '600';

/**
 * Parses `serve --cors`: `*`, or comma-separated origins (`http://localhost:*` allows any port,
 * `http://*.localhost:*` any subdomain too).
 */
export function parseCorsOrigins(value: string): CorsOrigins {
  const trimmed = value.trim();
  if (trimmed === '*') return '*';
  const origins = trimmed
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const origin of origins)
    if (!/^https?:\/\/[^/\s]+$/.test(origin))
      throw new Error(`Not an origin: ${origin} (expected e.g. http://localhost:5173 or http://localhost:*)`);
  return origins;
}

function matches(pattern: string, origin: string): boolean {
  // `http://*.localhost:*`: any subdomain (one or more labels) of the host, e.g. the realms of one server.
  const star = pattern.indexOf('://*.');
  if (star >= 0) {
    const scheme = pattern.slice(0, star + 3);
    if (!origin.startsWith(scheme)) return false;
    const label = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*/i.exec(origin.slice(scheme.length))?.[0];
    if (!label) return false;
    const rest = origin.slice(scheme.length + label.length);
    const tail = pattern.slice(star + 4);
    // The subdomain part must be followed by the pattern's host, e.g. `.localhost:5173`.
    for (let cut = label.indexOf('.'); cut >= 0; cut = label.indexOf('.', cut + 1))
      if (matches(`${scheme}x${tail}`, `${scheme}x${label.slice(cut)}${rest}`)) return true;
    return false;
  }
  if (!pattern.endsWith(':*')) return pattern === origin;
  const base = pattern.slice(0, -1);
  return origin.startsWith(base) && /^\d+$/.test(origin.slice(base.length));
}

/** The Access-Control-Allow-Origin value for `origin`, or undefined when it is not allowed. */
export function allowedOrigin(origins: CorsOrigins, origin: string | undefined): string | undefined {
  if (origins === false || origin === undefined) return undefined;
  if (origins === '*') return '*';
  return origins.some((pattern) => matches(pattern, origin)) ? origin : undefined;
}

/**
 * Sets the CORS headers of an allowed origin on `res`; answers a preflight (OPTIONS with
 * Access-Control-Request-Method) itself and returns true then, so the request goes no further.
 */
export function applyCors(origins: CorsOrigins, req: IncomingMessage, res: ServerResponse): boolean {
  if (origins === false) return false;
  if (origins !== '*') res.setHeader('Vary', 'Origin');
  const allow = allowedOrigin(origins, req.headers.origin);
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  if (allow !== undefined) {
    res.setHeader('Access-Control-Allow-Origin', allow);
    res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
  }
  if (!preflight) return false;
  if (allow !== undefined) {
    res.setHeader('Access-Control-Allow-Methods', ALLOW_METHODS);
    res.setHeader('Access-Control-Allow-Headers', ALLOW_HEADERS);
    res.setHeader('Access-Control-Max-Age', MAX_AGE);
  }
  // A refused origin gets the same 204 without the allow headers: the browser then blocks the request.
  res.writeHead(204, { 'Content-Length': '0' });
  res.end();
  return true;
}
