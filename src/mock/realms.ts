/**
 * Many realms in one mock: a registry of realm mocks, one per subdomain, in front of the dispatcher. The
 * request's Host picks the realm (`r1.localhost:9991` → `r1`); the root host keeps the default realm. Each realm
 * is a whole mock of its own (store, keys, queues, clock, faults, request log) seeded copy-on-write from a
 * prepared source, so nothing below this layer knows about realms. Browser-safe.
 */
import type { App } from '../api/app.js';
import { errors } from '../api/errors/index.js';
import type { ApiRequest, ApiResponse } from '../api/route.js';
import { createTraffic, wireSettings, type TrafficPatch } from '../api/traffic/index.js';
import type { Clock } from '../store/clock.js';
import { createControllableClock } from '../store/controllable-clock.js';
import { PreparedRealm } from '../store/load-realm.js';
import { featureLevelProblem } from '../versions/index.js';
import type { Mock, MockOptions, RealmMock } from './create-mock.js';
import { fetchThrough, retire } from './fetch-through.js';
import { isValidSubdomain, realmApiKey, realmUrlOf, subdomainOf } from './realm-host.js';
import { answerRealmRoute, isRealmRoute } from './realm-routes.js';
import { RealmSources, type RealmSource } from './realm-sources.js';

/** Options of {@link RealmRegistry.create}. */
export interface CreateRealmOptions {
  /** The realm's subdomain (one DNS label: lowercase letters, digits, hyphens); drawn (`realm-N`) when absent. */
  subdomain?: string;
  /**
   * What the realm starts from: `'dev'` (the default), a fixture name or (on the node server) file path, a
   * generator spec `{ generate: 'users=50,messages=1000,seed=1' }`, a snapshot (a realm fixture object) or a
   * PreparedRealm. A source loaded before is shared copy-on-write, not loaded again.
   */
  source?: RealmSource;
  /** The realm's clock; default a controllable real-time clock of its own. */
  clock?: Clock;
  /** The feature level the realm emulates; default the server's. */
  featureLevel?: number;
}

/** One realm as `GET /svc-mock/realms` lists it. */
export interface RealmListing {
  subdomain: string;
  realm_url: string;
  /** The source it was made from, as given (`dev`, a fixture name, `generate:users=…`, `snapshot`). */
  source: string;
  /** The feature level it emulates. */
  feature_level: number;
}

/** What a realm changes in each store it builds: its URL, string id, API keys and id range. */
interface RealmIdentity {
  subdomain: string;
  url: string;
  idOffset: number;
  /** Every key this realm has had: kept as they are when a snapshot of the realm is restored into it. */
  keys: Set<string>;
}

/**
 * Makes a freshly built app the realm's own: its URL, string id, keys and ids (on every reset and restore too).
 * A key the realm never had (its source's, another realm's) becomes the realm's own derived key; the realm's
 * own keys (in a snapshot of it, restored) stay, so a restore does not change the keys clients hold.
 */
function applyIdentity(app: App, previous: App | undefined, identity: RealmIdentity): void {
  const { state } = app.store;
  state.realm.url = identity.url;
  state.realm.string_id = identity.subdomain;
  if (previous) for (const key of previous.store.state.usersByApiKey.keys()) identity.keys.add(key);
  const byKey: typeof state.usersByApiKey = new Map();
  for (const user of state.usersByApiKey.values()) {
    if (!identity.keys.has(user.api_key)) {
      user.api_key = realmApiKey(user.api_key, identity.subdomain);
      identity.keys.add(user.api_key);
    }
    byKey.set(user.api_key, user);
  }
  state.usersByApiKey = byKey;
  app.store.offsetIds(identity.idOffset);
}

// Each realm's ids start this far beyond the previous realm's (cycling), so ids are unique across the realms
// of a server as the real server's are, and stay below 2^31.
const ID_STRIDE = 1_000_000;
const ID_RANGES = 2000;

type Handle = (request: ApiRequest) => Promise<ApiResponse>;

/** Most Host values remembered (a client sends the same Host on every request). */
const HOST_CACHE_SIZE = 1024;

const NONEXISTENT: ApiResponse = {
  status: 404,
  headers: { 'Content-Type': 'application/json' },
  body: errors.nonexistentSubdomain().body(),
};

/** The realms of one mock and the host dispatch in front of them (`mock.realms`). */
export class RealmRegistry {
  readonly #realms = new Map<string, { mock: Mock; source: string }>();
  /** Host header value → that realm's handler (null: a subdomain no realm has). */
  readonly #hosts = new Map<string, Handle | null>();
  /** Whether host dispatch is on: from the first realm created on, for the life of the mock. */
  #multi = false;
  #created = 0;
  #drawn = 0;
  #baseUrl: string;
  readonly #sources: RealmSources;
  readonly #faults: TrafficPatch;

  /** @internal Made by createMock; use `mock.realms`. */
  constructor(
    private readonly defaultMock: Mock,
    private readonly defaultHandle: Handle,
    private readonly options: MockOptions,
    private readonly build: (
      options: MockOptions,
      prepare?: (app: App, previous: App | undefined) => void,
    ) => RealmMock,
    initial: PreparedRealm,
  ) {
    this.#baseUrl = defaultMock.store.state.realm.url;
    this.#sources = new RealmSources(initial, options);
    // The server's starting faults (serve's traffic flags), before any test changes the default realm's.
    this.#faults = wireSettings(defaultMock.faults.get()) as TrafficPatch;
  }

  /** The base domain of realm subdomains besides `localhost` (`serve --realm-host`), if any. */
  get realmHost(): string | undefined {
    return this.options.realmHost;
  }

  /**
   * Sets the URL realm URLs are formed from (`serve` gives its listening URL, so a realm of a server on port
   * 0 gets its real port); realms made afterwards get `http://<subdomain>.<host>:<port>`.
   */
  setBaseUrl(url: string): void {
    this.#baseUrl = url;
  }

  /** The URL of the realm at `subdomain` (whether or not it exists yet). */
  urlOf(subdomain: string): string {
    return realmUrlOf(subdomain, this.#baseUrl, this.options.realmHost);
  }

  /** The realm at `subdomain`, or undefined. */
  get(subdomain: string): Mock | undefined {
    return this.#realms.get(subdomain)?.mock;
  }

  /** The realms besides the default one, in creation order. */
  list(): RealmListing[] {
    return [...this.#realms].map(([subdomain, { mock, source }]) => ({
      subdomain,
      realm_url: mock.store.state.realm.url,
      source,
      feature_level: mock.services.featureLevel,
    }));
  }

  /** How many realms there are besides the default one. */
  get size(): number {
    return this.#realms.size;
  }

  /**
   * Adds a realm; throws an ApiError (nothing changed) for a bad or taken subdomain or an unknown source.
   * @example
   * const worker = await mock.realms.create({ subdomain: 'w1' });
   * await fetch('http://w1.localhost:9991/api/v1/users/me', { headers: { Authorization: auth(worker.accounts()[0]) } });
   */
  async create(options: CreateRealmOptions = {}): Promise<Mock> {
    const subdomain = options.subdomain ?? this.#draw();
    this.#checkFree(subdomain);
    const level = options.featureLevel;
    const levelProblem = level === undefined ? undefined : featureLevelProblem(level);
    if (levelProblem) throw errors.badRequest(`Invalid feature_level: ${levelProblem}`);
    const { prepared, label } = await this.#sources.resolve(options.source);
    // Another create may have taken the name while the source loaded.
    this.#checkFree(subdomain);
    const index = ++this.#created;
    const identity: RealmIdentity = {
      subdomain,
      url: this.urlOf(subdomain),
      idOffset: (index % ID_RANGES || ID_RANGES) * ID_STRIDE,
      keys: new Set(),
    };
    const clock = options.clock ?? createControllableClock();
    const seed = this.options.seed === undefined ? undefined : this.options.seed + index * 104_729;
    const realm = this.build(
      {
        ...this.options,
        realm: prepared,
        clock,
        seed,
        featureLevel: level ?? this.options.featureLevel,
        onRequest: this.options.onRequest && ((entry) => this.options.onRequest!(entry, subdomain)),
        // Faults of its own, starting from the server's (serve's traffic flags), not from the default realm's now.
        traffic: createTraffic({ seed, clock, settings: this.#faults }),
      },
      (app, previous) => applyIdentity(app, previous, identity),
    );
    const mock = this.#join(realm, subdomain);
    this.#realms.set(subdomain, { mock, source: label });
    this.#multi = true;
    this.#hosts.clear();
    return mock;
  }

  /** Removes a realm: its event queues are closed (polls hear BAD_EVENT_QUEUE_ID) and its timers cleared. */
  delete(subdomain: string): boolean {
    const entry = this.#realms.get(subdomain);
    if (!entry) return false;
    this.#realms.delete(subdomain);
    this.#hosts.clear();
    retire(entry.mock);
    return true;
  }

  /** Removes every realm but the default one. */
  clear(): void {
    for (const subdomain of [...this.#realms.keys()]) this.delete(subdomain);
  }

  /** The handler of a request: its realm's by Host (one Map lookup once the Host was seen), or the 404. */
  readonly dispatch: Handle = (request) => {
    const path = request.path;
    // `/svc-mock/...` is the only root path starting with 's': the API's requests go by with one comparison.
    if (path.charCodeAt(1) === 115 && isRealmRoute(path) && (this.options.control ?? true))
      return answerRealmRoute(this, request, this.defaultMock.services);
    if (!this.#multi) return this.defaultHandle(request);
    const host = request.header('host');
    if (host === undefined) return this.defaultHandle(request);
    let handle = this.#hosts.get(host);
    if (handle === undefined) {
      handle = this.#resolve(host);
      if (this.#hosts.size >= HOST_CACHE_SIZE) this.#hosts.clear();
      this.#hosts.set(host, handle);
    }
    return handle === null ? Promise.resolve({ ...NONEXISTENT }) : handle(request);
  };

  #resolve(host: string): Handle | null {
    const subdomain = subdomainOf(host, this.options.realmHost);
    if (subdomain === undefined) return this.defaultHandle;
    return this.#realms.get(subdomain)?.mock.handle ?? null;
  }

  #checkFree(subdomain: string): void {
    if (!isValidSubdomain(subdomain)) throw errors.badSubdomain(subdomain);
    if (this.#realms.has(subdomain)) throw errors.subdomainTaken(subdomain);
  }

  #draw(): string {
    let name: string;
    do name = `realm-${++this.#drawn}`;
    while (this.#realms.has(name));
    return name;
  }

  /** Gives a realm mock the registry's surface. */
  #join(realm: RealmMock, subdomain: string | undefined): Mock {
    return Object.assign(realm, {
      realms: this,
      realm: (name: string) => this.get(name),
      subdomain,
    }) as Mock;
  }

  /** @internal Joins the default realm (createMock). */
  joinDefault(): Mock {
    return this.#join(this.defaultMock as RealmMock, undefined);
  }
}

/**
 * Turns a realm mock into the many-realm mock createMock returns: the default realm's surface, with `handle`
 * and `fetch` choosing the realm by the request's Host.
 */
export function withRealms(
  realm: RealmMock,
  options: MockOptions,
  build: (options: MockOptions, prepare?: (app: App, previous: App | undefined) => void) => RealmMock,
): Mock {
  const mock = realm as Mock;
  if (!(options.realm instanceof PreparedRealm)) throw new TypeError('withRealms needs a PreparedRealm');
  const registry = new RealmRegistry(mock, realm.handle, options, build, options.realm);
  registry.joinDefault();
  mock.handle = registry.dispatch;
  mock.fetch = (request) => fetchThrough(request, registry.dispatch);
  return mock;
}
