/** A request record derived from another with a different body, keeping the original's lazy fields lazy. */
import type { ApiRequest } from './route.js';

/** One class for every derived record: no closures or accessors are made per request. */
class DerivedRequest implements ApiRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly body: ApiRequest['body'];
  readonly readBody: ApiRequest['readBody'];

  constructor(
    private readonly base: ApiRequest,
    changes: Pick<ApiRequest, 'body' | 'readBody'>,
  ) {
    this.method = base.method;
    this.path = base.path;
    this.query = base.query;
    this.body = changes.body;
    this.readBody = changes.readBody;
  }

  header(name: string): string | undefined {
    return this.base.header(name);
  }

  get signal(): AbortSignal | undefined {
    return this.base.signal;
  }

  get ip(): string | undefined {
    return this.base.ip;
  }
}

/**
 * `request` with `body` and `readBody` replaced. Unlike a spread, it reads `signal` and `ip` only when asked
 * (a transport may build them lazily: an AbortSignal or the peer address costs more than a simple request).
 */
export function deriveRequest(
  request: ApiRequest,
  changes: Pick<ApiRequest, 'body' | 'readBody'>,
): ApiRequest {
  return new DerivedRequest(request, changes);
}
