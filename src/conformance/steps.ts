/** Runs one request, register or await_events step and records it. */
import type { ScenarioAwait, ScenarioStep } from '../generated/types.js';
import type { Account } from './accounts.js';
import type { Alias } from './alias.js';
import { checkResponse } from './checks.js';
import { matchValue, type Mismatch } from './matchers.js';
import { send, type FetchLike, type ReceivedResponse } from './session.js';
import { readPointer, substitute } from './template.js';
import type { EventsRecord, Failure, StepRecord } from './transcript.js';

/** A registered queue: its owner, id, position and the events read but not yet matched. */
export interface QueueState {
  actor: string;
  queueId: string;
  lastEventId: number;
  pending: unknown[];
}

/** What steps share during one scenario. */
export interface StepContext {
  fetch: FetchLike;
  baseUrl: string;
  aliases: readonly Alias[];
  accounts: Record<string, Account | null>;
  roles: Record<string, string>;
  vars: Map<string, unknown>;
  queues: Map<string, QueueState>;
  /** Milliseconds since the epoch (injected so tests can control polling). */
  now(): number;
  sleep(ms: number): Promise<void>;
  pollIntervalMs: number;
}

const asFailures = (mismatches: Mismatch[], where: string): Failure[] =>
  mismatches.map((m) => ({
    kind: 'mismatch',
    message: `${where}${m.path}: ${m.reason}`,
    path: m.path,
    expected: m.expected,
    actual: m.actual,
  }));

/** Runs a `request` or `register` step; fills `record` with request, response, captures and failures. */
export async function runRequestStep(
  step: ScenarioStep,
  actor: string,
  queueName: string,
  ctx: StepContext,
  record: StepRecord,
): Promise<void> {
  const [method, rawPath] = step.register
    ? ['POST', '/register']
    : (step.request!.split(' ') as [string, string]);
  const path = String(substitute(rawPath, ctx.vars));
  const params = substitute(step.register ?? step.params ?? {}, ctx.vars) as Record<string, unknown>;
  const expect = step.expect ?? {};
  const { request, response } = await exchange(method, path, params, actor, ctx);
  record.request = request;
  record.response = response;
  record.failures.push(...checkResponse(method, request.path, params, response));
  const statuses = ([] as number[]).concat(expect.status ?? 200);
  if (!statuses.includes(response.status)) {
    const detail = (response.body as { msg?: unknown } | null)?.msg;
    record.failures.push({
      kind: 'status',
      message: `status ${response.status}${detail ? ` (${String(detail)})` : ''}, expected ${statuses.join(' or ')}`,
      expected: statuses.length === 1 ? statuses[0] : statuses,
      actual: response.status,
    });
    return;
  }
  if (expect.body !== undefined)
    record.failures.push(...asFailures(matchValue(substitute(expect.body, ctx.vars), response.body), 'body'));
  if (expect.headers)
    record.failures.push(
      ...asFailures(matchValue(substitute(expect.headers, ctx.vars), response.headers), 'headers'),
    );
  if (step.register && response.status === 200) {
    const body = response.body as { queue_id?: unknown; last_event_id?: unknown };
    if (typeof body.queue_id === 'string') {
      ctx.queues.set(queueName, {
        actor,
        queueId: body.queue_id,
        lastEventId: Number(body.last_event_id ?? -1),
        pending: [],
      });
      ctx.vars.set(`${queueName}.queue_id`, body.queue_id);
    } else record.failures.push({ kind: 'mismatch', message: 'register answered without a queue_id' });
  }
  capture(step, response.body, ctx, record);
}

async function exchange(
  method: string,
  path: string,
  params: Record<string, unknown>,
  actor: string,
  ctx: StepContext,
): Promise<{ request: StepRecord['request'] & object; response: ReceivedResponse }> {
  const account = ctx.accounts[actor] ?? null;
  const response = await send(method, path, params, {
    fetch: ctx.fetch,
    baseUrl: ctx.baseUrl,
    account,
    aliases: ctx.aliases,
  });
  const full = path.startsWith('/api/') || path.startsWith('/svc-mock/') ? path : `/api/v1${path}`;
  return { request: { method, path: full, params, actor, role: ctx.roles[actor] ?? 'none' }, response };
}

function capture(step: ScenarioStep, document: unknown, ctx: StepContext, record: StepRecord): void {
  for (const [name, pointer] of Object.entries(step.capture ?? {})) {
    const value = readPointer(document, pointer);
    if (value === undefined)
      record.failures.push({ kind: 'mismatch', message: `capture ${name}: nothing at ${pointer || '/'}` });
    else {
      ctx.vars.set(name, value);
      record.captures[name] = value;
    }
  }
}

const isHeartbeat = (event: unknown): boolean => (event as { type?: unknown } | null)?.type === 'heartbeat';

/** Polls the queue once (dont_block); new events join `pending`. Returns the failures of the poll's checks. */
async function poll(queue: QueueState, ctx: StepContext): Promise<Failure[]> {
  const params = { queue_id: queue.queueId, last_event_id: queue.lastEventId, dont_block: true };
  const { request, response } = await exchange('GET', '/events', params, queue.actor, ctx);
  const failures = checkResponse('GET', request.path, params, response);
  if (response.status !== 200) {
    failures.push({
      kind: 'status',
      message: `polling the queue: status ${response.status}`,
      actual: response.body,
    });
    return failures;
  }
  const events = (response.body as { events?: unknown[] }).events ?? [];
  for (const event of events) {
    const id = (event as { id?: unknown }).id;
    if (typeof id === 'number') queue.lastEventId = Math.max(queue.lastEventId, id);
    if (!isHeartbeat(event)) queue.pending.push(event);
  }
  return failures;
}

/** Matches expected events to pending ones in listed order, each to the first unused event it fits. */
function assignEvents(expected: unknown[], pending: unknown[]): number[] {
  const used = new Set<number>();
  return expected.map((want) => {
    const i = pending.findIndex((event, k) => !used.has(k) && matchValue(want, event).length === 0);
    if (i >= 0) used.add(i);
    return i;
  });
}

const parseTimeout = (t: ScenarioAwait['timeout']): number =>
  t === undefined
    ? 5000
    : typeof t === 'number'
      ? t * 1000
      : t.endsWith('ms')
        ? Number(t.slice(0, -2))
        : Number(t.slice(0, -1)) * 1000;

/** Runs an `await_events` step: polls until the events arrived or the time-out passed, then judges them. */
export async function runAwaitStep(
  step: ScenarioStep,
  queueName: string,
  ctx: StepContext,
  record: StepRecord,
): Promise<void> {
  const spec = step.await_events!;
  const queue = ctx.queues.get(queueName);
  if (!queue) {
    record.failures.push({
      kind: 'error',
      message: `queue "${queueName}" was not registered (its register step failed?)`,
    });
    return;
  }
  const expected = substitute(spec.events, ctx.vars) as unknown[];
  const deadline = ctx.now() + parseTimeout(spec.timeout);
  const events: EventsRecord = { queue: queueName, received: queue.pending, matched: [], polls: 0 };
  record.events = events;
  let matched: number[] = [];
  for (;;) {
    record.failures.push(...(await poll(queue, ctx)));
    events.polls++;
    matched = assignEvents(expected, queue.pending);
    const complete = matched.every((i) => i >= 0);
    if (complete && spec.only) {
      // One more poll so that a duplicate or stray event sent with the expected ones is seen too.
      record.failures.push(...(await poll(queue, ctx)));
      events.polls++;
      matched = assignEvents(expected, queue.pending);
    }
    if (complete || ctx.now() >= deadline || record.failures.length) break;
    await ctx.sleep(ctx.pollIntervalMs);
  }
  events.received = [...queue.pending];
  events.matched = matched;
  judgeEvents(expected, matched, queue.pending, spec, record);
  const consumed = new Set(matched.filter((i) => i >= 0));
  const leftover = spec.only ? [] : queue.pending.filter((_, i) => !consumed.has(i));
  capture(
    step,
    matched.map((i) => (i >= 0 ? queue.pending[i] : undefined)),
    ctx,
    record,
  );
  queue.pending = leftover;
}

function judgeEvents(
  expected: unknown[],
  matched: number[],
  pending: unknown[],
  spec: ScenarioAwait,
  record: StepRecord,
): void {
  matched.forEach((i, k) => {
    if (i >= 0) return;
    const want = expected[k] as { type?: unknown };
    const candidates = pending.filter((e) => (e as { type?: unknown }).type === want.type);
    const closest = candidates.map((e) => matchValue(want, e)).sort((a, b) => a.length - b.length)[0];
    record.failures.push({
      kind: 'missing-event',
      message:
        `event #${k + 1} (${String(want.type)}) did not arrive` +
        (closest ? `; closest: ${closest.map((m) => `${m.path}: ${m.reason}`).join(', ')}` : ''),
      expected: want,
    });
  });
  const order = matched.filter((i) => i >= 0);
  if (spec.order === 'strict' && order.some((i, k) => k > 0 && i < order[k - 1]!))
    record.failures.push({
      kind: 'event-order',
      message: `events arrived in another order than listed (arrival positions ${order.map((i) => i + 1).join(', ')})`,
    });
  if (spec.only) {
    const used = new Set(order);
    pending.forEach((event, i) => {
      if (!used.has(i))
        record.failures.push({
          kind: 'unexpected-event',
          message: `unexpected ${String((event as { type?: unknown }).type)} event: ${JSON.stringify(event).slice(0, 300)}`,
          actual: event,
        });
    });
  }
}
