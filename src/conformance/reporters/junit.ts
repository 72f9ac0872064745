/**
 * JUnit XML: one testsuite per scenario file, one testcase per scenario (with its time), wrong answers as
 * `<failure>` and unreachable or silent targets as `<error>`, with the diff and a curl per failed step; skips with the reason.
 */
import { formatFailures, type RunReport } from '../report.js';
import { isInfrastructureKind, type ScenarioResult } from '../transcript.js';

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

/** The suite and class of a result: its file, or the target for results without one (the audit). */
const suiteOf = (result: ScenarioResult, target: string): string => result.file || target;

function testcase(result: ScenarioResult, target: string): string {
  const open = `    <testcase classname="${escapeXml(suiteOf(result, target))}" name="${escapeXml(result.name)}" time="${seconds(result.durationMs)}">`;
  if (result.outcome === 'skipped')
    return `${open}\n      <skipped message="${escapeXml(result.skipReason ?? '')}"/>\n    </testcase>`;
  if (result.outcome === 'failed') {
    const kinds = [...new Set(result.failures.map((f) => f.kind))].join(',');
    // A target that could not be reached or answered is an error of the run, not a wrong answer.
    const infrastructure = result.failures.find((f) => isInfrastructureKind(f.kind));
    const element = infrastructure ? 'error' : 'failure';
    const first = (infrastructure ?? result.failures[0])?.message ?? 'failed';
    return `${open}\n      <${element} message="${escapeXml(first)}" type="${escapeXml(kinds)}">${escapeXml(formatFailures(result))}</${element}>\n    </testcase>`;
  }
  return `${open}</testcase>`;
}

/** Whether a result counts as a JUnit error (an infrastructure failure) rather than a failure. */
const isError = (r: ScenarioResult): boolean =>
  r.outcome === 'failed' && r.failures.some((f) => isInfrastructureKind(f.kind));
const isFailure = (r: ScenarioResult): boolean => r.outcome === 'failed' && !isError(r);

/** The JUnit XML text of a run. */
export function renderJunit(report: RunReport): string {
  const byFile = new Map<string, ScenarioResult[]>();
  for (const r of report.results) {
    const suite = suiteOf(r, report.target);
    byFile.set(suite, [...(byFile.get(suite) ?? []), r]);
  }
  const counts = (list: ScenarioResult[]): string =>
    `tests="${list.length}" failures="${list.filter(isFailure).length}" errors="${list.filter(isError).length}" ` +
    `skipped="${list.filter((r) => r.outcome === 'skipped').length}"`;
  const suites = [...byFile].map(([file, list]) => {
    const time = list.reduce((t, r) => t + r.durationMs, 0);
    return (
      `  <testsuite name="${escapeXml(file)}" ${counts(list)} time="${seconds(time)}" ` +
      `timestamp="${report.startedAt.replace(/\.\d+Z$/, '')}">\n` +
      `${list.map((r) => testcase(r, report.target)).join('\n')}\n  </testsuite>`
    );
  });
  const all = report.results;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name="svc-mock conformance (${escapeXml(report.target)})" ${counts(all)} time="${seconds(report.durationMs)}">\n` +
    `${suites.join('\n')}\n</testsuites>\n`
  );
}
