/** A differential run as reporters see it, and the text helpers they share. */
import type { Failure, Outcome } from '../transcript.js';
import type { DiffEntry } from './compare.js';
import type { IgnoreRule } from './ignore.js';
import { IdRef, Stamp } from './normalise.js';
import type { VolatileField } from './noise.js';

/** How a scenario went on one side (its expectation failures are shown, not diffed). */
export interface SideOutcome {
  outcome: Outcome;
  skipReason?: string;
  failures: Array<Failure & { step: string }>;
}

/** One scenario's comparison. */
export interface ScenarioDiff {
  name: string;
  file: string;
  a: SideOutcome;
  b: SideOutcome;
  /** Differences left after ignore rules and learned noise. */
  entries: DiffEntry[];
  /** Differences left out because B's own two runs differed there. */
  volatileDropped: number;
}

/** What reports say about each side. */
export interface SideInfo {
  target: string;
  featureLevel: number;
  runId: string;
}

/** A finished differential run. */
export interface DiffReport {
  a: SideInfo;
  b: SideInfo;
  toleranceSeconds: number;
  startedAt: string;
  durationMs: number;
  scenarios: ScenarioDiff[];
  volatile: VolatileField[];
  /** Every ignore rule with the number of values it removed over the run. */
  rules: Array<{ rule: IgnoreRule; hits: number }>;
  unmatchedRules: IgnoreRule[];
  interrupted?: boolean;
}

/** Counts of a report: scenarios same, different, skipped (by either side, so not compared), and differences. */
export function diffCounts(report: DiffReport): {
  same: number;
  different: number;
  skipped: number;
  differences: number;
} {
  const skippedAny = (s: ScenarioDiff): boolean => s.a.outcome === 'skipped' || s.b.outcome === 'skipped';
  return {
    same: report.scenarios.filter((s) => !s.entries.length && !skippedAny(s)).length,
    different: report.scenarios.filter((s) => s.entries.length).length,
    skipped: report.scenarios.filter((s) => !s.entries.length && skippedAny(s)).length,
    differences: report.scenarios.reduce((n, s) => n + s.entries.length, 0),
  };
}

/** A value in one report cell: ids as `kind#n=value`, timestamps as sent, `(absent)` for a missing value. */
export function showValue(value: unknown, max = 60): string {
  if (value === undefined) return '(absent)';
  const text =
    value instanceof IdRef
      ? value.toJSON()
      : value instanceof Stamp
        ? String(value.raw)
        : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Why a scenario was not compared (`A: reason`, `B: reason`), or undefined when both sides ran it. */
export function skipText(diff: ScenarioDiff): string | undefined {
  const reasons = (['a', 'b'] as const)
    .filter((side) => diff[side].outcome === 'skipped')
    .map((side) => `${side.toUpperCase()}: ${diff[side].skipReason ?? 'skipped'}`);
  return reasons.length ? reasons.join('; ') : undefined;
}

/** Entries grouped by step, in order of first appearance. */
export function byStep(entries: readonly DiffEntry[]): Map<string, DiffEntry[]> {
  const groups = new Map<string, DiffEntry[]>();
  for (const e of entries) groups.set(e.step, [...(groups.get(e.step) ?? []), e]);
  return groups;
}

/** The summary line shared by the console and markdown reports. */
export function summaryLine(report: DiffReport): string {
  const c = diffCounts(report);
  const parts = [
    `${report.scenarios.length} scenarios: ${c.same} same, ${c.different} different (${c.differences} differences), ${c.skipped} skipped`,
    `${report.volatile.length} volatile fields`,
    `${report.unmatchedRules.length} of ${report.rules.length} ignore rules matched nothing`,
  ];
  return parts.join('; ');
}
