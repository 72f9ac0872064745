/** Traffic settings (latency, injected failures, rate limits): their shape and the parsing of user input. */
import { errors } from '../errors/index.js';

/** How an injected failure looks to the client. */
export type FailKind = '500' | '502' | '503' | '504' | 'drop';
/** Every failure kind, in the order the CLI documents them. */
export const FAIL_KINDS: readonly FailKind[] = ['500', '502', '503', '504', 'drop'];

/** A delay range in milliseconds (inclusive). */
export interface LatencyRange {
  min: number;
  max: number;
}

/** A rate-limit rule: `limit` requests per `windowSeconds`. */
export interface RateRule {
  limit: number;
  windowSeconds: number;
}

/**
 * One layer of settings. `undefined` inherits from the less specific layer; `null` (or rate 0) turns the
 * setting off at this layer, so a user or endpoint can be exempted from a global setting.
 */
export interface TrafficRule {
  latency?: LatencyRange | null;
  failRate?: number;
  failKinds?: FailKind[];
  rateLimit?: RateRule | null;
  /** Bucket of unauthenticated requests per client address; 100 per 60 s when `rateLimit` is on. */
  ipRateLimit?: RateRule | null;
}

/** All settings: the global layer plus layers per endpoint (`POST /messages`) and per user (id or e-mail). */
export interface TrafficSettings extends TrafficRule {
  endpoints: Record<string, TrafficRule>;
  users: Record<string, TrafficRule>;
}

/** The real server's default rules (reference facts E.3). */
export const DEFAULT_USER_RATE: RateRule = { limit: 200, windowSeconds: 60 };
export const DEFAULT_IP_RATE: RateRule = { limit: 100, windowSeconds: 60 };
/** Password attempts per username (POST /fetch_api_key) while rate limits are on: 5 per 30 minutes. */
export const PASSWORD_ATTEMPT_RATE: RateRule = { limit: 5, windowSeconds: 30 * 60 };
/** The failure kind used when a fail rate is set without kinds. */
export const DEFAULT_FAIL_KINDS: FailKind[] = ['500'];

const RULE_KEYS = ['latency', 'failRate', 'failKinds', 'rateLimit', 'ipRateLimit'] as const;
const SNAKE: Record<string, (typeof RULE_KEYS)[number]> = {
  fail_rate: 'failRate',
  fail_kinds: 'failKinds',
  rate_limit: 'rateLimit',
  ip_rate_limit: 'ipRateLimit',
};

const bad = (msg: string) => errors.badRequest(msg);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses `50..300`, `100`, `{min, max}` or `[min, max]` (ms); `null`, `off` or `0` turn latency off. */
export function parseLatency(value: unknown): LatencyRange | null {
  if (value === null || value === 'off' || value === 0 || value === '0') return null;
  let min: number;
  let max: number;
  if (typeof value === 'number') min = max = value;
  else if (typeof value === 'string') {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(?:(?:\.\.|-)\s*(\d+(?:\.\d+)?)\s*)?(?:ms)?\s*$/.exec(value);
    if (!m) throw bad(`Invalid latency '${value}': expected milliseconds like 50..300 or 100`);
    min = Number(m[1]);
    max = m[2] === undefined ? min : Number(m[2]);
  } else if (Array.isArray(value) && value.length === 2) [min, max] = value.map(Number) as [number, number];
  else if (isObject(value)) [min, max] = [Number(value.min), Number(value.max)];
  else throw bad('Invalid latency: expected milliseconds like 50..300, a number or {min, max}');
  if (!Number.isFinite(min) || !Number.isFinite(max) || min < 0 || max < min || max > 600_000)
    throw bad(`Invalid latency ${min}..${max}: need 0 <= min <= max <= 600000 ms`);
  return { min, max };
}

/** Parses a fraction in [0, 1]. */
export function parseFailRate(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1)
    throw bad(`Invalid fail rate '${String(value)}': expected a number from 0 to 1`);
  return n;
}

/** Parses `500,503,drop` or a list of kinds. */
export function parseFailKinds(value: unknown): FailKind[] {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined;
  if (!items) throw bad(`Invalid fail kinds: expected a list of ${FAIL_KINDS.join(', ')}`);
  const kinds = items.map((k) => String(k).trim().toLowerCase()).filter(Boolean);
  const unknown = kinds.filter((k) => !(FAIL_KINDS as readonly string[]).includes(k));
  if (unknown.length || kinds.length === 0)
    throw bad(`Invalid fail kinds '${kinds.join(',')}': each must be one of ${FAIL_KINDS.join(', ')}`);
  return [...new Set(kinds)] as FailKind[];
}

/**
 * Parses `200/60s`, `200/60`, `200` (per 60 s), `{limit, windowSeconds}` (or `window_seconds`, the HTTP form) or
 * `true` (200/60s); null/off = off.
 */
export function parseRateRule(value: unknown, fallback: RateRule): RateRule | null {
  if (value === null || value === false || value === 'off') return null;
  if (value === true || value === 'on') return { ...fallback };
  let limit: number;
  let windowSeconds: number;
  if (typeof value === 'number') [limit, windowSeconds] = [value, fallback.windowSeconds];
  else if (typeof value === 'string') {
    const m = /^\s*(\d+)\s*(?:\/\s*(\d+(?:\.\d+)?)\s*(s|m|min)?\s*)?$/.exec(value);
    if (!m) throw bad(`Invalid rate limit '${value}': expected requests/window like 200/60s`);
    limit = Number(m[1]);
    windowSeconds =
      m[2] === undefined ? fallback.windowSeconds : Number(m[2]) * (m[3]?.startsWith('m') ? 60 : 1);
  } else if (isObject(value))
    [limit, windowSeconds] = [Number(value.limit), Number(value.windowSeconds ?? value.window_seconds)];
  else throw bad('Invalid rate limit: expected requests/window like 200/60s');
  if (!Number.isInteger(limit) || limit < 1 || !Number.isFinite(windowSeconds) || windowSeconds <= 0)
    throw bad(`Invalid rate limit ${limit}/${windowSeconds}s: need at least 1 request per a positive window`);
  return { limit, windowSeconds };
}

/** Parses one layer from JSON-ish input (camelCase or snake_case keys); unknown keys are refused. */
export function parseRule(input: unknown, where = 'settings'): TrafficRule {
  if (!isObject(input)) throw bad(`Invalid ${where}: expected an object`);
  const rule: TrafficRule = {};
  for (const [rawKey, value] of Object.entries(input)) {
    const key = SNAKE[rawKey] ?? rawKey;
    if (value === undefined) continue;
    switch (key) {
      case 'latency':
        rule.latency = parseLatency(value);
        break;
      case 'failRate':
        rule.failRate = parseFailRate(value);
        break;
      case 'failKinds':
        rule.failKinds = parseFailKinds(value);
        break;
      case 'rateLimit':
        rule.rateLimit = parseRateRule(value, DEFAULT_USER_RATE);
        break;
      case 'ipRateLimit':
        rule.ipRateLimit = parseRateRule(value, DEFAULT_IP_RATE);
        break;
      default:
        throw bad(`Unknown ${where} field '${rawKey}'`);
    }
  }
  return rule;
}

/** `post /api/v1/messages` → `POST /messages`: the route table's method and path pattern. */
export function endpointKey(key: string): string {
  const m = /^\s*([A-Za-z]+)\s+(\/\S*)\s*$/.exec(key);
  if (!m) throw bad(`Invalid endpoint '${key}': expected a method and a path like 'POST /messages'`);
  const path = m[2]!.startsWith('/api/v1/') ? m[2]!.slice('/api/v1'.length) : m[2]!;
  return `${m[1]!.toUpperCase()} ${path}`;
}

/** A user key: a user id as digits, or a lower-case e-mail address. */
export function userKey(key: string): string {
  const k = key.trim().toLowerCase();
  if (!/^\d+$/.test(k) && !/^[^@\s]+@[^@\s]+$/.test(k))
    throw bad(`Invalid user '${key}': expected a user id or an e-mail address`);
  return k;
}

/** Merges layers: fields a later layer defines win. */
export function mergeRules(...layers: (TrafficRule | undefined)[]): TrafficRule {
  const out: TrafficRule = {};
  for (const layer of layers) {
    if (!layer) continue;
    for (const key of RULE_KEYS) if (layer[key] !== undefined) Object.assign(out, { [key]: layer[key] });
  }
  return out;
}

/** Whether a layer turns anything on. */
export function ruleIsActive(rule: TrafficRule): boolean {
  return !!rule.latency || (rule.failRate ?? 0) > 0 || !!rule.rateLimit || !!rule.ipRateLimit;
}

/** A rate rule as the control API shows it over HTTP (snake_case, like the rest of the API). */
const wireRate = (rule: RateRule | null | undefined) =>
  rule ? { limit: rule.limit, window_seconds: rule.windowSeconds } : rule;

/** One layer in the HTTP form: `fail_rate`, `fail_kinds`, `rate_limit`, `ip_rate_limit`, `window_seconds`. */
function wireRule(rule: TrafficRule): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (rule.latency !== undefined) out.latency = rule.latency;
  if (rule.failRate !== undefined) out.fail_rate = rule.failRate;
  if (rule.failKinds !== undefined) out.fail_kinds = rule.failKinds;
  if (rule.rateLimit !== undefined) out.rate_limit = wireRate(rule.rateLimit);
  if (rule.ipRateLimit !== undefined) out.ip_rate_limit = wireRate(rule.ipRateLimit);
  return out;
}

const wireLayers = (layers: Record<string, TrafficRule>) =>
  Object.fromEntries(Object.entries(layers).map(([key, rule]) => [key, wireRule(rule)]));

/** The settings as `/svc-mock/faults` answers them: the same names its parameters take. */
export function wireSettings(settings: TrafficSettings): Record<string, unknown> {
  return {
    ...wireRule(settings),
    endpoints: wireLayers(settings.endpoints),
    users: wireLayers(settings.users),
  };
}
