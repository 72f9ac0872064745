/** Orders recorded exchanges into steps and decides which response values become captures. */
import { isObject } from '../matchers.js';
import type { RecordedExchange } from './exchange.js';
import type { Person } from './people.js';
import { decodeParam } from './request-shape.js';
import { isCounterKey, isIdKey, isIdParam, isUserKey, valueKey } from './rules.js';

/** One future step: a plain request, a `register`, or an `await_events` made of a poll's events. */
export interface PlannedStep {
  exchange: RecordedExchange;
  kind: 'request' | 'register' | 'await';
  /** Queue name (register, await) and id. */
  queue?: string;
  queueId?: string;
  /** The poll's events, heartbeats left out (await). */
  events?: unknown[];
  /** Captures this step defines: name -> pointer, and the value each stands for. */
  captures: Array<{ name: string; pointer: string; value: unknown }>;
}

const METHODS = new Set(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);

/** Values the server assigns on creation: [method, path, pointer (`*`: each element), name]. */
const CREATED: Array<[string, string, string, string]> = [
  ['POST', '/api/v1/messages', '/id', 'msg'],
  ['POST', '/api/v1/scheduled_messages', '/scheduled_message_id', 'sched'],
  ['POST', '/api/v1/drafts', '/ids/*', 'draft'],
  ['POST', '/api/v1/saved_snippets', '/saved_snippet_id', 'snippet'],
  ['POST', '/api/v1/user_groups/create', '/group_id', 'group'],
  ['POST', '/api/v1/realm/filters', '/id', 'filter'],
  ['POST', '/api/v1/realm/playgrounds', '/id', 'playground'],
  ['GET', '/api/v1/get_stream_id', '/stream_id', 'channel'],
  ['POST', '/svc-mock/invitations/accept', '/user_id', 'user'],
];

const NAMES: Record<string, string> = {
  message_id: 'msg',
  stream_id: 'channel',
  scheduled_message_id: 'sched',
  saved_snippet_id: 'snippet',
  group_id: 'group',
  user_group_id: 'group',
  user_id: 'user',
};

/** A readable capture name for a value found at a pointer (`/messages/3/id` -> msg, `/invites/0/id` -> invite). */
export function nameFor(pointer: string): string {
  const parts = pointer.split('/').filter((p) => p !== '' && !/^\d+$/.test(p));
  const key = parts.at(-1) ?? 'id';
  if (NAMES[key]) return NAMES[key];
  if (key !== 'id' && key !== 'ids') return key.replace(/_ids?$/, '').replace(/[^A-Za-z0-9_]/g, '_') || 'id';
  const parent = parts.at(-2);
  if (!parent) return 'id';
  if (/^messages?$/.test(parent)) return 'msg';
  return (
    parent
      .replace(/ies$/, 'y')
      .replace(/s$/, '')
      .replace(/[^A-Za-z0-9_]/g, '_') || 'id'
  );
}

const isHeartbeat = (e: unknown): boolean => (e as { type?: unknown } | null)?.type === 'heartbeat';

/** Steps in replay order: requests by when they were sent, event polls by when their events came back. */
export function planSteps(exchanges: readonly RecordedExchange[], warnings: string[]): PlannedStep[] {
  const registered = new Map<string, RecordedExchange>();
  for (const x of exchanges) {
    const queueId = (x.body as { queue_id?: unknown } | null)?.queue_id;
    if (
      x.method === 'POST' &&
      x.path === '/api/v1/register' &&
      x.status === 200 &&
      typeof queueId === 'string'
    )
      registered.set(queueId, x);
  }
  const steps: Array<PlannedStep & { at: number }> = [];
  for (const x of exchanges) {
    if (!METHODS.has(x.method)) {
      warnings.push(`${x.method} ${x.path} left out (scenarios send GET, POST, PATCH, PUT and DELETE)`);
      continue;
    }
    if (x.unreadableBody) {
      warnings.push(`${x.method} ${x.path} left out (a ${x.unreadableBody} body; scenarios send forms)`);
      continue;
    }
    const base = { exchange: x, captures: [], at: x.startedAt };
    const queueId = x.params.queue_id;
    if (registered.get((x.body as { queue_id?: string } | null)?.queue_id ?? '') === x)
      steps.push({ ...base, kind: 'register', queueId: (x.body as { queue_id: string }).queue_id });
    else if (
      x.method === 'GET' &&
      x.path === '/api/v1/events' &&
      x.status === 200 &&
      queueId &&
      registered.has(queueId)
    ) {
      const events = ((x.body as { events?: unknown[] } | null)?.events ?? []).filter((e) => !isHeartbeat(e));
      // An event arrives after what caused it was sent: the await goes after every request sent before the answer.
      if (events.length) steps.push({ ...base, kind: 'await', queueId, events, at: x.endedAt });
    } else {
      if (x.path === '/api/v1/events' && queueId && !registered.has(queueId))
        warnings.push(
          `${x.method} /events of a queue registered before the recording is kept as a plain request`,
        );
      steps.push({ ...base, kind: 'request' });
    }
  }
  steps.sort((a, b) => a.at - b.at || a.exchange.seq - b.exchange.seq);
  const queueNames = new Map<string, string>();
  for (const s of steps) {
    if (s.kind === 'register') queueNames.set(s.queueId!, `queue${queueNames.size + 1}`);
    if (s.queueId) s.queue = queueNames.get(s.queueId);
  }
  return steps.map(({ at: _at, ...s }) => s);
}

/** Values at id-like keys of a document, with their pointers (event ids and queue positions left out). */
function idsIn(
  value: unknown,
  pointer: string,
  key: string,
  out: Array<{ pointer: string; value: unknown }>,
): void {
  if (Array.isArray(value)) value.forEach((v, i) => idsIn(v, `${pointer}/${i}`, key, out));
  else if (isObject(value))
    for (const [k, v] of Object.entries(value))
      idsIn(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, k, out);
  else if ((isIdKey(key) || isUserKey(key)) && key !== 'queue_id' && !isCounterKey(key) && valueKey(value))
    out.push({ pointer, value });
}

/** Values a request uses as ids: digit path segments and id-like parameters. */
function usedIds(x: RecordedExchange): unknown[] {
  const out: unknown[] = [];
  for (const seg of x.path.split('/')) if (/^\d+$/.test(seg)) out.push(Number(seg));
  const walk = (value: unknown, asId: boolean): void => {
    if (Array.isArray(value)) value.forEach((v) => walk(v, asId));
    else if (isObject(value))
      for (const [k, v] of Object.entries(value)) walk(v, isIdParam(k) || isUserKey(k));
    else if (asId) out.push(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
  };
  for (const [k, text] of Object.entries(x.params)) walk(decodeParam(text), isIdParam(k) || isUserKey(k));
  return out;
}

/**
 * Decides the captures: values created by the request (POST /messages' id...) always, and any other id a later
 * request uses, taken from the latest answer or event that showed it. Actors' user ids stay `{actor.user_id}`.
 */
export function planCaptures(steps: PlannedStep[], people: readonly Person[]): void {
  const userIds = new Set(people.flatMap((p) => (p.userId === undefined ? [] : [`n:${p.userId}`])));
  const captured = new Set<string>();
  const candidates = new Map<string, { step: PlannedStep; pointer: string; value: unknown }>();
  const counters = new Map<string, number>();
  const define = (step: PlannedStep, pointer: string, value: unknown, base: string): void => {
    const key = valueKey(value);
    if (!key || captured.has(key) || userIds.has(key)) return;
    const n = (counters.get(base) ?? 0) + 1;
    counters.set(base, n);
    captured.add(key);
    step.captures.push({ name: `${base}${n}`, pointer, value });
  };
  for (const step of steps) {
    const x = step.exchange;
    if (step.kind !== 'await')
      for (const used of usedIds(x)) {
        const found = candidates.get(valueKey(used) ?? '');
        if (found) define(found.step, found.pointer, found.value, nameFor(found.pointer));
      }
    const document = step.kind === 'await' ? step.events : x.status < 300 ? x.body : undefined;
    if (step.kind !== 'await' && x.status < 300)
      for (const [method, path, pointer, base] of CREATED) {
        if (method !== x.method || path !== x.path) continue;
        const [head] = pointer.split('/*');
        const at = (document as Record<string, unknown> | null)?.[head!.slice(1)];
        if (pointer.endsWith('/*') && Array.isArray(at))
          at.forEach((v, i) => define(step, `${head}/${i}`, v, base));
        else if (at !== undefined) define(step, pointer, at, base);
      }
    const found: Array<{ pointer: string; value: unknown }> = [];
    if (step.kind === 'await')
      step.events!.forEach((e, i) => {
        if (isObject(e))
          for (const [k, v] of Object.entries(e)) if (k !== 'id') idsIn(v, `/${i}/${k}`, k, found);
      });
    else idsIn(document, '', '', found);
    for (const f of found) {
      const key = valueKey(f.value)!;
      if (!captured.has(key) && !userIds.has(key)) candidates.set(key, { step, ...f });
    }
  }
}
