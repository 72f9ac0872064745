/** The whole run as reporters see it, and the plain-text rendering of failures they share. */
import type { Coverage } from './coverage.js';
import type { Failure, ScenarioResult, StepRecord } from './transcript.js';

/** A finished run. */
export interface RunReport {
  target: string;
  featureLevel: number;
  runId: string;
  startedAt: string;
  durationMs: number;
  results: ScenarioResult[];
  coverage: Coverage;
}

/** Pass, failure and skip counts. */
export function countResults(results: readonly ScenarioResult[]): {
  passed: number;
  failed: number;
  skipped: number;
} {
  return {
    passed: results.filter((r) => r.outcome === 'passed').length,
    failed: results.filter((r) => r.outcome === 'failed').length,
    skipped: results.filter((r) => r.outcome === 'skipped').length,
  };
}

const show = (value: unknown): string => {
  const text = JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > 400 ? `${text.slice(0, 400)}…` : text;
};

/** Optional colouring of the diff lines (the console reporter passes ANSI codes, files get none). */
export interface Paint {
  expected(text: string): string;
  actual(text: string): string;
  dim(text: string): string;
}

const plain: Paint = { expected: (t) => t, actual: (t) => t, dim: (t) => t };

/** One failure as lines: `[kind] step: message`, then `- expected` / `+ actual` when known. */
export function formatFailure(failure: Failure & { step?: string }, paint: Paint = plain): string[] {
  const lines = [`[${failure.kind}] ${failure.step ? `${paint.dim(failure.step)}: ` : ''}${failure.message}`];
  if ('expected' in failure && failure.expected !== undefined)
    lines.push(paint.expected(`  - expected ${show(failure.expected)}`));
  if ('actual' in failure && failure.actual !== undefined)
    lines.push(paint.actual(`  + actual   ${show(failure.actual)}`));
  return lines;
}

/** The step record a failure's `step` label (`steps[2] POST /messages`) names, if it has one. */
export function stepOf(result: ScenarioResult, label: string): StepRecord | undefined {
  const at = /^(steps|teardown)\[(\d+)\]/.exec(label);
  return at ? result.steps.find((s) => s.section === at[1] && s.index === Number(at[2])) : undefined;
}

/** A scenario's failures grouped by the step they come from (in order), with the step's record when there is one. */
export function failuresByStep(
  result: ScenarioResult,
): Array<{ label: string; step?: StepRecord; failures: Array<Failure & { step: string }> }> {
  const groups: Array<{ label: string; step?: StepRecord; failures: Array<Failure & { step: string }> }> = [];
  for (const failure of result.failures) {
    const last = groups.at(-1);
    if (last?.label === failure.step) last.failures.push(failure);
    else groups.push({ label: failure.step, step: stepOf(result, failure.step), failures: [failure] });
  }
  return groups;
}

/** Longest curl command the text formats print whole (a snapshot restore sends a whole realm). */
const CURL_SHOWN = 2000;

/** A step's curl for text formats: whole, or its start and where the whole command is (the JSON report). */
export function curlText(curl: string): string {
  return curl.length <= CURL_SHOWN
    ? curl
    : `${curl.slice(0, CURL_SHOWN)}… (${curl.length} characters; the whole command is the step's curl in the JSON report)`;
}

/** Every failure of a scenario as text (JUnit bodies, markdown details), each failed step's curl after its failures. */
export function formatFailures(result: ScenarioResult, paint: Paint = plain): string {
  return failuresByStep(result)
    .flatMap(({ step, failures }) => [
      ...failures.flatMap((f) => formatFailure(f, paint)),
      ...(step?.curl ? [paint.dim(`  $ ${curlText(step.curl)}`)] : []),
    ])
    .join('\n');
}

/** Scenario duration for people: `850 ms`, `12.3 s`. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Retry counts of a run: extra attempts, and scenarios that passed only after a retry. */
export function retryCounts(results: readonly ScenarioResult[]): { retries: number; flaky: number } {
  return {
    retries: results.reduce((n, r) => n + (r.retries ?? 0), 0),
    flaky: results.filter((r) => r.flaky).length,
  };
}
