/** The markdown report: a summary for CI job pages, failures with their diffs, and the coverage table. */
import { coverageSummary } from '../coverage.js';
import { countResults, formatDuration, formatFailures, retryCounts, type RunReport } from '../report.js';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

const icon = { passed: '✅', failed: '❌', skipped: '⏭️' } as const;

/** Heading, counts, the table of scenarios (outcome, name, file, time, note) and the failures with their curls. */
export function renderMarkdownSummary(report: RunReport): string[] {
  const { passed, failed, skipped } = countResults(report.results);
  const { retries, flaky } = retryCounts(report.results);
  const out = [
    `# Conformance: ${failed ? 'failed' : 'passed'}`,
    '',
    `Target \`${report.target}\` (feature level ${report.featureLevel}), run \`${report.runId}\`: ` +
      `**${passed} passed, ${failed} failed, ${skipped} skipped** in ${(report.durationMs / 1000).toFixed(1)} s` +
      `${retries ? ` (${retries} retries, ${flaky} flaky)` : ''}.`,
    '',
    '| | Scenario | File | Time | Note |',
    '|---|---|---|---|---|',
    ...report.results.map(
      (r) =>
        `| ${icon[r.outcome]} | ${cell(r.name)} | \`${r.file}\` | ${r.outcome === 'skipped' ? '' : formatDuration(r.durationMs)} | ` +
        `${cell(r.skipReason ?? (r.failures[0] ? `[${r.failures[0].kind}] ${r.failures[0].message}` : r.flaky ? 'flaky: passed after a retry' : ''))} |`,
    ),
  ];
  const failures = report.results.filter((r) => r.outcome === 'failed');
  if (failures.length) {
    out.push('', '## Failures');
    for (const r of failures)
      out.push('', `### ${r.name}`, '', `\`${r.file}\``, '', '```diff', fenced(formatFailures(r)), '```');
  }
  return out;
}

/** Text inside a fenced block cannot close it early. */
const fenced = (text: string): string => text.replace(/```/g, "'''");

/** The markdown text of a run. */
export function renderMarkdown(report: RunReport): string {
  const out = [...renderMarkdownSummary(report)];
  const c = report.coverage;
  out.push(
    '',
    '## Coverage',
    '',
    coverageSummary(c),
    '',
    '| Endpoint | Requests | Parameters used | Parameters not used |',
    '|---|---|---|---|',
  );
  for (const e of c.endpoints)
    out.push(
      `| \`${e.endpoint}\` | ${e.requests} | ${e.params.used.join(', ')} | ${e.params.unused.join(', ')} |`,
    );
  out.push('', '| Error code (spec) | Responses |', '|---|---|');
  for (const [code, n] of Object.entries(c.errorCodes.spec)) out.push(`| ${code} | ${n} |`);
  for (const [code, n] of Object.entries(c.errorCodes.other))
    out.push(`| ${code} (not in the spec table) | ${n} |`);
  out.push('', '| Event type | Received |', '|---|---|');
  for (const [type, n] of Object.entries(c.eventTypes)) out.push(`| ${type} | ${n} |`);
  return `${out.join('\n')}\n`;
}
