/** createTraffic: seeded latency, injected failures and rate limits that the dispatcher applies per request. */
import type { Clock } from '../../store/clock.js';
import { createRandom, type Random } from '../../store/random.js';
import { errors } from '../errors/index.js';
import {
  DEFAULT_FAIL_KINDS,
  DEFAULT_IP_RATE,
  PASSWORD_ATTEMPT_RATE,
  endpointKey,
  mergeRules,
  parseRule,
  ruleIsActive,
  userKey,
  type FailKind,
  type RateRule,
  type TrafficRule,
  type TrafficSettings,
} from './settings.js';

/** What the dispatcher tells {@link Traffic.admit} about one request. */
export interface TrafficRequest {
  /** The matched route as `METHOD /path-pattern`, e.g. `POST /messages`. */
  endpoint: string;
  /** Routes the real server never limits (avatars, uploads). */
  skipRateLimit?: boolean;
  /** The authenticated caller, if any. */
  user?: { user_id: number; delivery_email: string };
  /** The client address (unauthenticated bucket); the same for every in-process call. */
  ip?: string;
  /** Current time (ms) from the app's clock, so windows follow a test's manual clock. */
  now?: number;
}

/** The outcome of admitting a request: headers to add, or a dropped connection. */
export interface TrafficVerdict {
  headers?: Record<string, string>;
  drop?: boolean;
}

/** Partial settings as accepted by {@link Traffic.set}: any rule field, plus endpoint and user layers. */
export interface TrafficPatch extends Record<string, unknown> {
  endpoints?: Record<string, Record<string, unknown> | null>;
  users?: Record<string, Record<string, unknown> | null>;
}

/** Latency, faults and rate limits of one mock; all off until set. */
export interface Traffic {
  /** The current settings (a copy). */
  get(): TrafficSettings;
  /** Merges `patch` into the settings (an endpoint or user set to null is removed); bad input throws ApiError. */
  set(patch: TrafficPatch): TrafficSettings;
  /** Turns everything off and forgets rate-limit windows. */
  clear(): void;
  /** Restarts the seeded generator, so the same requests meet the same delays and failures again. */
  reseed(seed?: number): void;
  /** Whether any latency, failure or rate limit is set (without, admit() lets every request through as is). */
  shaping(): boolean;
  /** Applies the settings to one request: waits, then throws the failure or 429 ApiError, or returns headers. */
  admit(request: TrafficRequest): Promise<TrafficVerdict>;
  /**
   * Counts a password attempt for `username` (as given) at `endpoint` while that endpoint is rate-limited:
   * the server's 5 per 30 minutes per username; throws the 429 ApiError once they are used up.
   */
  passwordAttempt(endpoint: string, username: string, now: number): void;
  /** Forgets the attempts of `username` after a successful login, as the server does. */
  passwordSucceeded(username: string): void;
}

/** Options of {@link createTraffic}. */
export interface TrafficOptions {
  /** Seed of the per-request draws (latency, failure); default 1. */
  seed?: number;
  /** Fallback time source when a request brings no `now` (the dispatcher always passes its app's clock). */
  clock?: Clock;
  /** Initial settings, as for {@link Traffic.set}. */
  settings?: TrafficPatch;
  /** Waits `ms` of real time; default globalThis.setTimeout. Tests inject a recorder. */
  sleep?: (ms: number) => Promise<void>;
}

interface Window {
  start: number;
  count: number;
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => globalThis.setTimeout(resolve, ms));

const emptySettings = (): TrafficSettings => ({ endpoints: {}, users: {} });

function copy(settings: TrafficSettings): TrafficSettings {
  return structuredClone(settings);
}

/**
 * Creates the traffic shaper a mock applies per request (pass it as `createApp({ traffic })`).
 * @example
 * const traffic = createTraffic({ seed: 7, settings: { latency: '50..300', rateLimit: '200/60s' } });
 */
export function createTraffic(options: TrafficOptions = {}): Traffic {
  let seed = options.seed ?? 1;
  let random: Random = createRandom(seed);
  let settings = emptySettings();
  const windows = new Map<string, Window>();
  const sleep = options.sleep ?? realSleep;

  const shaping = (): boolean => ruleIsActive(settings) || hasLayers(settings);

  const ruleFor = (request: TrafficRequest): TrafficRule => {
    const { user } = request;
    const userLayer = user
      ? (settings.users[String(user.user_id)] ?? settings.users[user.delivery_email.toLowerCase()])
      : undefined;
    return mergeRules(settings, settings.endpoints[request.endpoint], userLayer);
  };

  /** Counts one request in the window of `key` unless it is used up; says whether it was, and when it ends. */
  const tally = (
    key: string,
    rule: RateRule,
    now: number,
  ): { window: Window; end: number; limited: boolean } => {
    const windowMs = rule.windowSeconds * 1000;
    let window = windows.get(key);
    if (!window || now >= window.start + windowMs) {
      window = { start: now, count: 0 };
      windows.set(key, window);
    }
    const limited = window.count >= rule.limit;
    if (!limited) window.count++;
    return { window, end: window.start + windowMs, limited };
  };

  /** Counts the request in its window; returns the rate-limit headers, or throws the 429. */
  const count = (key: string, rule: RateRule, now: number): Record<string, string> => {
    const { window, end, limited } = tally(key, rule, now);
    const headers = {
      'X-RateLimit-Limit': String(rule.limit),
      'X-RateLimit-Remaining': String(rule.limit - window.count),
      'X-RateLimit-Reset': String(Math.ceil(end / 1000)),
    };
    if (limited) throw errors.rateLimitHit((end - now) / 1000, headers);
    return headers;
  };

  const fail = (kind: FailKind): TrafficVerdict => {
    if (kind === 'drop') return { drop: true };
    throw kind === '500' ? errors.injectedFailure() : errors.gatewayFailure(Number(kind));
  };

  const traffic: Traffic = {
    get: () => copy(settings),
    set(patch) {
      const next = copy(settings);
      const { endpoints, users, ...rest } = patch;
      Object.assign(next, parseRule(rest));
      for (const [layer, input, keyOf] of [
        ['endpoints', endpoints, endpointKey],
        ['users', users, userKey],
      ] as const) {
        if (input === undefined) continue;
        if (input === null || typeof input !== 'object' || Array.isArray(input))
          throw errors.badRequest(
            `Invalid ${layer}: expected an object keyed by ${layer === 'users' ? 'user' : 'endpoint'}`,
          );
        for (const [rawKey, value] of Object.entries(input)) {
          const key = keyOf(rawKey);
          if (value === null) delete next[layer][key];
          else next[layer][key] = mergeRules(next[layer][key], parseRule(value, `${layer}['${rawKey}']`));
        }
      }
      settings = next;
      // A new rule starts fresh windows, as a restarted server would.
      windows.clear();
      return copy(settings);
    },
    clear() {
      settings = emptySettings();
      windows.clear();
    },
    reseed(newSeed) {
      if (newSeed !== undefined) seed = newSeed;
      random = createRandom(seed);
    },
    passwordAttempt(endpoint, username, now) {
      if (!mergeRules(settings, settings.endpoints[endpoint]).rateLimit) return;
      const { end, limited } = tally(`password:${username}`, PASSWORD_ATTEMPT_RATE, now);
      // The server's answer carries Retry-After but none of the X-RateLimit-* headers of the API buckets.
      if (limited) throw errors.rateLimitHit((end - now) / 1000, {});
    },
    passwordSucceeded(username) {
      windows.delete(`password:${username}`);
    },
    shaping,
    async admit(request) {
      if (!shaping()) return {};
      const rule = ruleFor(request);
      if (rule.latency) {
        const { min, max } = rule.latency;
        await sleep(min + Math.floor(random.next() * (max - min + 1)));
      }
      const failRate = rule.failRate ?? 0;
      if (failRate > 0 && random.next() < failRate) {
        const kinds = rule.failKinds?.length ? rule.failKinds : DEFAULT_FAIL_KINDS;
        return fail(kinds[Math.floor(random.next() * kinds.length)]!);
      }
      if (request.skipRateLimit) return {};
      const now = request.now ?? options.clock?.now() ?? 0;
      if (request.user) {
        if (!rule.rateLimit) return {};
        const scope = settings.endpoints[request.endpoint]?.rateLimit ? request.endpoint : '*';
        return { headers: count(`user:${request.user.user_id}|${scope}`, rule.rateLimit, now) };
      }
      const ipRule =
        rule.ipRateLimit !== undefined ? rule.ipRateLimit : rule.rateLimit ? DEFAULT_IP_RATE : null;
      if (!ipRule) return {};
      return { headers: count(`ip:${request.ip ?? 'local'}`, ipRule, now) };
    },
  };
  if (options.settings) traffic.set(options.settings);
  return traffic;
}

function hasLayers(settings: TrafficSettings): boolean {
  for (const key in settings.endpoints) return true;
  for (const key in settings.users) return true;
  return false;
}
