/** Turns a recorded body or event into a readable expectation: a subset with matchers for volatile fields. */
import { isMatcher, isObject } from '../matchers.js';
import {
  capturedPlaceholder,
  holdsKey,
  isActor,
  personPlaceholder,
  replaceEmails,
  type ShapeContext,
} from './context.js';
import {
  escapeBraces,
  isCounterKey,
  isIdKey,
  isIdParam,
  kindOf,
  isSecretKey,
  isServerKey,
  isNameKey,
  isStateKey,
  isTimeKey,
  isUserKey,
  looksLikeTime,
} from './rules.js';

/** Limits that keep expectations small enough to read. */
export const LIMITS = { depth: 4, arrayItems: 3, objectKeys: 10, text: 200 } as const;

const typeMatcher = (value: unknown): Record<string, unknown> => ({
  $type:
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : typeof value === 'number'
          ? Number.isInteger(value)
            ? 'integer'
            : 'number'
          : typeof value,
});

const isBareType = (value: unknown): boolean =>
  isMatcher(value) && Object.keys(value).length === 1 && '$type' in value;

/** Whether a value mentions a captured id (then a long list keeps it as a `$contains` element). */
function mentionsCapture(ctx: ShapeContext, value: unknown, key: string, parent: string): boolean {
  if (Array.isArray(value)) return value.some((v) => mentionsCapture(ctx, v, key, parent));
  if (isObject(value)) return Object.entries(value).some(([k, v]) => mentionsCapture(ctx, v, k, key));
  return isIdKey(key) && capturedPlaceholder(ctx, value, kindOf(parent, key)) !== undefined;
}

function expectNumber(ctx: ShapeContext, value: number, key: string, parent: string, atMs: number): unknown {
  if (isUserKey(key) || key === 'user_id') {
    const person = ctx.byUserId.get(value);
    if (person && isActor(ctx, person)) return personPlaceholder(ctx, person, 'user_id');
  }
  if (isIdParam(key) || isUserKey(key) || isCounterKey(key))
    return capturedPlaceholder(ctx, value, kindOf(parent, key)) ?? typeMatcher(value);
  if (isTimeKey(key) || looksLikeTime(value))
    return Math.abs(value - atMs / 1000) <= 60
      ? { $near: { value: '{now}', within: 60 } }
      : typeMatcher(value);
  return value;
}

function expectString(ctx: ShapeContext, value: string, key: string, parent: string): unknown {
  if (isSecretKey(key) || holdsKey(ctx, value)) return { $type: 'string' };
  const made = isNameKey(key) ? ctx.runNames.get(value) : undefined;
  if (made) return made;
  const captured = capturedPlaceholder(ctx, value, kindOf(parent, key));
  if (captured) return captured;
  if (isIdKey(key) || key === 'queue_id' || isServerKey(key) || /^https?:\/\//.test(value))
    return { $type: 'string' };
  if (isTimeKey(key) && /^\d{4}-\d\d-\d\d/.test(value)) return { $type: 'string' };
  if (/full_name$/.test(key))
    for (const person of ctx.byEmail.values())
      if (person.fullName === value && isActor(ctx, person))
        return personPlaceholder(ctx, person, 'full_name');
  if (value.length > LIMITS.text) return { $type: 'string' };
  return value.includes('@')
    ? (replaceEmails(ctx, value, false) ?? { $type: 'string' })
    : escapeBraces(value);
}

/**
 * The expectation for one value found under `key` of an object found under `parent` (`atMs`: when it was
 * received, for timestamps near now).
 */
export function expectValue(
  ctx: ShapeContext,
  value: unknown,
  key: string,
  atMs: number,
  depth = 0,
  parent = '',
): unknown {
  if (typeof value === 'number') return expectNumber(ctx, value, key, parent, atMs);
  if (typeof value === 'string') return expectString(ctx, value, key, parent);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    if (depth < LIMITS.depth && value.length <= LIMITS.arrayItems)
      return value.map((v) => expectValue(ctx, v, key, atMs, depth + 1, parent));
    const mentioning = value.filter((v) => mentionsCapture(ctx, v, key, parent)).slice(0, LIMITS.arrayItems);
    if (mentioning.length)
      return { $contains: mentioning.map((v) => expectValue(ctx, v, key, atMs, depth + 1, parent)) };
    return { $type: 'array' };
  }
  // Keys that are ids (`subscribed: {"10": [...]}`) cannot hold placeholders: only the shape is kept.
  const keys = Object.keys(value);
  if (depth >= LIMITS.depth || (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))))
    return { $type: 'object' };
  let entries = Object.entries(value as Record<string, unknown>)
    .filter(([k]) => !isStateKey(k))
    .map(([k, v]) => [k, expectValue(ctx, v, k, atMs, depth + 1, key)] as const);
  // A big object keeps its telling fields: bare type checks go first, then the tail.
  if (entries.length > LIMITS.objectKeys) entries = entries.filter(([, v]) => !isBareType(v));
  return Object.fromEntries(entries.slice(0, LIMITS.objectKeys));
}

/** The expected body of an answer: error answers by their code, success answers as a trimmed subset. */
export function expectBody(ctx: ShapeContext, body: unknown, status: number, atMs: number): unknown {
  if (!isObject(body)) return undefined;
  if (status >= 400)
    return typeof body.code === 'string' ? { result: body.result, code: body.code } : undefined;
  const { msg, ...rest } = body;
  const kept = msg === '' || msg === undefined ? rest : body;
  return expectValue(ctx, kept, '', atMs);
}

/** The expectation of an event: like a body, without the queue's own event id. */
export function expectEvent(ctx: ShapeContext, event: unknown, atMs: number): unknown {
  if (!isObject(event)) return event;
  const { id: _id, ...rest } = event;
  return expectValue(ctx, rest, '', atMs);
}
