/**
 * `svc-mock/browser`: the mock behind MSW's service worker in one call. Browser-safe: nothing here (or below)
 * imports a Node.js built-in; a test bundles it for the browser with esbuild and checks.
 */
import { setupWorker, type StartOptions } from 'msw/browser';
import { createHandlers } from '../adapters/msw/handlers.js';
import type { AppOptions } from '../api/app.js';
import { buildDevRealm } from '../fixtures/dev-realm.js';
import { generateRealm, type GenerateOptions } from '../fixtures/generate/index.js';
import { mountInspector } from '../inspector/mount.js';
import { createMock, type Mock, type MockOptions } from '../mock/create-mock.js';
import { persistMock, type Persistence, type PersistOptions } from '../mock/persist.js';

/** Options of {@link startMock}. */
export interface StartMockOptions extends Omit<MockOptions, 'realm'> {
  /** Realm fixture data (default: the dev realm). */
  realm?: AppOptions['realm'];
  /** Generate the realm instead (svc-mock/generate's generateRealm options). */
  generate?: GenerateOptions;
  /** Keep the state across page reloads: `true` (IndexedDB) or persistMock's options. */
  persist?: boolean | PersistOptions;
  /** Serve the API only under this origin (e.g. `http://localhost:9991`); default: any origin. */
  baseUrl?: string;
  /** Passed to MSW's `worker.start` (service worker URL, quiet, ...); `onUnhandledRequest` defaults to bypass. */
  worker?: StartOptions;
  /** Mount the live inspector (the page `serve` shows at /svc-mock/) in this element, as an iframe. */
  inspector?: HTMLElement;
}

/** The running mock: the control object of createMock (reset, snapshot, restore, clock, faults, ...), plus stop. */
export interface BrowserMock extends Mock {
  /** The persistence when `persist` was given (its `restored` says whether a stored state came back). */
  persistence?: Persistence;
  /** The inspector's iframe when `inspector` was given. */
  inspector?: HTMLIFrameElement;
  /** Saves a persisted state one last time, removes the inspector, then stops the service worker from answering. */
  stop(): Promise<void>;
}

function realmOf(options: StartMockOptions): AppOptions['realm'] {
  if (options.realm !== undefined && options.generate !== undefined)
    throw new Error('startMock: give either realm or generate, not both');
  if (options.realm !== undefined) return options.realm;
  if (options.generate !== undefined) return generateRealm(options.generate);
  return buildDevRealm();
}

/**
 * Starts the mock in the page: MSW's service worker answers `/api/v1/*`, `/avatar/*`, `/user_avatars/*`
 * and `/svc-mock/*` from an in-memory realm. Serve MSW's worker script first (`npx msw init public/`).
 * @example
 * const mock = await startMock({ persist: true });
 * await mock.clock.advance('10m');
 */
export async function startMock(options: StartMockOptions = {}): Promise<BrowserMock> {
  const {
    generate: _generate,
    persist,
    baseUrl,
    worker: workerOptions,
    inspector: at,
    ...mockOptions
  } = options;
  const mock = createMock({ ...mockOptions, realm: realmOf(options) });
  const persistence = persist ? await persistMock(mock, persist === true ? {} : persist) : undefined;
  const worker = setupWorker(...createHandlers(mock, { baseUrl }));
  await worker.start({ onUnhandledRequest: 'bypass', ...workerOptions });
  const inspector = at ? mountInspector(at, { base: baseUrl }) : undefined;
  return Object.assign(mock, {
    persistence,
    inspector,
    async stop() {
      await persistence?.stop();
      inspector?.remove();
      worker.stop();
    },
  });
}

export type { Mock, MockOptions } from '../mock/create-mock.js';
export type { Persistence, PersistOptions, StateStorage } from '../mock/persist.js';
export { createIndexedDbStorage, createWebStorage } from '../mock/persist.js';
