/**
 * GET /messages answers kept per repeated query and viewer until the store's next change: a client that fetches
 * the same narrow again (switching back to a channel, a test polling for a message) gets the page assembled
 * for the last such fetch. Every change goes through Store.emit, which counts it in `store.changes` (a new
 * message, an edit, a flag, a rename, a subscription): an answer is reused only while that count is the one it
 * was made at, so the next request after any change assembles the page again.
 */
import type { UserRecord } from '../store/state.js';
import type { Store } from '../store/store.js';
import { JsonText } from './json-text.js';

interface Kept {
  store: Store;
  changes: number;
  value: unknown;
  bytes: number;
}

// Keyed by the shared decoding of a query (SharedParams, one frozen object per distinct query of one app), in
// the order first kept: bounded in queries, viewers per query and bytes (a client paging through history
// makes a new query per page; the oldest queries' answers go first).
const kept = new Map<object, Map<number, Kept>>();
// When each query last missed, counted in misses: a query's answer is kept when it is asked again within
// RECENT misses (a client polling or switching back). A page asked for once, or again only after many other
// pages (paging through history, a different anchor each time), would push a repeated query's answer out, and
// a kept answer that is never read again costs the collector more than it saves.
const lastMiss = new WeakMap<object, number>();
const RECENT = 64;
let misses = 0;
const MAX_QUERIES = 256;
const MAX_VIEWERS = 16;
/** Bytes of kept answers, all apps together. */
export const MAX_KEPT_BYTES = 32 * 2 ** 20;
let keptBytes = 0;

const sizeOf = (value: unknown): number => (value instanceof JsonText ? value.size : 0);

function forget(params: object): void {
  const byViewer = kept.get(params);
  if (!byViewer) return;
  for (const entry of byViewer.values()) keptBytes -= entry.bytes;
  kept.delete(params);
}

/**
 * `build()`'s answer for `params` and `viewer`, made again after the store changed; kept once the query is asked
 * again soon (by any viewer). Only a shared (frozen) decoding is kept: parameters decoded for one request (a POST body, a refused query) are built each time.
 * @example
 * return memoPage(store, user, params, () => pageFields(store, user, narrow, records, params, head));
 */
export function memoPage<T>(store: Store, viewer: UserRecord, params: object, build: () => T): T {
  if (!Object.isFrozen(params)) return build();
  let byViewer = kept.get(params);
  const hit = byViewer?.get(viewer.user_id);
  if (hit && hit.store === store && hit.changes === store.changes) return hit.value as T;
  if (!byViewer) {
    const last = lastMiss.get(params);
    lastMiss.set(params, ++misses);
    if (last === undefined || misses - last > RECENT) return build();
  }
  const value = build();
  const bytes = sizeOf(value);
  if (bytes > MAX_KEPT_BYTES / 8) return value;
  if (hit) {
    keptBytes -= hit.bytes;
    byViewer!.delete(viewer.user_id);
  }
  if (!byViewer) {
    if (kept.size >= MAX_QUERIES) forget(kept.keys().next().value!);
    kept.set(params, (byViewer = new Map()));
  } else if (byViewer.size >= MAX_VIEWERS) {
    for (const entry of byViewer.values()) keptBytes -= entry.bytes;
    byViewer.clear();
  }
  for (const oldest of kept.keys()) {
    if (keptBytes + bytes <= MAX_KEPT_BYTES || oldest === params) break;
    forget(oldest);
  }
  byViewer.set(viewer.user_id, { store, changes: store.changes, value, bytes });
  keptBytes += bytes;
  return value;
}

/** Bytes of the answers kept now (for tests). */
export function keptPageBytes(): number {
  return keptBytes;
}
