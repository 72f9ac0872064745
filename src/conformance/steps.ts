/** Runs one request or register step and records it; the state steps share. */
import type { ScenarioStep } from '../generated/types.js';
import type { Account } from './accounts.js';
import type { Alias } from './alias.js';
import { checkResponse } from './checks.js';
import { matchValue, type Mismatch } from './matchers.js';
import { basicAuth, fullPath, send, type FetchLike, type ReceivedResponse } from './session.js';
import { IDEMPOTENT_METHODS, NO_RETRIES, RETRY_STATUSES, withRetries, type RetryPolicy } from './retry.js';
import { readPointer, substitute } from './template.js';
import type { Failure, StepRecord } from './transcript.js';

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
  /** The target's feature level: responses are checked against that level's schemas. */
  featureLevel?: number;
  /** Retries of idempotent requests (and of steps marked `retry: true`). */
  retry?: RetryPolicy;
  /** Ends the scenario's requests early (out of time, Ctrl-C). */
  signal?: AbortSignal;
  /** Requests of the current step: the runner resets it before each step and records it after. */
  timing?: StepTiming;
  /** Extra attempts (retries) made so far in the scenario. */
  retries?: number;
  /** Requests started with `background:`, by name, until their `await_request` step. */
  background?: Map<string, BackgroundRequest>;
}

/** What the requests of one step took. */
export interface StepTiming {
  /** Requests sent, retries included. */
  attempts: number;
  /** Requests the step made (polls included), each counted once however often it was sent. */
  requests: number;
  /** The slowest single answer (ms) and its request line. */
  slowestMs: number;
  slowest?: string;
}

/** A fresh step timing. */
export const newTiming = (): StepTiming => ({ attempts: 0, requests: 0, slowestMs: 0 });

const asFailures = (mismatches: Mismatch[], where: string): Failure[] =>
  mismatches.map((m) => ({
    kind: 'mismatch',
    message: `${where}${m.path}: ${m.reason}`,
    path: m.path,
    expected: m.expected,
    actual: m.actual,
  }));

/** A request path; a captured absolute URL (an avatar_url, say) is sent to the target by its path and query. */
function pathOf(substituted: string): string {
  if (!/^https?:\/\//i.test(substituted)) return substituted;
  const url = new URL(substituted);
  return `${url.pathname}${url.search}`;
}

/** A request a step sent: its line, parameters and the answer (or why none came). */
interface Exchanged {
  method: string;
  params: Record<string, unknown>;
  request: StepRecord['request'] & object;
  response: ReceivedResponse;
}

/** A request started with `background:`, waiting for its `await_request` step. */
export interface BackgroundRequest {
  /** The step that started it (its `register` and queue name decide what the answer registers). */
  step: ScenarioStep;
  actor: string;
  queueName: string;
  /** The exchange, or the error that ended it (caught at once: nobody may be awaiting it yet). */
  done: Promise<Exchanged | { error: unknown }>;
}

/** Sends a `request` or `register` step's request (with its placeholders filled) and returns the exchange. */
async function sendStep(step: ScenarioStep, actor: string, ctx: StepContext): Promise<Exchanged> {
  const [method, rawPath] = step.register
    ? ['POST', '/register']
    : (step.request!.split(' ') as [string, string]);
  const path = pathOf(String(substitute(rawPath, ctx.vars)));
  const json = step.json === undefined ? undefined : substitute(step.json, ctx.vars);
  // The parameters a JSON body names are what ignored_parameters_unsupported may list.
  const params = (json ?? substitute(step.register ?? step.params ?? {}, ctx.vars)) as Record<
    string,
    unknown
  >;
  const { request, response } = await exchange(method, path, params, actor, ctx, {
    json,
    authorization: step.auth && authorizationOf(step.auth, actor, ctx),
    retry: step.retry === true,
  });
  return { method, params, request, response };
}

/**
 * Runs a `request` or `register` step; fills `record` with request, response, captures and failures. A request
 * with `background:` is only started: its `await_request` step judges the answer.
 */
export async function runRequestStep(
  step: ScenarioStep,
  actor: string,
  queueName: string,
  ctx: StepContext,
  record: StepRecord,
): Promise<void> {
  if (step.background !== undefined) {
    const done = sendStep(step, actor, ctx).catch((error: unknown) => ({ error }));
    (ctx.background ??= new Map()).set(step.background, { step, actor, queueName, done });
    return;
  }
  judge(step, step, queueName, await sendStep(step, actor, ctx), ctx, record);
}

/** Runs an `await_request` step: waits for the answer of the request started in the background and judges it. */
export async function runAwaitRequestStep(
  step: ScenarioStep,
  ctx: StepContext,
  record: StepRecord,
): Promise<void> {
  const name = step.await_request!;
  const started = ctx.background?.get(name);
  if (!started)
    throw new Error(`no request was started in the background as "${name}" (or it was awaited before)`);
  ctx.background!.delete(name);
  const done = await started.done;
  if ('error' in done) throw done.error;
  judge(started.step, step, started.queueName, done, ctx, record);
}

/** Checks an answer: schema, status, `expect` and `capture` of `judging`; a register answer remembers its queue. */
function judge(
  sent: ScenarioStep,
  judging: ScenarioStep,
  queueName: string,
  { method, params, request, response }: Exchanged,
  ctx: StepContext,
  record: StepRecord,
): void {
  const expect = judging.expect ?? {};
  record.request = request;
  record.response = response;
  record.failures.push(...checkResponse(method, request.path, params, response, ctx.featureLevel));
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
  if (sent.register && response.status === 200) {
    const body = response.body as { queue_id?: unknown; last_event_id?: unknown };
    if (typeof body.queue_id === 'string') {
      ctx.queues.set(queueName, {
        actor: request.actor,
        queueId: body.queue_id,
        lastEventId: Number(body.last_event_id ?? -1),
        pending: [],
      });
      ctx.vars.set(`${queueName}.queue_id`, body.queue_id);
    } else record.failures.push({ kind: 'mismatch', message: 'register answered without a queue_id' });
  }
  capture(judging, response.body, ctx, record);
}

/** Waits for the requests started in the background and never awaited (the scenario stopped early). */
export async function settleBackground(ctx: StepContext): Promise<void> {
  const pending = [...(ctx.background?.values() ?? [])].map((b) => b.done);
  ctx.background?.clear();
  await Promise.all(pending);
}

/** The Authorization header a step's `auth` asks for (a key or e-mail replacing the actor's, or a raw header). */
function authorizationOf(auth: NonNullable<ScenarioStep['auth']>, actor: string, ctx: StepContext): string {
  if (auth.header !== undefined) return String(substitute(auth.header, ctx.vars));
  const account = ctx.accounts[actor];
  return basicAuth({
    email: String(substitute(auth.email ?? account?.email ?? '', ctx.vars)),
    api_key: String(substitute(auth.api_key ?? account?.api_key ?? '', ctx.vars)),
  });
}

/** Sends one request as an actor and records it the way the transcript shows it. */
export async function exchange(
  method: string,
  path: string,
  params: Record<string, unknown>,
  actor: string,
  ctx: StepContext,
  body: { json?: unknown; authorization?: string; retry?: boolean } = {},
): Promise<{ request: StepRecord['request'] & object; response: ReceivedResponse }> {
  const account = ctx.accounts[actor] ?? null;
  const timing = ctx.timing;
  const attempt = async (): Promise<ReceivedResponse> => {
    const started = performance.now();
    try {
      return await send(method, path, body.json === undefined ? params : {}, {
        fetch: ctx.fetch,
        baseUrl: ctx.baseUrl,
        account,
        aliases: ctx.aliases,
        json: body.json,
        authorization: body.authorization,
        signal: ctx.signal,
      });
    } finally {
      const ms = Math.round(performance.now() - started);
      if (timing && ms > timing.slowestMs) {
        timing.slowestMs = ms;
        timing.slowest = `${method} ${fullPath(path)}`;
      }
    }
  };
  // Only requests that change nothing are sent again, unless the step says its request may be repeated.
  const policy = IDEMPOTENT_METHODS.has(method) || body.retry ? (ctx.retry ?? NO_RETRIES) : NO_RETRIES;
  const count = (attempts: number): void => {
    if (timing) {
      timing.attempts += attempts;
      timing.requests++;
    }
    ctx.retries = (ctx.retries ?? 0) + attempts - 1;
  };
  let response: ReceivedResponse;
  try {
    const done = await withRetries(attempt, { ...policy, signal: ctx.signal }, (r) =>
      RETRY_STATUSES.has(r.status),
    );
    count(done.attempts);
    response = done.value;
  } catch (error) {
    count((error as { attempts?: number }).attempts ?? 1);
    throw error;
  }
  return {
    request: {
      method,
      path: fullPath(path),
      params,
      ...(body.json !== undefined && { json: true }),
      actor,
      role: ctx.roles[actor] ?? 'none',
    },
    response,
  };
}

/** Saves the step's captures (JSON pointers into `document`). */
export function capture(step: ScenarioStep, document: unknown, ctx: StepContext, record: StepRecord): void {
  for (const [name, spec] of Object.entries(step.capture ?? {})) {
    // A pointer ending in `?` is optional: nothing there leaves the placeholder unset (teardown steps using it are skipped).
    const optional = spec.endsWith('?');
    const pointer = optional ? spec.slice(0, -1) : spec;
    const value = readPointer(document, pointer);
    if (value === undefined && optional) continue;
    if (value === undefined)
      record.failures.push({ kind: 'mismatch', message: `capture ${name}: nothing at ${pointer || '/'}` });
    else {
      ctx.vars.set(name, value);
      record.captures[name] = value;
    }
  }
}
