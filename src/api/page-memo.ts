/**
 * GET /messages answers kept per repeated query and viewer until the store's next change: a client that fetches
 * the same narrow again (switching back to a channel, a test polling for a message) gets the page assembled
 * for the last such fetch. Every change goes through Store.emit, which counts it in `store.changes` (a new
 * message, an edit, a flag, a rename, a subscription): an answer is reused only while that count is the one it
 * was made at, so the next request after any change assembles the page again.
 */
import type { UserRecord } from '../store/state.js';
import type { Store } from '../store/store.js';

interface Kept {
  store: Store;
  changes: number;
  value: unknown;
}

// Keyed by the shared decoding of a query (SharedParams, one frozen object per distinct query of one app):
// an entry lives as long as that decoding. A few viewers per query.
const kept = new WeakMap<object, Map<number, Kept>>();
const MAX_VIEWERS = 32;

/**
 * `build()`'s answer for `params` and `viewer`, made again after the store changed. Only a shared (frozen)
 * decoding is kept: parameters decoded for one request (a POST body, a refused query) are built each time.
 * @example
 * return memoPage(store, user, params, () => pageFields(store, user, narrow, records, params, head));
 */
export function memoPage<T>(store: Store, viewer: UserRecord, params: object, build: () => T): T {
  if (!Object.isFrozen(params)) return build();
  let byViewer = kept.get(params);
  const hit = byViewer?.get(viewer.user_id);
  if (hit && hit.store === store && hit.changes === store.changes) return hit.value as T;
  const value = build();
  if (!byViewer) kept.set(params, (byViewer = new Map()));
  else if (!hit && byViewer.size >= MAX_VIEWERS) byViewer.clear();
  byViewer.set(viewer.user_id, { store, changes: store.changes, value });
  return value;
}
