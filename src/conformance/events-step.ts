/** The `await_events` step: polls a registered queue and judges the events that arrived. */
import type { ScenarioAwait, ScenarioStep } from '../generated/types.js';
import { checkResponse } from './checks.js';
import { matchValue } from './matchers.js';
import { capture, exchange, type QueueState, type StepContext } from './steps.js';
import { substitute } from './template.js';
import type { EventsRecord, Failure, StepRecord } from './transcript.js';

const isHeartbeat = (event: unknown): boolean => (event as { type?: unknown } | null)?.type === 'heartbeat';

/** Polls the queue once (dont_block); new events join `pending`. Returns the failures of the poll's checks. */
async function poll(queue: QueueState, ctx: StepContext): Promise<Failure[]> {
  const params = { queue_id: queue.queueId, last_event_id: queue.lastEventId, dont_block: true };
  const { request, response } = await exchange('GET', '/events', params, queue.actor, ctx);
  const failures = checkResponse('GET', request.path, params, response, ctx.featureLevel);
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
    if (complete || ctx.now() >= deadline || record.failures.length || ctx.signal?.aborted) break;
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
    // The event of the same type that differs least is shown beside the expectation.
    const closest = candidates
      .map((event) => ({ event, diff: matchValue(want, event) }))
      .sort((a, b) => a.diff.length - b.diff.length)[0];
    record.failures.push({
      kind: 'missing-event',
      message:
        `event #${k + 1} (${String(want.type)}) did not arrive` +
        (closest ? `; closest: ${closest.diff.map((m) => `${m.path}: ${m.reason}`).join(', ')}` : ''),
      expected: want,
      ...(closest ? { actual: closest.event } : {}),
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
