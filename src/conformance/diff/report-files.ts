/** Differential reports written to files: JSON (everything), markdown (CI job pages) and JUnit. */
import { formatFailure } from '../report.js';
import { escapeXml } from '../reporters/junit.js';
import { describeRule } from './ignore.js';
import {
  byStep,
  diffCounts,
  showValue,
  skipText,
  summaryLine,
  type DiffReport,
  type ScenarioDiff,
} from './report.js';

/** The JSON text of a run (ids as `kind#n=value`, timestamps as the server sent them). */
export function renderDiffJson(report: DiffReport): string {
  return `${JSON.stringify({ ...report, summary: diffCounts(report) }, null, 2)}\n`;
}

const cell = (text: string): string => `\`${text.replace(/`/g, "'").replace(/\|/g, '\\|')}\``;

/** The markdown text of a run: summary, a table of differences per scenario, volatile fields, stale rules. */
export function renderDiffMarkdown(report: DiffReport): string {
  const different = report.scenarios.some((s) => s.entries.length);
  const lines = [
    `# Conformance diff: ${different ? 'different' : 'same'}`,
    '',
    `A: ${report.a.target} (feature level ${report.a.featureLevel}); B: ${report.b.target} (feature level ${report.b.featureLevel}); timestamps within ${report.toleranceSeconds}s.`,
    '',
    summaryLine(report),
  ];
  for (const s of report.scenarios.filter(
    (x) => x.entries.length || x.a.outcome === 'failed' || x.b.outcome === 'failed',
  )) {
    lines.push('', `## ${s.name}`, '', `\`${s.file}\``);
    if (s.entries.length) lines.push('', '| step | pointer | A | B |', '| --- | --- | --- | --- |');
    for (const [step, entries] of byStep(s.entries))
      for (const e of entries)
        lines.push(
          `| ${step} | ${cell(e.pointer || '/')} | ${cell(showValue(e.a, 80))} | ${cell(showValue(e.b, 80))} |`,
        );
    for (const [label, side] of [
      ['A', s.a],
      ['B', s.b],
    ] as const)
      if (side.outcome === 'failed')
        lines.push(
          '',
          `${label} failed its expectations:`,
          '',
          '```',
          ...side.failures.flatMap((f) => formatFailure(f)),
          '```',
        );
  }
  if (report.volatile.length) {
    lines.push(
      '',
      '## Volatile fields learned from B',
      '',
      '| scenario | step | pointer | run 1 | run 2 |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const v of report.volatile)
      lines.push(
        `| ${v.scenario} | ${v.step} | ${cell(v.pointer || '/')} | ${cell(showValue(v.first, 40))} | ${cell(showValue(v.second, 40))} |`,
      );
  }
  if (report.unmatchedRules.length) {
    lines.push('', '## Ignore rules that matched nothing', '');
    for (const rule of report.unmatchedRules) lines.push(`- ${describeRule(rule)}`);
  }
  return `${lines.join('\n')}\n`;
}

function testcase(s: ScenarioDiff): string {
  const open = `    <testcase classname="${escapeXml(s.file)}" name="${escapeXml(s.name)}">`;
  if (!s.entries.length)
    return skipText(s) !== undefined
      ? `${open}\n      <skipped message="${escapeXml(skipText(s)!)}"/>\n    </testcase>`
      : `${open}</testcase>`;
  const text = s.entries
    .map((e) => `${e.step} ${e.pointer || '/'}: A ${showValue(e.a, 200)} | B ${showValue(e.b, 200)}`)
    .join('\n');
  return `${open}\n      <failure message="${s.entries.length} differences" type="diff">${escapeXml(text)}</failure>\n    </testcase>`;
}

/** JUnit XML: one testcase per scenario, failed when A and B differ. */
export function renderDiffJunit(report: DiffReport): string {
  const c = diffCounts(report);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conformance diff" tests="${report.scenarios.length}" failures="${c.different}">`,
    `  <testsuite name="${escapeXml(`${report.a.target} vs ${report.b.target}`)}" tests="${report.scenarios.length}" failures="${c.different}" skipped="${c.skipped}">`,
    ...report.scenarios.map(testcase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
