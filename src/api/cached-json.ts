/** Answers that depend only on the realm state, serialised once and reused until the store's next change. */
import type { Store } from '../store/store.js';
import { JsonText } from './json-text.js';

interface Entry {
  changes: number;
  at: number;
  text: JsonText;
}

// Keys are a few per route and user (e.g. one per caller of GET /users/me): bounded all the same.
const MAX_KEYS = 10_000;
const caches = new WeakMap<Store, Map<string, Entry>>();

/**
 * The JSON text of `build()`, made again only after the store has changed: every change goes through
 * Store.emit, which counts it in `store.changes`. `key` names everything else the value depends on (the
 * route, the caller, the parameters); the app's services (feature level, production) belong to one store, so
 * they need none. A value that also depends on the time (a channel's weekly traffic) passes `at`, the
 * `store.now()` it is made for: it is made again in the next second.
 * @example
 * return cachedJson(store, 'server_settings', () => serverSettings(store, services));
 */
export function cachedJson(store: Store, key: string, build: () => object, at = 0): JsonText {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && hit.changes === store.changes && hit.at === at) return hit.text;
  const text = new JsonText(JSON.stringify(build()));
  if (!hit && cache.size >= MAX_KEYS) cache.clear();
  cache.set(key, { changes: store.changes, at, text });
  return text;
}
