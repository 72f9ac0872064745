/** Orders recorded exchanges into steps and decides which response values become captures. */
import { routeOf } from '../checks.js';
import { isObject } from '../matchers.js';
import type { RecordedExchange } from './exchange.js';
import type { Person } from './people.js';
import { decodeParam } from './request-shape.js';
import { isCounterKey, isIdKey, isIdParam, isUserKey, kindOf, nameFor, valueKey } from './rules.js';

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
  captures: Array<{ name: string; kind: string; pointer: string; value: unknown }>;
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
  ['POST', '/api/v1/realm/profile_fields', '/id', 'field'],
  ['GET', '/api/v1/get_stream_id', '/stream_id', 'channel'],
  ['POST', '/svc-mock/invitations/accept', '/user_id', 'user'],
];

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

interface FoundId {
  pointer: string;
  value: unknown;
  /** Found under a user key (then a person's user id stays `{actor.user_id}`). */
  user: boolean;
}

/** Values at id-like keys of a document, with their pointers (event ids and queue positions left out). */
function idsIn(value: unknown, pointer: string, key: string, out: FoundId[]): void {
  if (Array.isArray(value)) value.forEach((v, i) => idsIn(v, `${pointer}/${i}`, key, out));
  else if (isObject(value))
    for (const [k, v] of Object.entries(value))
      idsIn(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, k, out);
  else if ((isIdKey(key) || isUserKey(key)) && key !== 'queue_id' && !isCounterKey(key) && valueKey(value))
    out.push({ pointer, value, user: isUserKey(key) || key === 'user_id' });
}

/** A value a request uses as an id, with its kind when the path or parameter name tells it. */
interface UsedId {
  value: unknown;
  user: boolean;
  kind?: string;
}

/** Values a request uses as ids: digit path segments (kinds from the route's names) and id-like parameters. */
function usedIds(x: RecordedExchange): UsedId[] {
  const out: UsedId[] = [];
  const template = routeOf(x.method, x.path)?.path.split('/');
  x.path.split('/').forEach((seg, i) => {
    const name = /^\{(.+)\}$/.exec(template?.[i] ?? '')?.[1];
    if (/^\d+$/.test(seg))
      out.push({
        value: Number(seg),
        user: /user_id/.test(name ?? ''),
        kind: name ? nameFor(`/${name}`) : undefined,
      });
  });
  const walk = (value: unknown, key: string, kind: 'user' | 'id' | undefined): void => {
    if (Array.isArray(value)) value.forEach((v) => walk(v, key, kind));
    else if (isObject(value))
      for (const [k, v] of Object.entries(value))
        walk(v, k, isUserKey(k) ? 'user' : isIdParam(k) ? 'id' : undefined);
    else if (kind)
      out.push({
        value: typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
        user: kind === 'user',
        kind: kind === 'user' ? 'user' : kindOf('', key),
      });
  };
  const direct = ['private', 'direct'].includes(x.params.type ?? '');
  for (const [k, text] of Object.entries(x.params))
    walk(
      decodeParam(text),
      k,
      isUserKey(k) || (k === 'to' && direct) ? 'user' : isIdParam(k) ? 'id' : undefined,
    );
  return out;
}

interface Candidate {
  step: PlannedStep;
  pointer: string;
  value: unknown;
  kind: string;
}

/**
 * Decides the captures: values created by the request (POST /messages' id...) always, and any other id a later
 * request uses, taken from the latest answer or event that showed it (of the same kind of id when the request
 * tells it). Actors' user ids stay `{actor.user_id}`.
 */
export function planCaptures(steps: PlannedStep[], people: readonly Person[]): void {
  const userIds = new Set(people.flatMap((p) => (p.userId === undefined ? [] : [`n:${p.userId}`])));
  const captured = new Set<string>();
  const capturedValues = new Set<string>();
  // Per value, the latest candidate of each kind (the latest of all last).
  const candidates = new Map<string, Candidate[]>();
  const counters = new Map<string, number>();
  const define = (step: PlannedStep, pointer: string, value: unknown, kind: string): void => {
    const key = valueKey(value);
    if (!key || captured.has(`${kind}|${key}`)) return;
    const n = (counters.get(kind) ?? 0) + 1;
    counters.set(kind, n);
    captured.add(`${kind}|${key}`);
    capturedValues.add(key);
    step.captures.push({ name: `${kind}${n}`, kind, pointer, value });
  };
  for (const step of steps) {
    const x = step.exchange;
    if (step.kind !== 'await')
      for (const used of usedIds(x)) {
        const key = valueKey(used.value) ?? '';
        if (used.user && userIds.has(key)) continue;
        if (used.kind ? captured.has(`${used.kind}|${key}`) : capturedValues.has(key)) continue;
        const list = candidates.get(key) ?? [];
        // A kind the request names takes a candidate of that kind, else one whose key did not tell (`/id`).
        const found = used.kind
          ? (list.find((c) => c.kind === used.kind) ?? list.find((c) => c.kind === 'id'))
          : list.at(-1);
        if (found) define(found.step, found.pointer, found.value, found.kind);
      }
    const document = step.kind === 'await' ? step.events : x.status < 300 ? x.body : undefined;
    if (step.kind !== 'await' && x.status < 300)
      for (const [method, path, pointer, kind] of CREATED) {
        if (method !== x.method || path !== x.path) continue;
        const [head] = pointer.split('/*');
        const at = (document as Record<string, unknown> | null)?.[head!.slice(1)];
        if (pointer.endsWith('/*') && Array.isArray(at))
          at.forEach((v, i) => define(step, `${head}/${i}`, v, kind));
        else if (at !== undefined) define(step, pointer, at, kind);
      }
    const found: FoundId[] = [];
    if (step.kind === 'await')
      step.events!.forEach((e, i) => {
        if (isObject(e))
          for (const [k, v] of Object.entries(e)) if (k !== 'id') idsIn(v, `/${i}/${k}`, k, found);
      });
    else idsIn(document, '', '', found);
    for (const f of found) {
      const key = valueKey(f.value)!;
      const kind = nameFor(f.pointer);
      if (captured.has(`${kind}|${key}`) || (f.user && userIds.has(key))) continue;
      const others = (candidates.get(key) ?? []).filter((c) => c.kind !== kind);
      candidates.set(key, [...others, { step, ...f, kind }]);
    }
  }
}
