/**
 * Keeps a mock's state across page reloads: the state is saved as a realm snapshot (the format of
 * GET /svc-mock/snapshot) in IndexedDB or Web Storage, and restored when the page starts again.
 * Browser-safe; in Node a test passes its own StateStorage.
 */
import type { Mock } from './create-mock.js';

/** Where a snapshot is kept. */
export interface StateStorage {
  load(): Promise<unknown>;
  save(snapshot: unknown): Promise<void>;
  clear(): Promise<void>;
}

const STORE = 'snapshots';

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * IndexedDB storage (the default): no 5 MB quota as in localStorage, and the snapshot is stored as a
 * structured clone, so no JSON string of the whole realm is built on each save.
 */
export function createIndexedDbStorage(key = 'svc-mock', database = 'svc-mock'): StateStorage {
  let db: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    const request = indexedDB.open(database, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    return (db ??= requestResult(request));
  };
  const run = async <T>(mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const transaction = (await open()).transaction(STORE, mode);
    const result = await requestResult(op(transaction.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    });
    return result;
  };
  return {
    load: () => run('readonly', (s) => s.get(key)),
    save: (snapshot) => run('readwrite', (s) => s.put(snapshot, key)).then(() => undefined),
    clear: () => run('readwrite', (s) => s.delete(key)).then(() => undefined),
  };
}

/** Web Storage (`localStorage` by default): simpler, but limited to a few MB per origin. */
export function createWebStorage(key = 'svc-mock', storage: Storage = localStorage): StateStorage {
  return {
    load: () => {
      const text = storage.getItem(key);
      return Promise.resolve(text === null ? undefined : (JSON.parse(text) as unknown));
    },
    save: (snapshot) => Promise.resolve(storage.setItem(key, JSON.stringify(snapshot))),
    clear: () => Promise.resolve(storage.removeItem(key)),
  };
}

/** Options of {@link persistMock}. */
export interface PersistOptions {
  /** Where to keep the snapshot (default: IndexedDB, key `svc-mock`). */
  storage?: StateStorage;
  /** How often to check for changes and save them, in ms (default 1,000). */
  saveEveryMs?: number;
  /** Told when a stored snapshot could not be restored (it is then discarded). */
  onError?: (error: unknown) => void;
}

/** A running persistence: `flush()` saves now if anything changed, `stop()` saves and stops. */
export interface Persistence {
  /** Whether a stored state was restored at start. */
  restored: boolean;
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Restores the mock's last saved state (if any) and from then on saves it whenever it changed: every
 * `saveEveryMs`, and when the page is hidden or unloaded.
 * @example
 * const mock = createMock({ realm });
 * await persistMock(mock); // before the worker starts answering
 */
export async function persistMock(mock: Mock, options: PersistOptions = {}): Promise<Persistence> {
  const storage = options.storage ?? createIndexedDbStorage();
  let restored = false;
  const stored = await storage.load().catch((error: unknown) => options.onError?.(error));
  if (stored !== undefined && stored !== null) {
    try {
      mock.restore(stored);
      restored = true;
    } catch (error) {
      options.onError?.(error);
      await storage.clear();
    }
  }
  // A reset or restore replaces the store, so the saved mark is the store and its change count.
  let saved = { store: mock.store, changes: mock.store.changes };
  let saving: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    const now = { store: mock.store, changes: mock.store.changes };
    if (now.store === saved.store && now.changes === saved.changes) return saving;
    saved = now;
    saving = saving
      .then(() => storage.save(mock.snapshot()))
      .catch((error: unknown) => options.onError?.(error));
    return saving;
  };
  const timer = setInterval(() => void flush(), options.saveEveryMs ?? 1000);
  const onHide = (): void => void flush();
  const page = typeof addEventListener === 'function' && typeof removeEventListener === 'function';
  if (page) addEventListener('pagehide', onHide);
  return {
    restored,
    flush,
    async stop() {
      clearInterval(timer);
      if (page) removeEventListener('pagehide', onHide);
      await flush();
    },
  };
}
