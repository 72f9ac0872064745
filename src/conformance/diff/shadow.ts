/**
 * `svc-mock conformance --against mock`: a plain run whose every answer is also compared with the reference
 * mock's answer to the same step, normalised and filtered as `conformance diff` does, so that a value no
 * expectation asserts still fails the scenario when it changed (kind `mismatch`, "differs from the reference").
 */
import { checkAccounts } from '../account-check.js';
import type { AccountBook } from '../accounts.js';
import type { Alias } from '../alias.js';
import type { LoadedScenario } from '../loader.js';
import { redactResult } from '../redact.js';
import { UsageError } from '../usage-error.js';
import { runScenario } from '../runner.js';
import type { Target } from '../target.js';
import type { Failure, ScenarioResult } from '../transcript.js';
import { probeServerClock } from './clock-probe.js';
import { compareScenarios, type DiffEntry } from './compare.js';
import { IgnoreSet, loadIgnoreFile } from './ignore.js';
import { normaliseScenario, type NormalisedScenario } from './normalise.js';
import { isOneRealm, mirrorOpening } from './reference-mock.js';
import { actorEmails, openSide, type MakeTarget, type Side } from './sides.js';

/** What the comparison with a reference needs to know of the run. */
export interface ShadowOptions {
  /** The reference: `mock` (one realm for the run beside a server target, a fresh one per scenario beside `--target mock`). */
  against: string;
  /** The run's target, its accounts, feature level and aliases. */
  target: Target;
  accounts: AccountBook;
  featureLevel: number;
  aliases: readonly Alias[];
  /** The run's `{run}`, shared by the reference so names agree. */
  runId: string;
  /** Ignore rules file, as `conformance diff --ignore` takes. */
  ignore?: string;
  /** Seconds within which two timestamps are equal (default 5). */
  timeTolerance?: number;
  /** Replaces the reference's creation (tests). */
  makeTarget?: MakeTarget;
}

/** Called before a scenario runs; the function it gives is called with the finished, unredacted transcript. */
export type ReferenceHook = (loaded: LoadedScenario) => Promise<(result: ScenarioResult) => Promise<void>>;

/** An open reference: the runner's hook, the ignore rules (with their hits) and how to close it. */
export interface Shadow {
  hook: ReferenceHook;
  ignore: IgnoreSet;
  close(): Promise<void>;
}

const plain = (value: unknown): unknown =>
  value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);

const show = (value: unknown): string => (value === undefined ? '(absent)' : JSON.stringify(plain(value)));

/** One difference as a failure of the run's step: what the target answered against what the reference did. */
export function referenceFailure(entry: DiffEntry, reference: string): Failure {
  const where = entry.pointer || 'the step';
  const message =
    entry.kind === 'only-a'
      ? `differs from the reference (${reference}) at ${where}: ${show(entry.a)} here, absent on the reference`
      : entry.kind === 'only-b'
        ? `differs from the reference (${reference}) at ${where}: absent here, ${show(entry.b)} on the reference`
        : `differs from the reference (${reference}) at ${where}: ${show(entry.a)} here, ${show(entry.b)} on the reference`;
  return { kind: 'mismatch', message, path: entry.pointer, expected: plain(entry.b), actual: plain(entry.a) };
}

/** Adds each difference to the step it was found in, and to the scenario's failures. */
function attach(result: ScenarioResult, entries: readonly DiffEntry[], reference: string): void {
  for (const entry of entries) {
    const key = entry.step.split(' ')[0];
    const step = result.steps.find((s) => `${s.section}[${s.index}]` === key);
    const failure = referenceFailure(entry, reference);
    if (step) {
      step.failures.push(failure);
      step.outcome = 'failed';
    }
    result.failures.push({ ...failure, step: entry.step });
  }
}

/** The scenario as far as the target ran it: the reference stops where the target stopped, so both keep one history. */
function asFarAs(loaded: LoadedScenario, result: ScenarioResult): LoadedScenario {
  const ran = result.steps.filter((s) => s.section === 'steps').length;
  const steps = loaded.scenario.steps.slice(0, ran) as LoadedScenario['scenario']['steps'];
  return { ...loaded, scenario: { ...loaded.scenario, steps } };
}

/** Opens the reference of a plain run and gives the runner its hook. */
export async function openShadow(options: ShadowOptions): Promise<Shadow> {
  if (options.against !== 'mock')
    throw new UsageError(
      `--against takes "mock" in a plain run (got "${options.against}"); compare two servers with \`svc-mock conformance diff\``,
    );
  const tolerance = options.timeTolerance ?? 5;
  const ignore = new IgnoreSet(options.ignore ? loadIgnoreFile(options.ignore) : []);
  const a: Side = {
    label: 'A',
    spec: options.target.name,
    target: options.target,
    accounts: options.accounts,
    featureLevel: options.featureLevel,
    aliases: [...options.aliases],
    freshRealms: !isOneRealm(options.target),
  };
  const b = await openSide({
    label: 'B',
    spec: options.against,
    featureLevel: options.featureLevel,
    aliases: [],
    makeTarget: options.makeTarget,
    oneRealmMock: !a.freshRealms,
  });
  // Beside a svc-mock server, the reference gets the requests the run opened the target with (its accounts,
  // its feature level, each account's GET /users/me), so that request logs and change counters agree too.
  if (!b.freshRealms && a.target.features.has('control')) {
    await mirrorOpening(b.target);
    b.accounts = await checkAccounts(b.target, b.accounts);
  }
  const label = b.target.name;
  // The reference runs what the target runs: a step needing a feature the target lacks is skipped on both.
  const reference: Target = {
    ...b.target,
    features: new Set([...b.target.features].filter((f) => a.target.features.has(f))),
  };
  const normalise = (side: Side, loaded: LoadedScenario, result: ScenarioResult, startedAt: number) => {
    const n: NormalisedScenario = normaliseScenario(result, {
      runId: options.runId,
      startedAt,
      emails: actorEmails(side, loaded),
    });
    for (const step of n.steps) ignore.apply(step.doc, n.result, step.key, step.name);
    return n;
  };
  // One reference for the run: scenarios that run side by side (--jobs) reach it one at a time.
  let queue: Promise<unknown> = Promise.resolve();
  const hook: ReferenceHook = async (loaded) => {
    const startedA = (await probeServerClock(a.target)) ?? Date.now();
    return (result) => {
      const compare = async (): Promise<void> => {
        // A scenario skipped, or stopped before its first step (an actor's account failed), has nothing to compare.
        if (result.outcome === 'skipped' || !result.steps.some((s) => s.section === 'steps')) return;
        const startedB = (await probeServerClock(b.target)) ?? Date.now();
        const onB = await runScenario(asFarAs(loaded, result), {
          target: reference,
          accounts: b.accounts,
          featureLevel: b.featureLevel,
          runId: options.runId,
        });
        // The target's transcript as the runner will record it (secrets redacted, as the reference's are).
        const onA = redactResult(result, a.accounts);
        const entries = compareScenarios(
          normalise(a, loaded, onA, startedA),
          normalise(b, loaded, onB, startedB),
          tolerance,
        );
        attach(result, entries, label);
      };
      const done = queue.then(compare);
      queue = done.catch(() => undefined);
      return done;
    };
  };
  return { hook, ignore, close: () => b.target.close() };
}
