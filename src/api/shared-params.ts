/**
 * Parameters of GET requests decoded once per distinct query: a client that fetches the same narrow again
 * (a page of messages, a poll) is not parsed, JSON-decoded and validated each time. Only for routes whose
 * handler never writes to its parameters (`sharedParams`); the values are frozen, so a write would throw.
 */

/** The decoded parameters of a request, with the names the route ignores and the level does not support. */
export interface DecodedParams {
  params: Record<string, unknown>;
  ignored: readonly string[];
  unsupported: readonly string[];
}

// Distinct queries kept per app (a client paging through history makes a new one per page).
const MAX_QUERIES = 1000;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/** A bounded map from a GET request's path and query to its decoded parameters. */
export class SharedParams {
  private readonly decoded = new Map<string, DecodedParams>();

  /** The decoding kept for `key` (path and query), if any. */
  find(key: string): DecodedParams | undefined {
    return this.decoded.get(key);
  }

  /** Keeps a successful decoding of `key` (frozen from here on) and gives it back. */
  keep(key: string, decoded: DecodedParams): DecodedParams {
    deepFreeze(decoded);
    if (this.decoded.size >= MAX_QUERIES) this.decoded.clear();
    this.decoded.set(key, decoded);
    return decoded;
  }
}
