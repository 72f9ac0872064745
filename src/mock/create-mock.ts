/**
 * createMock: an App whose state can be reset, restored and time-travelled, with a request log and the
 * mock-only control API. Browser-safe (no node:*), so tests run it in-process, under MSW or behind startServer.
 */
import { createApp, type App, type AppOptions } from '../api/app.js';
import { authenticate } from '../api/auth.js';
import type { ControlClock, MockControl, RequestLogEntry } from '../api/control.js';
import { errors } from '../api/errors/index.js';
import type { ApiRequest, ApiResponse, RequestSeen } from '../api/route.js';
import { createTraffic, type Traffic } from '../api/traffic/index.js';
import type { Clock, ManualClock } from '../store/clock.js';
import { createControllableClock, parseDuration } from '../store/controllable-clock.js';
import { exportRealm } from '../store/export-realm.js';
import type { UserRecord } from '../store/state.js';
import type { Store } from '../store/store.js';
import { PreparedRealm, RealmLoadError } from '../store/load-realm.js';
import { freshSeed } from '../api/fresh-seed.js';
import { listAccounts } from './accounts.js';
import { elapsedMs } from './elapsed.js';
import { isObjectBody, responseExcerpt, textExcerpt } from './excerpt.js';
import { bodyJson } from '../api/json-text.js';
import { listed, RequestLog } from './request-log.js';
import { withRealms, type RealmRegistry } from './realms.js';
import { fetchThrough, retire } from './fetch-through.js';

/** Options of {@link createMock}: createApp's, plus whether the /svc-mock control routes answer. */
export interface MockOptions extends AppOptions {
  /** Serve the /svc-mock control routes (default true). */
  control?: boolean;
  /** Size of the request log (default 1,000). */
  requestLogSize?: number;
  /**
   * Called with each request log entry once its answer is ready (`serve --log` prints them), and the subdomain
   * of the realm that answered (undefined for the default realm).
   */
  onRequest?: (entry: RequestLogEntry, subdomain?: string) => void;
  /**
   * Base domain of realm subdomains besides `localhost` (`serve --realm-host`): a Host `r1.example.test` then
   * selects the realm `r1` (see docs/many-realms.md).
   */
  realmHost?: string;
  /** Named sources `realms.create({ source })` takes: a fixture object or a PreparedRealm per name. */
  realmSources?: Record<string, unknown>;
  /**
   * Loads a source not in `realmSources` by name (serve: `dev`, the fixtures' names, file paths); undefined when
   * it knows none of that name. Each name is loaded and prepared once.
   */
  loadRealmSource?: (name: string) => unknown;
}

/** A resettable App (usable wherever an App is) with its control surface. */
export interface Mock extends App, MockControl {
  /** Latency, failures and rate limits of this mock (also at /svc-mock/faults). */
  faults: Traffic;
  /** The realms of this mock's server, one per subdomain (shared by every realm of it). */
  realms: RealmRegistry;
  /** The realm at `subdomain` (`'r1'` for `http://r1.localhost:9991`), undefined when there is none. */
  realm(subdomain: string): Mock | undefined;
  /** This realm's subdomain; undefined for the default realm (the root host's). */
  subdomain: string | undefined;
}

/** A realm's Mock before the registry joins it (what {@link createRealmMock} builds). */
export type RealmMock = Omit<Mock, 'realms' | 'realm' | 'subdomain'>;

/** Requests with this header (the inspector page's own polls) are left out of the request log. */
export const INSPECTOR_HEADER = 'x-svc-mock-inspector';

// The last instant a Date can hold: a later clock could not answer its own time (toISOString throws).
const LAST_DATE_MS = 8.64e15;

const canJump = (clock: Clock): clock is ManualClock => 'advance' in clock && 'set' in clock;

// Every app a mock builds in this process (first one, resets, restores, other mocks) seeds its ids
// differently, so a queue id never comes back within a process.
const GENERATION_SEED_STEP = 7919;
let generations = 0;

/** The user a request's credentials name, or undefined when they name none. */
function sender(store: Store, request: ApiRequest): UserRecord | undefined {
  try {
    return authenticate(store.state, request.header('authorization'));
  } catch {
    return undefined;
  }
}

/**
 * Creates a mock; `mock.reset()` returns to the initial realm far faster than createMock, because the realm
 * is validated and rendered once and each reset only clones it. `mock.realms.create()` adds realms, each at its
 * own subdomain (`http://r1.localhost`), and `mock.fetch`/`mock.handle` pick the realm by the request's Host.
 * @example
 * const mock = createMock({ realm: devRealm });
 * beforeEach(() => mock.reset());
 * const other = await mock.realms.create({ subdomain: 'worker-2' });
 */
export function createMock(options: MockOptions): Mock {
  // Prepared here once: the default realm and realms made from the same source share it.
  const realm = options.realm instanceof PreparedRealm ? options.realm : PreparedRealm.from(options.realm);
  const prepared = { ...options, realm };
  return withRealms(createRealmMock(prepared), prepared, createRealmMock);
}

/**
 * One realm's mock (no host dispatch); `prepare` is called on each app it builds (the first, and after every
 * reset and restore, with the app it replaces) before the app answers: the realm registry gives a realm its
 * URL, keys and ids there.
 */
export function createRealmMock(
  options: MockOptions,
  prepare?: (app: App, previous: App | undefined) => void,
): RealmMock {
  const initial = options.realm instanceof PreparedRealm ? options.realm : PreparedRealm.from(options.realm);
  const clock: Clock = options.clock ?? createControllableClock();
  const faults = options.traffic ?? createTraffic({ seed: options.seed, clock });
  const log = new RequestLog(options.requestLogSize ?? 1000);
  // Without a seed, a random one per process: ids then differ across restarts of a server.
  const seed = options.seed ?? freshSeed();
  let app: App;
  // What GET /svc-mock/changes waits on: every change, reset, logged request and clock jump.
  const watchers = new Set<() => void>();
  let revision = 0;
  const notify = (): void => {
    revision++;
    if (watchers.size) for (const listener of [...watchers]) listener();
  };

  const controlClock: ControlClock = {
    now: () => clock.now(),
    advance(by) {
      const ms = parseDuration(by);
      if (ms === undefined)
        throw errors.badRequest(`Invalid advance: ${String(by)} (use e.g. 90s, 10m, 2h, 1d)`);
      if (clock.now() + ms > LAST_DATE_MS)
        throw errors.badRequest(`Invalid advance: ${String(by)} (past the last date, +275760-09-13)`);
      if (!canJump(clock)) throw errors.badRequest('This mock runs on a clock that cannot be moved');
      return clock.advance(ms).finally(notify);
    },
    set(to) {
      const ms = to instanceof Date ? to.getTime() : to * 1000;
      if (!Number.isFinite(ms) || ms > LAST_DATE_MS) throw errors.badRequest(`Invalid set: ${String(to)}`);
      if (ms < clock.now()) throw errors.badRequest('The clock never moves backwards');
      if (!canJump(clock)) throw errors.badRequest('This mock runs on a clock that cannot be moved');
      return clock.set(ms).finally(notify);
    },
  };

  const build = (prepared: PreparedRealm): void => {
    const previous = app as App | undefined;
    app = createApp({
      ...options,
      realm: prepared,
      clock,
      seed: seed + generations++ * GENERATION_SEED_STEP,
      traffic: faults,
    });
    prepare?.(app, previous);
    if (options.control ?? true) app.services.control = control;
    app.store.onEvent(notify);
    // What a server restart does: the old queues are gone, parked polls hear BAD_EVENT_QUEUE_ID.
    if (previous) retire(previous);
    if (previous) notify();
  };

  const control: MockControl = {
    reset: () => build(initial),
    snapshot: () => exportRealm(app.store),
    restore(snapshot) {
      let prepared: PreparedRealm;
      try {
        prepared = PreparedRealm.from(snapshot);
      } catch (error) {
        if (error instanceof RealmLoadError) throw errors.badRequest(`Invalid snapshot: ${error.message}`);
        throw error;
      }
      build(prepared);
    },
    clock: controlClock,
    requests: (query) => log.list(query),
    accounts: () => listAccounts(app.store),
    watch(listener) {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
    revision: () => revision,
  };

  build(initial);

  const handle = async (request: ApiRequest): Promise<ApiResponse> => {
    const started = elapsedMs();
    const time = clock.now() / 1000;
    const store = app.store;
    // The inspector page polls the control API: its own reads would crowd the log it shows.
    if (request.header(INSPECTOR_HEADER) !== undefined) return app.handle(request);
    // The dispatcher notes the user it authenticated and the body it read (never read when refused before that).
    const seen: RequestSeen = {};
    let response = await app.handle(request, seen);
    // An object body is serialised once here, for its excerpt and for the transport that sends it. The copy is
    // written out field by field: answers come in many shapes, and a spread of them costs several times more.
    if (isObjectBody(response.body))
      response = {
        status: response.status,
        headers: response.headers,
        body: response.body,
        drop: response.drop,
        json: bodyJson(response.body),
      };
    // A route without credentials still logs who sent them.
    const user = seen.user ?? (request.header('authorization') ? sender(store, request) : undefined);
    const body = seen.body === undefined ? request.body : seen.body;
    const entry = log.add({
      id: 0,
      time,
      method: request.method.toUpperCase(),
      path: request.path,
      user_id: user?.user_id ?? null,
      email: user?.delivery_email ?? null,
      status: response.status,
      duration_ms: Math.round((elapsedMs() - started) * 100) / 100,
      query: textExcerpt(request.query)!,
      request_body: textExcerpt(body),
      response_body: responseExcerpt(response),
    });
    if (options.onRequest) options.onRequest(listed(entry));
    notify();
    return response;
  };

  return {
    get store() {
      return app.store;
    },
    get services() {
      return app.services;
    },
    get routes() {
      return app.routes;
    },
    handle,
    async fetch(request) {
      // Reuse the app's Request → ApiRequest translation, routed through the logging handler.
      return fetchThrough(request, handle);
    },
    ...control,
    faults,
  };
}
