/** Runs scenarios against a target and returns their transcripts. */
import type { Scenario, ScenarioStep } from '../generated/types.js';
import { resolveActors, type AccountBook } from './accounts.js';
import type { Alias } from './alias.js';
import { actorOf, queueOf, type LoadedScenario } from './loader.js';
import { redactResult } from './redact.js';
import { runAwaitStep } from './events-step.js';
import {
  newTiming,
  runAwaitRequestStep,
  runRequestStep,
  settleBackground,
  type StepContext,
} from './steps.js';
import type { RetryPolicy } from './retry.js';
import { schedule } from './parallel.js';
import { actorFacts, clockOffset, closeQueues, movesClock } from './scenario-io.js';
import { TransportError } from './transport-error.js';
import type { Target } from './target.js';

/** Reads the target's feature level (kept here for the runner's importers). */
export { readFeatureLevel } from './scenario-io.js';
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
  /**
   * Compares each scenario with a reference (`--against mock`, src/conformance/diff/shadow.ts): called before the
   * scenario starts; the function it returns gets the finished transcript and may add failures to it.
   */
  reference?: (loaded: LoadedScenario) => Promise<(result: ScenarioResult) => Promise<void>>;
  /** Retries of idempotent requests that failed at the transport or with 502/503/504 (default none). */
  retry?: RetryPolicy;
  /** A step whose slowest answer took longer (ms) fails with kind `slow`. */
  maxResponseMs?: number;
  /** A scenario's steps stop after this long (ms); its teardown still runs. */
  scenarioTimeoutMs?: number;
  /** Scenarios run at once (default 1); see {@link schedule}. */
  jobs?: number;
  /** Which scenarios may run beside others (default: every one, as on the mock, where each has its own realm). */
  concurrent?: (loaded: LoadedScenario) => boolean;
  /** Start no more scenarios after this many failed; the rest are reported as skipped. */
  bail?: number;
}

const EXPIRED = Symbol('expired');
const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function stepName(step: ScenarioStep): string {
  if (step.name) return step.name;
  if (step.request) return step.background ? `${step.request} (background ${step.background})` : step.request;
  if (step.register) return 'register';
  if (step.await_request) return `await_request ${step.await_request}`;
  return `await_events ${step.await_events?.queue ?? step.as ?? ''}`.trim();
}

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
  const timing = (ctx.timing = newTiming());
  const started = performance.now();
  try {
    if (step.await_events) await runAwaitStep(step, queueName, ctx, record);
    else if (step.await_request !== undefined) await runAwaitRequestStep(step, ctx, record);
    else await runRequestStep(step, actorOf(step, scenario)!, queueName, ctx, record);
  } catch (error) {
    if (error instanceof UnknownPlaceholderError && section === 'teardown')
      return { ...record, outcome: 'skipped', skipReason: `${error.message} (its step did not run)` };
    record.failures.push(failureOf(error));
  }
  record.durationMs = Math.round(performance.now() - started);
  if (timing.attempts > timing.requests) record.attempts = 1 + timing.attempts - timing.requests;
  const max = options.maxResponseMs;
  if (max !== undefined && timing.slowestMs > max)
    record.failures.push({
      kind: 'slow',
      message: `${timing.slowest} answered in ${timing.slowestMs} ms, over --max-response-time ${max} ms`,
      expected: max,
      actual: timing.slowestMs,
    });
  if (record.failures.length) record.outcome = 'failed';
  return record;
}

/** A thrown error as a failure: a request without an answer by its kind and cause, anything else as `error`. */
function failureOf(error: unknown): Failure {
  if (error instanceof TransportError)
    return {
      kind: error.kind,
      message: error.attempts > 1 ? `${error.message} (${error.attempts} attempts)` : error.message,
    };
  return { kind: 'error', message: (error as Error).message };
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
  const compareWithReference = await options.reference?.(loaded);
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
    retry: {
      ...options.retry,
      retries: options.retry?.retries ?? 0,
      delayMs: options.retry?.delayMs ?? 0,
      sleep: options.retry?.sleep ?? options.sleep,
    },
    retries: 0,
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
  const limit = options.scenarioTimeoutMs;
  const stop = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired =
    limit === undefined
      ? undefined
      : new Promise<typeof EXPIRED>((resolve) => {
          timer = setTimeout(() => {
            stop.abort();
            resolve(EXPIRED);
          }, limit);
        });
  /** The work, or EXPIRED when the scenario's time ran out first (the work is then given a moment to stop). */
  const inTime = async <T>(work: Promise<T>): Promise<T | typeof EXPIRED> => {
    if (!expired) return work;
    const first = await Promise.race([work, expired]);
    if (first === EXPIRED) await Promise.race([work.catch(() => undefined), delay(1000)]);
    return first;
  };
  const outOfTime = (): Failure => ({
    kind: 'timeout',
    message:
      `the scenario ran out of time (--scenario-timeout ${limit} ms) after ${Math.round(now() - started)} ms: ` +
      'this step was stopped, the remaining steps did not run, teardown ran',
  });
  // The steps' requests end early when the scenario runs out of time or the run is interrupted; teardown's do not.
  ctx.signal = options.signal ? AbortSignal.any([stop.signal, options.signal]) : stop.signal;
  try {
    const setup = await inTime(actorFacts(scenario, ctx).catch((error: unknown) => failureOf(error)));
    if (setup === EXPIRED) result.failures.push({ ...outOfTime(), step: 'setup' });
    else if (setup) result.failures.push({ ...setup, step: 'setup' });
    else
      for (const [i, step] of scenario.steps.entries()) {
        if (options.signal?.aborted) {
          result.failures.push({ kind: 'error', message: 'interrupted; teardown ran', step: `steps[${i}]` });
          break;
        }
        setNow();
        const done = await inTime(runStep(step, 'steps', i, scenario, ctx, options));
        if (done === EXPIRED) {
          const name = stepName(step);
          record({
            section: 'steps',
            index: i,
            name,
            outcome: 'failed',
            captures: {},
            failures: [outOfTime()],
          });
          break;
        }
        record(done);
        if (movesClock(done)) offsetMs = await offsetOf();
        if (done.outcome === 'failed') break;
      }
    clearTimeout(timer);
    ctx.signal = undefined;
    for (const [i, step] of (scenario.teardown ?? []).entries()) {
      setNow();
      const done = await runStep(step, 'teardown', i, scenario, ctx, options);
      record(done);
      if (movesClock(done)) offsetMs = await offsetOf();
    }
    await closeQueues(ctx);
    // A poll left parked by a scenario that stopped early was answered when its queue was deleted.
    await settleBackground(ctx);
  } finally {
    clearTimeout(timer);
    await session.close();
  }
  if (ctx.retries) result.retries = ctx.retries;
  if (result.steps.some((s) => s.outcome === 'passed' && (s.attempts ?? 1) > 1)) result.flaky = true;
  await compareWithReference?.(result);
  if (result.failures.length) result.outcome = 'failed';
  return finish();
}

/**
 * Runs scenarios, one after another unless `jobs` says otherwise (a real server is shared: only the scenarios
 * `concurrent` allows run beside others); results in the selection's order.
 */
export async function runScenarios(
  scenarios: readonly LoadedScenario[],
  options: RunOptions,
): Promise<ScenarioResult[]> {
  const one = { ...options, onResult: undefined };
  return schedule(scenarios, (loaded) => runScenario(loaded, one), options);
}
