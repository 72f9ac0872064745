/** JUnit XML: one testsuite per scenario file, one testcase per scenario, failures with the diff, skips with the reason. */
import { formatFailures, type RunReport } from '../report.js';
import type { ScenarioResult } from '../transcript.js';

/** Escapes text for XML attributes and content, dropping characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 cannot carry
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

function testcase(result: ScenarioResult): string {
  const open = `    <testcase classname="${escapeXml(result.file)}" name="${escapeXml(result.name)}" time="${seconds(result.durationMs)}">`;
  if (result.outcome === 'skipped')
    return `${open}\n      <skipped message="${escapeXml(result.skipReason ?? '')}"/>\n    </testcase>`;
  if (result.outcome === 'failed') {
    const kinds = [...new Set(result.failures.map((f) => f.kind))].join(',');
    const first = result.failures[0]?.message ?? 'failed';
    return `${open}\n      <failure message="${escapeXml(first)}" type="${escapeXml(kinds)}">${escapeXml(formatFailures(result))}</failure>\n    </testcase>`;
  }
  return `${open}</testcase>`;
}

/** The JUnit XML text of a run. */
export function renderJunit(report: RunReport): string {
  const byFile = new Map<string, ScenarioResult[]>();
  for (const r of report.results) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  const count = (list: ScenarioResult[], o: string): number => list.filter((r) => r.outcome === o).length;
  const suites = [...byFile].map(([file, list]) => {
    const time = list.reduce((t, r) => t + r.durationMs, 0);
    return (
      `  <testsuite name="${escapeXml(file)}" tests="${list.length}" failures="${count(list, 'failed')}" errors="0" ` +
      `skipped="${count(list, 'skipped')}" time="${seconds(time)}" timestamp="${report.startedAt.replace(/\.\d+Z$/, '')}">\n` +
      `${list.map(testcase).join('\n')}\n  </testsuite>`
    );
  });
  const all = report.results;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name="svc-mock conformance (${escapeXml(report.target)})" tests="${all.length}" ` +
    `failures="${count(all, 'failed')}" errors="0" skipped="${count(all, 'skipped')}" time="${seconds(report.durationMs)}">\n` +
    `${suites.join('\n')}\n</testsuites>\n`
  );
}
