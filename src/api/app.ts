/** createApp: the API as one `fetch(Request) → Response` function over an in-memory realm. */
import { createSystemClock, type Clock } from '../store/clock.js';
import { loadRealm } from '../store/load-realm.js';
import { armScheduledDeliveries } from '../store/scheduled-messages/delivery.js';
import { QueueRegistry } from '../store/events/queues.js';
import { createRandom } from '../store/random.js';
import { freshSeed } from './fresh-seed.js';
import type { Store } from '../store/store.js';
import { authenticate, clientName, userForKey } from './auth.js';
import { loadBody, readLimited } from './body.js';
import { deriveRequest } from './derive-request.js';
import { ApiError, errors } from './errors/index.js';
import { DEFAULT_LIMITS, type RequestLimits } from './limits.js';
import { compileParams, decodeParams, readRawParams, type ParamsPlan } from './params.js';
import { SharedParams } from './shared-params.js';
import type { Traffic } from './traffic/index.js';
import {
  BodyAbortedError,
  BodyBudgetError,
  BodyTooLargeError,
  ConnectionDroppedError,
  RawResponse,
  responseText,
  type ApiRequest,
  type ApiResponse,
  type RequestSeen,
  type Route,
} from './route.js';
import { JsonText, successJson } from './json-text.js';
import { createRouter } from './router.js';
import { routes as allRoutes } from './routes/index.js';
import { DEFAULT_FEATURE_LEVEL, type AppServices } from './services.js';
import { checkFeatureLevel, has, releaseOf } from '../versions/index.js';
import { dropUnsupportedParams } from '../versions/params.js';
import { endpointExists } from '../versions/endpoints.js';

/** Options of {@link createApp}. */
export interface AppOptions {
  /**
   * A realm fixture object (e.g. the parsed fixtures/dev-realm.json), or a PreparedRealm made once with
   * `PreparedRealm.from(fixture)` when many apps are created from one fixture (each gets its own copy).
   */
  realm: unknown;
  /** Time source; defaults to the system clock. Pass a manual clock in tests. */
  clock?: Clock;
  /** Seed for generated ids such as event queue ids (without one, ids never repeat, even across restarts). */
  seed?: number;
  /** Feature level to emulate, 0 to NEWEST_FEATURE_LEVEL (the default); a RangeError above it. */
  featureLevel?: number;
  /** Behave as a production server (POST /dev_fetch_api_key refused). */
  production?: boolean;
  /** Reports unexpected exceptions and, with `error` undefined, one-line notices; defaults to console.error. */
  logError?: (message: string, error: unknown) => void;
  /** Latency, injected failures and rate limits (createTraffic); none when absent. */
  traffic?: Traffic;
  /** Request limits (body size, JSON depth, parameter and list counts); defaults in DEFAULT_LIMITS. */
  limits?: Partial<RequestLimits>;
  /**
   * How many emitted events `store.journal` keeps for a test to look at (default 1,000). `svc-mock serve` keeps
   * none: nothing reads them there, and each one kept outlives the young collections (CPU per request).
   */
  journalSize?: number;
}

/** A running mock: the store, the route table and the two entry points. */
export interface App {
  store: Store;
  services: AppServices;
  routes: readonly Route[];
  /**
   * The dispatcher on a plain request record (used by the node adapter without Request objects); `seen`, when
   * given, is filled with the user it authenticated and the body it read (for a request log).
   */
  handle(request: ApiRequest, seen?: RequestSeen): Promise<ApiResponse>;
  /** The API as a fetch function. */
  fetch(request: Request): Promise<Response>;
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** What the dispatcher keeps per route: its parameter plan and its `METHOD /path` key. */
interface RoutePlan {
  params: ParamsPlan;
  key: string;
}

let compiledRouting: { match: ReturnType<typeof createRouter>; plans: Map<Route, RoutePlan> } | undefined;

/**
 * The route matcher and parameter plans: the route table is static, so every app shares one copy. A route's
 * plan is compiled on its first request (a server start compiles none of them).
 */
function routing(): NonNullable<typeof compiledRouting> {
  compiledRouting ??= { match: createRouter(allRoutes), plans: new Map() };
  return compiledRouting;
}

/** The plan of a route, compiled on first use. */
function planOf(plans: Map<Route, RoutePlan>, route: Route): RoutePlan {
  let plan = plans.get(route);
  if (!plan)
    plans.set(route, (plan = { params: compileParams(route.schema), key: `${route.method} ${route.path}` }));
  return plan;
}

/** Per-request traffic outcome: rate-limit headers for the answer, or a dropped connection. */
interface TrafficGate {
  headers?: Record<string, string>;
}

const DROPPED: ApiResponse = { status: 0, headers: {}, body: null, drop: true };

/**
 * Creates the mock API over a realm fixture.
 * @example
 * const app = createApp({ realm: devRealm });
 * const res = await app.fetch(new Request('http://localhost/api/v1/server_settings'));
 */
export function createApp(options: AppOptions): App {
  const clock = options.clock ?? createSystemClock();
  const featureLevel = checkFeatureLevel(options.featureLevel ?? DEFAULT_FEATURE_LEVEL);
  // Without a seed, ids differ from every other app's and across restarts (queue ids must never repeat).
  const random = createRandom(options.seed ?? freshSeed());
  const store = loadRealm(options.realm, { clock, random, featureLevel, journalSize: options.journalSize });
  armScheduledDeliveries(store);
  const services: AppServices = {
    featureLevel,
    version: releaseOf(featureLevel),
    mergeBase: releaseOf(featureLevel),
    production: options.production ?? false,
    clock,
    logError:
      options.logError ??
      ((message, error) => (error === undefined ? console.error(message) : console.error(message, error))),
    queues: new QueueRegistry(store),
    traffic: options.traffic,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
  };
  const { match, plans } = routing();
  const reportsIgnored = has('ignored_parameters_unsupported', featureLevel);
  const limits = services.limits;

  const traffic = options.traffic;
  const sharedParams = new SharedParams();

  // A client sends the same User-Agent on every request: its product token is kept for the last one seen.
  let lastAgent: string | undefined;
  let lastAgentName = clientName(undefined);
  const agentName = (agent: string | undefined): string => {
    if (agent !== lastAgent) {
      lastAgentName = clientName(agent);
      lastAgent = agent;
    }
    return lastAgentName;
  };

  /** The answer to a request whose dispatch failed: its API error, or a logged 500. */
  const failure = (request: ApiRequest, error: unknown): ApiResponse => {
    const apiError = error instanceof ApiError ? error : errors.internal();
    if (!(error instanceof ApiError)) {
      services.logError(`svc-mock: unexpected error in ${request.method} ${request.path}`, error);
    }
    return {
      status: apiError.status,
      headers: { ...JSON_HEADERS, ...apiError.headers },
      body: apiError.body(),
    };
  };

  const dispatch = async (
    request: ApiRequest,
    seen?: RequestSeen,
    gate?: TrafficGate,
  ): Promise<ApiResponse> => {
    // Failures are answered here (their API error, or a logged 500): one promise per request, not a second
    // one to catch them.
    try {
      const found = match(request.method.toUpperCase(), request.path);
      if (found.kind === 'bad-path') throw errors.badPath();
      if (found.kind === 'not-found') throw errors.noSuchEndpoint(request.method, request.path);
      if (found.kind === 'method-not-allowed') {
        if (request.method.toUpperCase() === 'OPTIONS') {
          return { status: 204, headers: { Allow: found.allowed.join(', ') }, body: null };
        }
        throw errors.methodNotAllowed(found.allowed);
      }
      const { route } = found.compiled;
      const plan = planOf(plans, route);
      const routeKey = plan.key;
      if (!endpointExists(routeKey, services.featureLevel))
        throw errors.noSuchEndpoint(request.method, request.path);
      // Routing and authentication come before the body is read: a refused request costs no body memory.
      const query = route.queryApiKey ? new URLSearchParams(request.query) : undefined;
      let user;
      if (query && !request.header('authorization') && query.has('api_key')) {
        user = userForKey(store.state, query.get('email') ?? '', query.get('api_key')!);
      } else if (route.auth === 'user' || (route.auth === 'optional' && request.header('authorization'))) {
        user = authenticate(store.state, request.header('authorization'));
      }
      if (seen) seen.user = user;
      // Incoming-webhook bots (bot_type 2) may only send messages; the real server answers a credential error.
      if (user?.bot_type === 2 && !route.allowIncomingWebhook) throw errors.notForWebhookBots();
      // Mock-only control routes are never delayed, failed or limited.
      if (gate && !route.path.startsWith('/svc-mock/')) {
        const verdict = await traffic!.admit({
          endpoint: routeKey,
          skipRateLimit:
            route.queryApiKey === true ||
            route.path.startsWith('/avatar/') ||
            route.path.startsWith('/user_avatars/') ||
            (route.root === true && route.path.startsWith('/user_uploads/')),
          user,
          ip: request.ip,
          now: clock.now(),
        });
        if (verdict.drop) return DROPPED;
        gate.headers = verdict.headers;
      }
      // Snapshots (restore) are the one large body the mock takes; everything else is form parameters.
      const bodyLimit =
        route.path.startsWith('/svc-mock/') || route.largeBody ? limits.maxUploadBody : limits.maxBody;
      let bodyBytes;
      try {
        // Neither transport reads a GET body (node's adapter and fetch give none): no promise to wait for; a
        // body already there is taken as it is.
        const loading =
          request.method === 'GET' && request.body === null ? null : loadBody(request, bodyLimit);
        bodyBytes = loading instanceof Promise ? await loading : loading;
        if (seen) seen.body = bodyBytes;
      } catch (error) {
        if (error instanceof BodyTooLargeError) throw errors.payloadTooLarge(error.limit);
        if (error instanceof BodyBudgetError) throw errors.bodiesInFlight();
        if (error instanceof BodyAbortedError || (error as Error | undefined)?.name === 'AbortError') {
          // A client that leaves mid-body is not a fault of the server: one line, no stack; nobody reads the answer.
          services.logError(
            `svc-mock: client left before its body arrived: ${request.method} ${request.path}`,
            undefined,
          );
          throw errors.bodyAborted();
        }
        throw error;
      }
      const loaded: ApiRequest =
        bodyBytes === request.body
          ? request
          : deriveRequest(request, { body: bodyBytes, readBody: undefined });
      // A refused query throws before it is kept: it is decoded (and refused) again next time.
      const sharedKey =
        route.sharedParams && request.method === 'GET' ? `${request.path}?${request.query}` : '';
      let decoded = sharedKey ? sharedParams.find(sharedKey) : undefined;
      if (!decoded) {
        // Only a multipart body is decoded asynchronously.
        const reading = readRawParams(loaded, limits, seen);
        const raw = reading instanceof Promise ? await reading : reading;
        const unsupported = dropUnsupportedParams(routeKey, raw, services.featureLevel);
        const { params, ignored } = decodeParams(plan.params, raw, found.pathParams, limits);
        decoded = { params, ignored, unsupported };
        if (sharedKey) sharedParams.keep(sharedKey, decoded);
      }
      const { params, ignored, unsupported } = decoded;
      const returned = route.handler({
        store,
        services,
        user,
        params,
        request: loaded,
        clientName: agentName(request.header('user-agent')),
      });
      // Most handlers answer at once: awaited only when they return a promise.
      const result = returned instanceof Promise ? await returned : returned;
      if (result instanceof RawResponse) return result;
      const fields = result instanceof JsonText ? result : undefined;
      const body: Record<string, unknown> = fields
        ? { result: 'success', msg: '' }
        : { result: 'success', msg: '', ...result };
      if ((ignored.length || unsupported.length) && reportsIgnored)
        body.ignored_parameters_unsupported = unsupported.length
          ? [...ignored, ...unsupported].sort()
          : ignored;
      return { status: 200, headers: JSON_HEADERS, body: fields ? successJson(fields, body) : body };
    } catch (error) {
      return failure(request, error);
    }
  };

  // Without traffic shaping the hot path is the plain dispatcher; with it, rate-limit headers join every answer.
  const gated = async (request: ApiRequest, seen?: RequestSeen): Promise<ApiResponse> => {
    const gate: TrafficGate = {};
    const response = await dispatch(request, seen, gate);
    if (gate.headers) response.headers = { ...response.headers, ...gate.headers };
    return response;
  };
  const handle = traffic
    ? (request: ApiRequest, seen?: RequestSeen): Promise<ApiResponse> =>
        traffic.shaping() ? gated(request, seen) : dispatch(request, seen)
    : dispatch;

  return {
    store,
    services,
    routes: allRoutes,
    handle,
    async fetch(request) {
      const url = new URL(request.url);
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const response = await handle({
        method: request.method,
        path: url.pathname,
        query: url.search.slice(1),
        header: (name) => request.headers.get(name) ?? undefined,
        body: null,
        // Streamed under the route's limit once routing and authentication have passed.
        readBody: (limit) =>
          hasBody
            ? readLimited(request.body, limit, request.headers.get('content-length') ?? undefined)
            : Promise.resolve(null),
        signal: request.signal,
      });
      if (response.drop) throw new ConnectionDroppedError();
      const body = responseText(response);
      return new Response(body, { status: response.status, headers: response.headers });
    },
  };
}
