/** Expected outcomes: a compact rule per route, turned into one outcome per caller and object. */
import type { AuthMode } from '../../api/route.js';
import type { CallerName } from './callers.js';

/**
 * An expected answer: `STATUS[ CODE][: message]`, e.g. `200`, `401 UNAUTHORIZED: Invalid API key`,
 * `400: Invalid message(s)` (the code defaults to BAD_REQUEST for a 4xx; a missing message is not checked).
 */
export type Outcome = string;

/**
 * How a route decides who may call it:
 * `open` anyone, credentials or not; `control` the mock's own API (credentials ignored, no leak scan);
 * `user` any active account; `not-guest`; `human` (no bots); `admin`; `owner`;
 * `own-only` only the caller's own object; `message-access` messages the caller may read;
 * `channel-access` channels the caller may see (administrators see every channel's metadata);
 * `channel-content` channels whose content the caller may reach (a private one only as a subscriber).
 */
export type Rule =
  | 'open'
  | 'control'
  | 'user'
  | 'not-guest'
  | 'human'
  | 'admin'
  | 'owner'
  | 'own-only'
  | 'message-access'
  | 'channel-access'
  | 'channel-content';

/** The objects a route can take: the caller's own, another user's, one in a private channel the caller is not in. */
export type Variant = 'own' | 'other' | 'private' | 'none';

/** Kinds of objects a route takes, and which variants exist for each. */
export const VARIANTS = {
  message: ['own', 'other', 'private'],
  draft: ['own', 'other'],
  snippet: ['own', 'other'],
  scheduled: ['own', 'other'],
  channel: ['own', 'private'],
  // user: yourself, the quiet member (shares a channel with everyone), the keeper (only in the private channel).
  user: ['own', 'other', 'private'],
  email: ['own', 'other', 'private'],
  group: ['own', 'other'],
  queue: ['own', 'other'],
  invite: ['own', 'other'],
  link: ['own', 'other'],
  linkifier: ['other'],
  playground: ['other'],
} as const satisfies Record<string, readonly Variant[]>;

/** A kind of object. */
export type ObjectKind = keyof typeof VARIANTS;

/** One route's declaration in the expectations table. */
export interface RouteExpectation {
  rule: Rule;
  object?: ObjectKind;
  /** Request parameters; `$object` is replaced by the object's id and `$self` by the caller's user id. */
  params?: Record<string, unknown>;
  /** Values of path parameters other than the object's (default: every path parameter is the object). */
  path?: Record<string, unknown>;
  /**
   * Per-cell overrides, applied after the rule: keys are callers and/or variants joined by `/`
   * (`guest`, `*\/private`, `member,moderator/other`, `anon` for both unauthenticated callers).
   */
  over?: Record<string, Outcome>;
  /** Markers this route may return to any caller, with the reason written beside the entry. */
  leaks?: readonly string[];
}

const NOT_LOGGED_IN = '401 UNAUTHORIZED: Not logged in: API authentication or user session required';
const NOT_FOUND: Partial<Record<ObjectKind, Outcome>> = {
  draft: '404: Draft does not exist',
  snippet: '404: Saved snippet does not exist.',
  scheduled: '404: Scheduled message does not exist',
  queue: '400 BAD_EVENT_QUEUE_ID',
};
const ROLE_RANK: Partial<Record<CallerName, number>> = {
  owner: 100,
  admin: 200,
  moderator: 300,
  member: 400,
  bot: 400,
  guest: 600,
};

function ruleOutcome(
  rule: Rule,
  caller: CallerName,
  variant: Variant,
  kind: ObjectKind | undefined,
): Outcome {
  const rank = ROLE_RANK[caller] ?? 999;
  switch (rule) {
    case 'open':
    case 'control':
    case 'user':
      return '200';
    case 'not-guest':
      return caller === 'guest' ? '400: Not allowed for guest users' : '200';
    case 'human':
      return caller === 'bot' ? '400: This endpoint does not accept bot requests.' : '200';
    case 'admin':
      return rank <= 200 ? '200' : '400: Must be an organization administrator';
    case 'owner':
      return rank <= 100 ? '200' : '400: Must be an organization owner';
    case 'own-only':
      return variant === 'own' ? '200' : (NOT_FOUND[kind!] ?? '400');
    case 'message-access':
      return variant === 'private' ? '400: Invalid message(s)' : '200';
    case 'channel-access':
      return variant === 'private' && rank > 200 ? '400: Invalid channel ID' : '200';
    case 'channel-content':
      return variant === 'private' ? '400: Invalid channel ID' : '200';
  }
}

function matches(key: string, caller: CallerName, variant: Variant): boolean {
  const [who = '*', what = '*'] = key.split('/');
  const callers = who.split(',');
  const whoOk =
    who === '*' ||
    callers.includes(caller) ||
    (callers.includes('anon') && (caller === 'none' || caller === 'bad-key'));
  return whoOk && (what === '*' || what.split(',').includes(variant));
}

/** The outcome expected for one cell: authentication first, then the rule, then the overrides. */
export function expectedOutcome(
  expectation: RouteExpectation,
  auth: AuthMode,
  caller: CallerName,
  variant: Variant,
): Outcome {
  let outcome: Outcome;
  let authFailed = false;
  const anonymous =
    caller === 'none' || (auth === 'none' && (caller === 'bad-key' || caller === 'deactivated'));
  if (auth === 'none' || (anonymous && auth === 'optional'))
    outcome = ruleOutcome(expectation.rule, 'none', variant, expectation.object);
  else if (caller === 'none' || caller === 'bad-key' || caller === 'deactivated') {
    authFailed = true;
    outcome =
      caller === 'none'
        ? NOT_LOGGED_IN
        : caller === 'bad-key'
          ? '401 UNAUTHORIZED: Invalid API key'
          : '401 UNAUTHORIZED: Account is deactivated';
  } else outcome = ruleOutcome(expectation.rule, caller, variant, expectation.object);
  const overrides = Object.entries(expectation.over ?? {});
  // Wildcard keys first, so a key naming the caller wins.
  overrides.sort(([a], [b]) => Number(!a.startsWith('*')) - Number(!b.startsWith('*')));
  // A caller refused by authentication is overridden only by a key that names it.
  for (const [key, value] of overrides)
    if (matches(key, caller, variant) && !(authFailed && key.startsWith('*'))) outcome = value;
  return outcome;
}

/** Whether an answer matches an outcome; undefined when it does, else what differs. */
export function compareOutcome(outcome: Outcome, status: number, body: unknown): string | undefined {
  const m = /^(\d{3})(?: ([A-Z_]+))?(?:: (.*))?$/.exec(outcome);
  if (!m) return `bad outcome ${outcome}`;
  const [, wantStatus, wantCode, wantMsg] = m;
  const envelope = (body ?? {}) as { code?: unknown; msg?: unknown };
  if (Number(wantStatus) !== status) return 'status';
  if (status < 400) return undefined;
  if (envelope.code !== (wantCode ?? 'BAD_REQUEST')) return 'code';
  if (wantMsg !== undefined && envelope.msg !== wantMsg) return 'msg';
  return undefined;
}
