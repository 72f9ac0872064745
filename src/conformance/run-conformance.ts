/** The `svc-mock conformance` run: select scenarios, prepare the target and accounts, run, report, exit code. */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { AccountCheckError, checkAccounts } from './account-check.js';
import { AccountsError, parseAccounts, type AccountBook } from './accounts.js';
import type { Alias } from './alias.js';
import { startAudit } from './audit/index.js';
import { computeCoverage } from './coverage.js';
import { fetchMockAccounts } from './http-target.js';
import { IgnoreFileError } from './diff/ignore.js';
import { loadScenarios, ScenarioFileError, type LoadedScenario } from './loader.js';
import { devRealmAccounts } from './mock-target.js';
import type { RunReport } from './report.js';
import { createConsoleReporter } from './reporters/console.js';
import { writeReports } from './reporters/write-reports.js';
import { secretsFor } from './redact.js';
import { openRealmLanes, runInRealmLanes, type RealmLanes } from './realm-lanes.js';
import { readFeatureLevel, runScenarios, type RunOptions } from './runner.js';
import { retryPolicy, runOptionsOf, type RunFlags } from './run-flags.js';
import {
  describeSelection,
  narrowSelection,
  parseShard,
  SelectionError,
  shardSelection,
  type SelectionOptions,
} from './selection.js';
import { TransportError } from './transport-error.js';
import { retryReads, type Target } from './target.js';
import { REPORTERS } from './reporter-kinds.js';
import { createTarget } from './create-target.js';
import { UsageError } from './usage-error.js';

/** The report formats `--reporter` takes. */
export { REPORTERS, createTarget, UsageError };

/** Options of a run, as the command line gives them (network, parallel and selection flags in RunFlags). */
export interface ConformanceOptions extends RunFlags, Omit<SelectionOptions, 'shard'> {
  /** `K/N`: run the K-th of N parts of the selection. */
  shard?: string;
  files: string[];
  target?: string;
  accounts?: string;
  featureLevel?: number;
  aliases: Alias[];
  readOnly?: boolean;
  /** Read the state the run must not disturb before and after it; every difference fails the run. */
  audit?: boolean;
  grep?: string;
  reporters: Array<{ kind: (typeof REPORTERS)[number]; file?: string }>;
  runId?: string;
  list?: boolean;
  /** `mock`: every answer is also compared with the reference mock's to the same step (src/conformance/diff/shadow.ts). */
  against?: string;
  /** Ignore rules for the comparison with the reference (as `conformance diff --ignore`). */
  ignore?: string;
}

/** Where the run writes and what it knows of its terminal. */
export interface ConformanceIo {
  out(text: string): void;
  err(text: string): void;
  tty: boolean;
  colour: boolean;
  /** Interrupts the run (Ctrl-C): the current scenario's teardown still runs. */
  signal?: AbortSignal;
  /** Replaces `--target` resolution (tests wrap targets to alter responses). */
  makeTarget?: (spec: string) => Target;
}

const DEFAULT_SCENARIOS = new URL('../../scenarios/', import.meta.url).pathname;

/**
 * Scenarios selected by files, `--grep` (name, file or tag), `--read-only`, `--exclude` and `--tag`, then the
 * `--shard`'s part; a selection that matches nothing is a usage error (a mistyped CI filter must not pass).
 */
export function selectScenarios(options: ConformanceOptions): LoadedScenario[] {
  const paths = options.files.length
    ? options.files
    : [existsSync('scenarios') ? 'scenarios' : DEFAULT_SCENARIOS];
  let grep: RegExp | undefined;
  try {
    grep = options.grep ? new RegExp(options.grep, 'i') : undefined;
  } catch (error) {
    throw new UsageError(`--grep: ${(error as Error).message}`);
  }
  try {
    const selected = narrowSelection(
      loadScenarios(paths).filter(
        ({ file, scenario }) =>
          (!options.readOnly || scenario.mutates === false) &&
          (!grep || [scenario.name, file, ...(scenario.tags ?? [])].some((t) => grep.test(t))),
      ),
      { exclude: options.exclude, tags: options.tags },
    );
    if (!selected.length)
      throw new UsageError(`no scenario matches the selection (${describeSelection(options)})`);
    return options.shard ? shardSelection(selected, parseShard(options.shard)) : selected;
  } catch (error) {
    throw error instanceof SelectionError ? new UsageError(error.message) : error;
  }
}

function readAccounts(file: string): AccountBook {
  try {
    return parseAccounts(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof AccountsError ? error.message : (error as Error).message;
    throw new UsageError(`--accounts ${file}: ${reason}`);
  }
}

/** Runs the conformance command; resolves to the exit code (0 all pass, 1 any failure, 2 usage or scenario error). */
export async function runConformance(options: ConformanceOptions, io: ConformanceIo): Promise<number> {
  let target: Target | undefined;
  let reference: { close(): Promise<void> } | undefined;
  let lanes: RealmLanes | undefined;
  try {
    const scenarios = selectScenarios(options);
    if (options.list) {
      for (const s of scenarios) io.out(`${s.file}\t${s.scenario.name}\n`);
      return 0;
    }
    const book = options.accounts ? readAccounts(options.accounts) : undefined;
    const spec = options.target ?? book?.site ?? 'mock';
    if (spec !== 'mock' && !/^https?:\/\//.test(spec))
      throw new UsageError(`--target takes "mock" or an http(s) URL (got "${spec}")`);
    target = io.makeTarget
      ? io.makeTarget(spec)
      : await createTarget(spec, {
          featureLevel: options.featureLevel,
          timeoutMs: options.timeoutMs,
          retries: options.retries,
        });
    const accounts = book ?? (spec === 'mock' ? devRealmAccounts() : await fetchMockAccounts(target));
    if (!accounts)
      throw new UsageError(
        `${spec} does not list its accounts (GET /svc-mock/accounts); pass --accounts FILE ` +
          '(`svc-mock accounts --json` output, a {actor-or-role: {email, api_key}} map, or an [api] ini file)',
      );
    let featureLevel = options.featureLevel;
    if (featureLevel === undefined) {
      try {
        featureLevel = await readFeatureLevel(target, options.aliases, retryPolicy(options));
      } catch (error) {
        throw new UsageError(
          `cannot read the feature level of ${spec}: ${(error as Error).message}; pass --feature-level N`,
        );
      }
    }
    // Every account proves its role (GET /users/me) before anything else is sent; a refused key is exit 2.
    const checked = await checkAccounts(retryReads(target, retryPolicy(options)), accounts, {
      aliases: options.aliases,
    });
    const runId = options.runId ?? `r${randomBytes(4).toString('hex')}`;
    const consoleReporter = options.reporters.some((r) => r.kind === 'console')
      ? createConsoleReporter(scenarios.length + (options.audit ? 1 : 0), {
          write: io.out,
          tty: io.tty,
          colour: io.colour,
        })
      : undefined;
    const startedAt = new Date();
    const audit = options.audit
      ? await startAudit(retryReads(target, retryPolicy(options)), checked, {
          runId,
          featureLevel,
          aliases: options.aliases,
          file: options.accounts,
        })
      : undefined;
    // Imported here: the diff modules load only for runs compared with a reference.
    const shadow = options.against
      ? await (
          await import('./diff/shadow.js')
        ).openShadow({ ...options, against: options.against, target, accounts: checked, featureLevel, runId })
      : undefined;
    reference = shadow;
    // --jobs against a svc-mock server that makes realms: each job runs in a dev realm of its own.
    lanes = shadow
      ? undefined
      : await openRealmLanes(target, {
          jobs: options.jobs ?? 1,
          runId,
          timeoutMs: options.timeoutMs,
          retry: retryPolicy(options),
          aliases: options.aliases,
        });
    const runOptions: RunOptions = {
      target,
      accounts: checked,
      featureLevel,
      aliases: options.aliases,
      runId,
      signal: io.signal,
      onResult: (r) => consoleReporter?.onResult(r),
      ...runOptionsOf(options, target),
      ...(shadow ? { reference: shadow.hook } : {}),
    };
    const results = lanes
      ? await runInRealmLanes(scenarios, lanes.lanes, runOptions)
      : await runScenarios(scenarios, runOptions);
    if (audit) {
      const audited = await audit.finish();
      results.push(audited);
      consoleReporter?.onResult(audited);
    }
    const report: RunReport = {
      target: target.name,
      featureLevel,
      runId,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      results,
      coverage: computeCoverage(results, { featureLevel, control: target.features.has('control') }),
    };
    consoleReporter?.finish(report);
    const secrets = secretsFor(checked);
    for (const lane of lanes?.lanes ?? []) secrets.addBook(lane.accounts);
    writeReports(report, options.reporters, { out: io.out, secrets });
    return results.some((r) => r.outcome === 'failed') || io.signal?.aborted ? 1 : 0;
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof TransportError ||
      error instanceof ScenarioFileError ||
      error instanceof IgnoreFileError ||
      error instanceof AccountCheckError
    ) {
      io.err(`svc-mock conformance: ${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    await lanes?.close();
    await reference?.close();
    await target?.close();
  }
}
