/** A request record derived from another with a different body, keeping the original's lazy fields lazy. */
import type { ApiRequest } from './route.js';

/**
 * `request` with `body` and `readBody` replaced. Unlike a spread, it reads `signal` and `ip` only when asked
 * (a transport may build them lazily: an AbortSignal or the peer address costs more than a simple request).
 */
export function deriveRequest(
  request: ApiRequest,
  changes: Pick<ApiRequest, 'body' | 'readBody'>,
): ApiRequest {
  return {
    method: request.method,
    path: request.path,
    query: request.query,
    header: (name) => request.header(name),
    body: changes.body,
    readBody: changes.readBody,
    get signal() {
      return request.signal;
    },
    get ip() {
      return request.ip;
    },
  };
}
