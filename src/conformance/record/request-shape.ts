/** Turns a recorded request's path and parameters into a step's `request` and `params` (placeholders, no secrets). */
import { routeOf } from '../checks.js';
import { isObject } from '../matchers.js';
import {
  capturedPlaceholder,
  holdsKey,
  personPlaceholder,
  replaceEmails,
  type ShapeContext,
} from './context.js';
import {
  escapeBraces,
  isIdParam,
  isNameKey,
  isSecretKey,
  isTimeKey,
  isUserKey,
  kindOf as idKind,
  looksLikeTime,
  nameFor,
  USER_OPERATORS,
} from './rules.js';

/** A parameter's value as the scenario writes it: JSON text becomes the value it encodes when that is exact. */
export function decodeParam(text: string): unknown {
  if (!/^[[{"\d\-tfn]/.test(text)) return text;
  try {
    const value = JSON.parse(text) as unknown;
    return JSON.stringify(value) === text ? value : text;
  } catch {
    return text;
  }
}

type Kind = 'user' | 'id' | 'plain';

function shapeParam(ctx: ShapeContext, value: unknown, kind: Kind, key: string, sentAtMs: number): unknown {
  if (typeof value === 'number') {
    const person = kind === 'user' ? ctx.byUserId.get(value) : undefined;
    if (person) return personPlaceholder(ctx, person, 'user_id');
    return (kind !== 'plain' && capturedPlaceholder(ctx, value, kindOf(key))) || value;
  }
  if (typeof value === 'string') {
    const captured = capturedPlaceholder(ctx, value, kind === 'plain' ? undefined : kindOf(key));
    if (captured && (kind !== 'plain' || ctx.queues.has(value) || !/^\d+$/.test(value))) return captured;
    const made = isNameKey(key) ? ctx.runNames.get(value) : undefined;
    if (made) return made;
    return value.includes('@') ? replaceEmails(ctx, value, true)! : escapeBraces(value);
  }
  if (Array.isArray(value)) return value.map((v) => shapeParam(ctx, v, kind, key, sentAtMs));
  if (isObject(value)) {
    const userOperand = typeof value.operator === 'string' && USER_OPERATORS.has(value.operator);
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        (isTimeKey(k) && relativeTime(v, sentAtMs)) ||
          shapeParam(ctx, v, k === 'operand' && userOperand ? 'user' : paramKind(k), k, sentAtMs),
      ]),
    );
  }
  return value;
}

const paramKind = (key: string): Kind => (isUserKey(key) ? 'user' : isIdParam(key) ? 'id' : 'plain');
/** The kind of id a parameter names (`stream_id` -> channel), when its name tells. */
const kindOf = (key: string): string | undefined => idKind('', key);

/** A moment within a day of the request, as `{now+N}` seconds from the replay's own now. */
function relativeTime(value: unknown, sentAtMs: number): string | undefined {
  if (typeof value !== 'number' || !looksLikeTime(value)) return undefined;
  const delta = Math.round(value - Math.floor(sentAtMs / 1000));
  if (Math.abs(delta) > 86_400) return undefined;
  return delta === 0 ? '{now}' : `{now${delta > 0 ? '+' : ''}${delta}}`;
}

/** The step's params: secrets dropped, ids, users, queues and e-mails as placeholders, times relative to now. */
export function shapeParams(
  ctx: ShapeContext,
  params: Record<string, string>,
  sentAtMs: number,
): Record<string, unknown> {
  const direct = ['private', 'direct'].includes(params.type ?? '');
  const out: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(params)) {
    if (isSecretKey(key) || holdsKey(ctx, text)) continue;
    const value = decodeParam(text);
    const time = isTimeKey(key) ? relativeTime(value, sentAtMs) : undefined;
    out[key] =
      time ?? shapeParam(ctx, value, key === 'to' && direct ? 'user' : paramKind(key), key, sentAtMs);
  }
  return out;
}

/** The user's part of a route's path parameter names (`user_id`, `user_id_or_email`, `email`). */
const isUserSegment = (name: string): boolean => /user_id|email/.test(name);

/** `METHOD /path` for the step: under /api/v1 without its prefix, ids and users as placeholders. */
export function shapeRequestLine(ctx: ShapeContext, method: string, path: string): string {
  const template = routeOf(method, path)?.path.split('/');
  const segments = path.split('/').map((raw, i) => {
    let text: string;
    try {
      text = decodeURIComponent(raw);
    } catch {
      return escapeBraces(raw);
    }
    const name = /^\{(.+)\}$/.exec(template?.[i] ?? '')?.[1];
    if (name && isUserSegment(name)) {
      const person = /^\d+$/.test(text) ? ctx.byUserId.get(Number(text)) : undefined;
      if (person) return personPlaceholder(ctx, person, 'user_id');
      if (text.includes('@')) return replaceEmails(ctx, text, true)!;
    }
    if (template === undefined || name) {
      const id = /^\d+$/.test(text) ? Number(text) : text;
      const captured = capturedPlaceholder(ctx, id, name ? nameFor(`/${name}`) : undefined);
      if (captured) return captured;
    }
    return text.includes('@') ? replaceEmails(ctx, text, true)! : escapeBraces(raw);
  });
  const full = segments.join('/');
  return `${method} ${full.startsWith('/api/v1/') ? full.slice('/api/v1'.length) : full}`;
}
