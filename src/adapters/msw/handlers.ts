/** The MSW bridge: one handler for the API's whole path space, routed by the project's own route table. */
import { http, type HttpHandler } from 'msw';
import { ConnectionDroppedError } from '../../api/route.js';

/** Anything with the fetch entry point (an App, or a wrapper that swaps apps). */
export interface FetchTarget {
  fetch(request: Request): Promise<Response>;
}

/** The path spaces the mock serves: the API, avatars, the avatars and uploads it hands out, its control namespace. */
const PREFIXES = ['/api/v1/', '/avatar/', '/user_avatars/', '/user_uploads/', '/svc-mock/'];

/** Options of {@link createHandlers}. */
export interface HandlerOptions {
  /** Serve the API only under this origin (e.g. `http://localhost:9991`); default: any origin. */
  baseUrl?: string;
}

/**
 * MSW request handlers for the API (`/api/v1/*`, `/avatar/*`, the avatars it hands out under `/user_avatars/*`,
 * uploaded files under `/user_uploads/*` and the mock's control namespace `/svc-mock/*`).
 * @example
 * const server = setupServer(...createHandlers(createApp({ realm })));
 * server.listen({ onUnhandledRequest: 'error' });
 */
export function createHandlers(app: FetchTarget, options: HandlerOptions = {}): HttpHandler[] {
  const origin = options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : '*';
  // A dropped connection becomes a network error, so the client's fetch rejects as with a real server.
  const forward = ({ request }: { request: Request }): Promise<Response> =>
    app.fetch(request).catch((error: unknown) => {
      if (error instanceof ConnectionDroppedError) return Response.error();
      throw error;
    });
  // A predicate rather than path patterns: msw decodes pattern matches with decodeURIComponent, which throws on
  // a bad escape such as `%zz` (a 500 from msw); the dispatcher answers those with its 400 envelope.
  const served = ({ request }: { request: Request }): boolean => {
    const url = new URL(request.url);
    const where = origin === '*' ? url.pathname : url.origin + url.pathname;
    const base = origin === '*' ? '' : origin;
    return PREFIXES.some((prefix) => where.startsWith(base + prefix));
  };
  return [http.all(served, forward)];
}
