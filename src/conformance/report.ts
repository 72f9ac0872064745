/** The whole run as reporters see it, and the plain-text rendering of failures they share. */
import type { Coverage } from './coverage.js';
import type { Failure, ScenarioResult } from './transcript.js';

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

/** Every failure of a scenario as text (JUnit bodies, markdown details). */
export function formatFailures(result: ScenarioResult): string {
  return result.failures.flatMap((f) => formatFailure(f)).join('\n');
}
