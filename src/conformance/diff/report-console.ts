/** The console view of a differential run: each difference side by side, grouped by scenario and step. */
import { formatFailure } from '../report.js';
import { describeRule } from './ignore.js';
import {
  byStep,
  skipText,
  showValue,
  summaryLine,
  type DiffReport,
  type ScenarioDiff,
  type SideOutcome,
} from './report.js';

const CELL = 38;
const pad = (text: string, width: number): string =>
  text.length >= width ? text : text + ' '.repeat(width - text.length);

/** The first line: what is compared with what. */
export function renderConsoleHeader(report: Pick<DiffReport, 'a' | 'b' | 'toleranceSeconds'>): string {
  return (
    `Differential run: A = ${report.a.target} (feature level ${report.a.featureLevel}), ` +
    `B = ${report.b.target} (feature level ${report.b.featureLevel}); timestamps within ${report.toleranceSeconds}s\n`
  );
}

function sideLines(label: string, side: SideOutcome): string[] {
  if (side.outcome !== 'failed') return [];
  return [
    `  ${label} failed its expectations:`,
    ...side.failures.flatMap((f) => formatFailure(f).map((line) => `    ${line}`)),
  ];
}

/** One scenario: `SAME`, `SKIP` (on either side, so not compared) or `DIFF` with a table per step. */
export function renderScenarioConsole(diff: ScenarioDiff): string {
  const skipped = skipText(diff);
  const status = diff.entries.length ? 'DIFF' : skipped ? 'SKIP' : 'SAME';
  const lines = [`${status} ${diff.name} (${diff.file})${skipped ? `: ${skipped}` : ''}`];
  for (const [step, entries] of byStep(diff.entries)) {
    lines.push(`  ${step}`);
    const width = Math.min(Math.max(...entries.map((e) => e.pointer.length || 1), 8) + 2, 48);
    lines.push(`    ${pad('pointer', width)}${pad('A', CELL)}B`);
    for (const e of entries)
      lines.push(
        `    ${pad(e.pointer || '/', width)}${pad(showValue(e.a, CELL - 2), CELL)}${showValue(e.b, CELL - 2)}`,
      );
  }
  if (diff.volatileDropped) lines.push(`  (${diff.volatileDropped} differences at volatile fields left out)`);
  lines.push(...sideLines('A', diff.a), ...sideLines('B', diff.b));
  return `${lines.join('\n')}\n`;
}

/** Volatile fields, ignore rules that matched nothing, and the summary. */
export function renderConsoleFooter(report: DiffReport): string {
  const lines: string[] = [''];
  if (report.volatile.length) {
    lines.push('Volatile fields learned from B (different in its two runs, left out of the A/B diff):');
    for (const v of report.volatile)
      lines.push(
        `  ${v.scenario} › ${v.step} ${v.pointer || '/'}: run 1 ${showValue(v.first, 30)}, run 2 ${showValue(v.second, 30)}`,
      );
  }
  if (report.unmatchedRules.length) {
    lines.push('Ignore rules that matched nothing in this run (stale?):');
    for (const rule of report.unmatchedRules) lines.push(`  - ${describeRule(rule)}`);
  }
  const used = report.rules.filter((r) => r.hits > 0);
  if (used.length) {
    lines.push('Ignore rules applied:');
    for (const { rule, hits } of used) lines.push(`  - ${describeRule(rule)} (${hits} values)`);
  }
  if (report.interrupted) lines.push('Interrupted: the remaining scenarios did not run.');
  lines.push(
    `${report.scenarios.some((s) => s.entries.length) ? 'DIFFERENT' : 'SAME'}: ${summaryLine(report)}`,
  );
  return `${lines.join('\n')}\n`;
}
