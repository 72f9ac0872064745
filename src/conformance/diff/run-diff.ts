/** `svc-mock conformance diff`: the same scenarios on A and B, normalised transcripts compared, differences reported. */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Alias } from '../alias.js';
import { ScenarioFileError, type LoadedScenario } from '../loader.js';
import { selectScenarios, UsageError } from '../run-conformance.js';
import { redactText } from '../redact.js';
import { runScenario } from '../runner.js';
import type { ScenarioResult } from '../transcript.js';
import { probeServerClock } from './clock-probe.js';
import { compareScenarios } from './compare.js';
import { IgnoreFileError, IgnoreSet, loadIgnoreFile } from './ignore.js';
import { normaliseScenario, type NormalisedScenario } from './normalise.js';
import { dropVolatile, learnNoise, type VolatileField } from './noise.js';
import type { DiffReport, ScenarioDiff, SideOutcome } from './report.js';
import { renderConsoleFooter, renderConsoleHeader, renderScenarioConsole } from './report-console.js';
import { renderDiffJson, renderDiffJunit, renderDiffMarkdown } from './report-files.js';
import { mirrorOpening } from './reference-mock.js';
import { actorEmails, openSide, type MakeTarget, type Side } from './sides.js';
import { DIFF_REPORTERS } from '../reporter-kinds.js';

/** The report formats of `conformance diff --reporter`. */
export { DIFF_REPORTERS };

/** Options of a differential run, as the command line gives them. */
export interface DiffOptions {
  files: string[];
  grep?: string;
  readOnly?: boolean;
  /** Side A (default: the site of --accounts, else mock). */
  target?: string;
  /** Side B, the reference (required): `mock` is an in-process mock at A's feature level. */
  against?: string;
  accounts?: string;
  againstAccounts?: string;
  featureLevel?: number;
  againstFeatureLevel?: number;
  aliases: Alias[];
  againstAliases?: Alias[];
  /** Ignore rules file. */
  ignore?: string;
  /** Run B twice and leave out fields that differ between its own runs. */
  learnNoise?: boolean;
  /** Seconds within which two timestamps are equal (default 5). */
  timeTolerance?: number;
  reporters: Array<{ kind: (typeof DIFF_REPORTERS)[number]; file?: string }>;
}

/** Where the run writes, and test hooks. */
export interface DiffIo {
  out(text: string): void;
  err(text: string): void;
  signal?: AbortSignal;
  /** Replaces target creation (tests alter targets). */
  makeTarget?: MakeTarget;
  /** Receives the finished report (tests and other tools). */
  onReport?: (report: DiffReport) => void;
}

const newRunId = (): string => `r${randomBytes(4).toString('hex')}`;

/** Runs one scenario on one side and normalises it. */
async function runOn(
  side: Side,
  loaded: LoadedScenario,
  runId: string,
  signal?: AbortSignal,
): Promise<NormalisedScenario> {
  const startedAt = (await probeServerClock(side.target)) ?? Date.now();
  const result: ScenarioResult = await runScenario(loaded, {
    target: side.target,
    accounts: side.accounts,
    featureLevel: side.featureLevel,
    aliases: side.aliases,
    runId,
    signal,
  });
  return normaliseScenario(result, { runId, startedAt, emails: actorEmails(side, loaded) });
}

const outcomeOf = (n: NormalisedScenario): SideOutcome => ({
  outcome: n.result.outcome,
  ...(n.result.skipReason ? { skipReason: n.result.skipReason } : {}),
  failures: n.result.failures,
});

function applyRules(ignore: IgnoreSet, n: NormalisedScenario): NormalisedScenario {
  for (const step of n.steps) ignore.apply(step.doc, n.result, step.key, step.name);
  return n;
}

/** Runs one scenario on A, then (unless A skipped it) on B, and B again to learn noise; compares. */
async function diffScenario(
  loaded: LoadedScenario,
  [a, b]: [Side, Side],
  runIds: { a: string; b: string },
  learn: boolean,
  ignore: IgnoreSet,
  tolerance: number,
  signal?: AbortSignal,
): Promise<{ diff: ScenarioDiff; learned: VolatileField[] }> {
  const where = { name: loaded.scenario.name, file: loaded.file };
  const onA = applyRules(ignore, await runOn(a, loaded, runIds.a, signal));
  if (onA.result.outcome === 'skipped') {
    const b: SideOutcome = { outcome: 'skipped', skipReason: 'not run, as A skipped it', failures: [] };
    return { diff: { ...where, a: outcomeOf(onA), b, entries: [], volatileDropped: 0 }, learned: [] };
  }
  let learned: VolatileField[] = [];
  let onB: NormalisedScenario;
  if (learn) {
    // Both runs start from the same state: a fresh realm each, or B's state put back between them. On one
    // state shared by both runs, the second would see the first's objects (a topic already followed...).
    const before = b.freshRealms ? undefined : await b.state!.snapshot();
    onB = applyRules(ignore, await runOn(b, loaded, runIds.b, signal));
    if (before !== undefined) await b.state!.restore(before);
    const again = applyRules(ignore, await runOn(b, loaded, runIds.b, signal));
    learned = learnNoise(compareScenarios(onB, again, tolerance));
  } else onB = applyRules(ignore, await runOn(b, loaded, runIds.b, signal));
  const { kept, dropped } = dropVolatile(compareScenarios(onA, onB, tolerance), learned);
  const diff = {
    ...where,
    a: outcomeOf(onA),
    b: outcomeOf(onB),
    entries: kept,
    volatileDropped: dropped.length,
  };
  return { diff, learned };
}

function writeReports(report: DiffReport, options: DiffOptions): void {
  for (const { kind, file } of options.reporters) {
    if (kind === 'console' || !file) continue;
    const text =
      kind === 'json'
        ? renderDiffJson(report)
        : kind === 'junit'
          ? renderDiffJunit(report)
          : renderDiffMarkdown(report);
    mkdirSync(dirname(file), { recursive: true });
    // Results were redacted when recorded; this last pass covers every secret the process learnt.
    writeFileSync(file, redactText(text));
  }
}

/** Runs the differential command; resolves to the exit code (0 no differences, 1 differences, 2 usage or file error). */
export async function runConformanceDiff(options: DiffOptions, io: DiffIo): Promise<number> {
  const sides: Side[] = [];
  try {
    const tolerance = options.timeTolerance ?? 5;
    if (!Number.isFinite(tolerance) || tolerance < 0)
      throw new UsageError('--time-tolerance takes a number of seconds');
    if (!options.against) throw new UsageError('--against <mock|url> is required (the reference side B)');
    const scenarios = selectScenarios({ ...options, reporters: [] });
    const ignore = new IgnoreSet(options.ignore ? loadIgnoreFile(options.ignore) : []);
    const a = await openSide({
      label: 'A',
      spec: options.target,
      accountsFile: options.accounts,
      featureLevel: options.featureLevel,
      aliases: options.aliases,
      makeTarget: io.makeTarget,
    });
    sides.push(a);
    const b = await openSide({
      label: 'B',
      spec: options.against,
      accountsFile: options.againstAccounts,
      // The in-process reference runs at A's feature level unless told otherwise.
      featureLevel: options.againstFeatureLevel ?? (options.against === 'mock' ? a.featureLevel : undefined),
      aliases: options.againstAliases ?? [],
      makeTarget: io.makeTarget,
      // A target that keeps its state is compared with one mock that lives through the same history.
      oneRealmMock: !a.freshRealms,
    });
    sides.push(b);
    if (b.spec === 'mock' && !b.freshRealms && a.target.features.has('control'))
      await mirrorOpening(b.target);
    if (options.learnNoise && !b.freshRealms && !b.state)
      throw new UsageError(
        `--learn-noise runs B twice from the same state, but ${b.target.name} offers no snapshot and restore ` +
          '(the svc-mock control API); use --against mock, or a svc-mock server with its control API on',
      );
    const consoleOn = options.reporters.some((r) => r.kind === 'console');
    // A and B share the run id, so names made from {run} (and their hashes, lengths, sort order) agree;
    // B's second run starts from the state of its first, so it takes the same one.
    const runId = newRunId();
    const runIds = { a: runId, b: runId };
    const startedAt = new Date();
    const head = {
      a: { target: a.target.name, featureLevel: a.featureLevel, runId: runIds.a },
      b: { target: b.target.name, featureLevel: b.featureLevel, runId: runIds.b },
      toleranceSeconds: tolerance,
    };
    if (consoleOn) io.out(renderConsoleHeader(head));
    const results: ScenarioDiff[] = [];
    const volatile: VolatileField[] = [];
    for (const loaded of scenarios) {
      if (io.signal?.aborted) break;
      const { diff, learned } = await diffScenario(
        loaded,
        [a, b],
        runIds,
        options.learnNoise === true,
        ignore,
        tolerance,
        io.signal,
      );
      volatile.push(...learned);
      results.push(diff);
      if (consoleOn) io.out(renderScenarioConsole(diff));
    }
    const report: DiffReport = {
      ...head,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      scenarios: results,
      volatile,
      rules: ignore.rules.map((rule, i) => ({ rule, hits: ignore.hits[i]! })),
      unmatchedRules: ignore.unmatched(),
      ...(io.signal?.aborted ? { interrupted: true } : {}),
    };
    if (consoleOn) io.out(renderConsoleFooter(report));
    writeReports(report, options);
    io.onReport?.(report);
    return results.some((r) => r.entries.length) || io.signal?.aborted ? 1 : 0;
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof ScenarioFileError ||
      error instanceof IgnoreFileError
    ) {
      io.err(`svc-mock conformance diff: ${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    for (const side of sides) await side.target.close();
  }
}
