/** Runs scenarios against a target and returns their transcripts. */
import type { Scenario, ScenarioStep } from '../generated/types.js';
import { resolveActors, type AccountBook } from './accounts.js';
import type { Alias } from './alias.js';
import { actorOf, queueOf, type LoadedScenario } from './loader.js';
import { redactResult } from './redact.js';
import { send } from './session.js';
import { runAwaitStep } from './events-step.js';
import { runRequestStep, type StepContext } from './steps.js';
import type { Target } from './target.js';
import { placeholdersIn, UnknownPlaceholderError } from './template.js';
import type { Failure, ScenarioResult, StepRecord } from './transcript.js';

/** Everything a run needs besides the scenarios. */
export interface RunOptions {
  target: Target;
  accounts: AccountBook;
  /** The target's feature level (read from GET /server_settings or given with --feature-level). */
  featureLevel: number;
  aliases?: readonly Alias[];
  /** Unique per run; `{run}` in scenarios. */
  runId: string;
  /** Clock in milliseconds (default Date.now; the runner is a client, not the mock). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Pause between event polls (default 100 ms). */
  pollIntervalMs?: number;
  /** Called after each scenario (progress reporting). */
  onResult?: (result: ScenarioResult) => void;
  /** Aborted on interruption: the current scenario stops its steps but still runs its teardown; no more start. */
  signal?: AbortSignal;
}

const stepName = (step: ScenarioStep): string =>
  step.name ??
  step.request ??
  (step.register ? 'register' : `await_events ${step.await_events?.queue ?? step.as ?? ''}`.trim());

/** Why the target's feature level is outside a scenario's or step's range, or undefined. */
function levelSkip(gated: Scenario | ScenarioStep, level: number): string | undefined {
  if (gated.min_feature_level !== undefined && gated.min_feature_level > level)
    return `needs feature level ${gated.min_feature_level}, the target has ${level}`;
  if (gated.max_feature_level !== undefined && gated.max_feature_level < level)
    return `is for feature level ${gated.max_feature_level} or lower, the target has ${level}`;
  return undefined;
}

/** Why a scenario cannot run on this target, or undefined. */
function skipReason(scenario: Scenario, options: RunOptions): string | undefined {
  const level = levelSkip(scenario, options.featureLevel);
  if (level) return level;
  const missing = (scenario.requires ?? []).filter((f) => !options.target.features.has(f));
  if (missing.length) return `needs ${missing.join(', ')}, which ${options.target.name} does not offer`;
  return undefined;
}

function stepSkip(step: ScenarioStep, options: RunOptions): string | undefined {
  const level = levelSkip(step, options.featureLevel);
  if (level) return level;
  const missing = (step.requires ?? []).filter((f) => !options.target.features.has(f));
  return missing.length ? `needs ${missing.join(', ')}` : undefined;
}

/** Reads `{actor.user_id|email|full_name}` for the actors the scenario mentions (GET /users/me as each). */
async function actorFacts(scenario: Scenario, ctx: StepContext): Promise<Failure | undefined> {
  const mentioned = new Set(
    placeholdersIn(scenario).flatMap((p) => (p.includes('.') ? [p.split('.')[0]!] : [])),
  );
  for (const actor of Object.keys(scenario.actors)) {
    const account = ctx.accounts[actor];
    if (!mentioned.has(actor) || !account) continue;
    const response = await send(
      'GET',
      '/users/me',
      {},
      { fetch: ctx.fetch, baseUrl: ctx.baseUrl, account, aliases: ctx.aliases },
    );
    const me = response.body as { user_id?: unknown; email?: unknown; full_name?: unknown } | null;
    if (response.status !== 200 || !me)
      return {
        kind: 'error',
        message: `GET /users/me as ${actor} answered ${response.status}: the account does not work`,
      };
    ctx.vars.set(`${actor}.user_id`, me.user_id);
    ctx.vars.set(`${actor}.email`, me.email);
    ctx.vars.set(`${actor}.full_name`, me.full_name);
  }
  return undefined;
}

/** Runs one step into a fresh record. */
async function runStep(
  step: ScenarioStep,
  section: StepRecord['section'],
  index: number,
  scenario: Scenario,
  ctx: StepContext,
  options: RunOptions,
): Promise<StepRecord> {
  const record: StepRecord = {
    section,
    index,
    name: stepName(step),
    outcome: 'passed',
    captures: {},
    failures: [],
  };
  const skip = stepSkip(step, options);
  if (skip) return { ...record, outcome: 'skipped', skipReason: skip };
  const queueName = queueOf(step, scenario)!;
  try {
    if (step.await_events) await runAwaitStep(step, queueName, ctx, record);
    else await runRequestStep(step, actorOf(step, scenario)!, queueName, ctx, record);
  } catch (error) {
    if (error instanceof UnknownPlaceholderError && section === 'teardown')
      return { ...record, outcome: 'skipped', skipReason: `${error.message} (its step did not run)` };
    record.failures.push({ kind: 'error', message: (error as Error).message });
  }
  if (record.failures.length) record.outcome = 'failed';
  return record;
}

/** Runs one scenario: steps until the first failure, then every teardown step, then closes its queues. */
export async function runScenario(loaded: LoadedScenario, options: RunOptions): Promise<ScenarioResult> {
  const now = options.now ?? Date.now;
  const started = now();
  const { scenario, file } = loaded;
  const result: ScenarioResult = {
    file,
    name: scenario.name,
    outcome: 'passed',
    runId: options.runId,
    featureLevel: options.featureLevel,
    steps: [],
    failures: [],
    durationMs: 0,
  };
  const finish = (): ScenarioResult => {
    result.durationMs = now() - started;
    // Secrets are redacted here, where results are recorded, so no reporter, diff or file can leak them.
    const safe = redactResult(result, options.accounts, {
      actors: typeof accounts === 'object' ? accounts : undefined,
      baseUrl: options.target.baseUrl,
    });
    options.onResult?.(safe);
    return safe;
  };
  const skip = skipReason(scenario, options);
  const accounts = skip ? undefined : resolveActors(scenario.actors, options.accounts);
  if (skip || typeof accounts === 'string') {
    result.outcome = 'skipped';
    result.skipReason = skip ?? (accounts as string);
    return finish();
  }
  const session = await options.target.session();
  const ctx: StepContext = {
    fetch: session.fetch,
    baseUrl: options.target.baseUrl,
    aliases: options.aliases ?? [],
    accounts: accounts!,
    roles: scenario.actors,
    vars: new Map<string, unknown>([['run', options.runId]]),
    queues: new Map(),
    now,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    pollIntervalMs: options.pollIntervalMs ?? 100,
    featureLevel: options.featureLevel,
  };
  // `{now}` is the target's time: a mock whose clock a scenario moved runs ahead of the runner's.
  const usesNow = placeholdersIn(scenario).some((p) => /^now([+-]|$)/.test(p));
  const offsetOf = (): Promise<number> =>
    usesNow ? clockOffset(ctx, options.target, now) : Promise.resolve(0);
  let offsetMs = await offsetOf();
  const setNow = (): void => void ctx.vars.set('now', Math.floor((now() + offsetMs) / 1000));
  const record = (step: StepRecord): void => {
    result.steps.push(step);
    for (const f of step.failures)
      result.failures.push({ ...f, step: `${step.section}[${step.index}] ${step.name}` });
  };
  try {
    const setup = await actorFacts(scenario, ctx).catch((error: Error) => ({
      kind: 'error' as const,
      message: error.message,
    }));
    if (setup) result.failures.push({ ...setup, step: 'setup' });
    else
      for (const [i, step] of scenario.steps.entries()) {
        if (options.signal?.aborted) {
          result.failures.push({ kind: 'error', message: 'interrupted; teardown ran', step: `steps[${i}]` });
          break;
        }
        setNow();
        const done = await runStep(step, 'steps', i, scenario, ctx, options);
        record(done);
        if (movesClock(done)) offsetMs = await offsetOf();
        if (done.outcome === 'failed') break;
      }
    for (const [i, step] of (scenario.teardown ?? []).entries()) {
      setNow();
      const done = await runStep(step, 'teardown', i, scenario, ctx, options);
      record(done);
      if (movesClock(done)) offsetMs = await offsetOf();
    }
    await closeQueues(ctx);
  } finally {
    await session.close();
  }
  if (result.failures.length) result.outcome = 'failed';
  return finish();
}

/** Whether a step may have moved the mock's clock (POST to the control routes clock, reset, restore). */
const movesClock = (step: StepRecord): boolean =>
  step.request?.method === 'POST' && /^\/svc-mock\/(clock|reset|restore)\b/.test(step.request.path);

/**
 * How far the target's clock runs ahead of the runner's (ms): read from GET /svc-mock/clock where there is one
 * (only for scenarios that use `{now}`, so the others see no extra request in the mock's request log).
 */
async function clockOffset(ctx: StepContext, target: Target, now: () => number): Promise<number> {
  if (!target.features.has('control')) return 0;
  const response = await send('GET', '/svc-mock/clock', {}, { ...ctx, account: null }).catch(() => undefined);
  const serverNow = (response?.body as { now?: unknown } | null | undefined)?.now;
  return response?.status === 200 && typeof serverNow === 'number' ? serverNow * 1000 - now() : 0;
}

/** Deletes the queues the scenario registered, so a real server keeps none; answers are not judged. */
async function closeQueues(ctx: StepContext): Promise<void> {
  for (const queue of ctx.queues.values()) {
    const account = ctx.accounts[queue.actor] ?? null;
    await send(
      'DELETE',
      '/events',
      { queue_id: queue.queueId },
      { fetch: ctx.fetch, baseUrl: ctx.baseUrl, account, aliases: ctx.aliases },
    ).catch(() => undefined);
  }
}

/** Runs scenarios one after another (they share a real server, so they never run in parallel). */
export async function runScenarios(
  scenarios: readonly LoadedScenario[],
  options: RunOptions,
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const loaded of scenarios) {
    if (options.signal?.aborted) break;
    results.push(await runScenario(loaded, options));
  }
  return results;
}

/** Reads the target's svc_feature_level from GET /server_settings (aliases applied). */
export async function readFeatureLevel(target: Target, aliases: readonly Alias[] = []): Promise<number> {
  const session = await target.session();
  try {
    const response = await send(
      'GET',
      '/server_settings',
      {},
      { fetch: session.fetch, baseUrl: target.baseUrl, account: null, aliases },
    );
    const level = (response.body as { svc_feature_level?: unknown } | null)?.svc_feature_level;
    if (response.status !== 200 || typeof level !== 'number')
      throw new Error(`GET /server_settings answered ${response.status} without svc_feature_level`);
    return level;
  } finally {
    await session.close();
  }
}
