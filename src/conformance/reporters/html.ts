/**
 * The HTML report: one self-contained file (inline style, no script, nothing fetched) with the summary, every
 * scenario and its time, the failures with their diffs, request and response excerpts and curl, and the coverage.
 * Every text and attribute is escaped.
 */
import { escapeUTF8 } from 'entities';
import { coverageSummary } from '../coverage.js';
import {
  countResults,
  curlText,
  failuresByStep,
  formatDuration,
  formatFailure,
  retryCounts,
  type RunReport,
} from '../report.js';
import type { ScenarioResult, StepRecord } from '../transcript.js';

const esc = (text: string): string => escapeUTF8(text);

/** Longest excerpt of a request or response body shown, in characters. */
const EXCERPT = 4000;

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1f2328}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}th,td{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}
tr[data-outcome=failed] td:first-child{color:#cf222e;font-weight:600}tr[data-outcome=passed] td:first-child{color:#1a7f37}
tr[data-outcome=skipped] td:first-child{color:#9a6700}pre{background:#f6f8fa;padding:.5rem;overflow-x:auto;white-space:pre-wrap}
.expected{color:#1a7f37}.actual{color:#cf222e}article.failure{border-left:4px solid #cf222e;padding-left:1rem;margin:1rem 0}
code,pre{font-family:ui-monospace,monospace;font-size:12px}`;

const excerpt = (value: unknown): string => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));
  return text.length > EXCERPT
    ? `${text.slice(0, EXCERPT)}\n… (${text.length - EXCERPT} more characters)`
    : text;
};

function requestText(step: StepRecord): string {
  const { method, path, params, actor, role } = step.request!;
  return `${method} ${path}\nas ${actor} (${role})\n${excerpt(params)}`;
}

function responseText(step: StepRecord): string {
  const { status, headers, body } = step.response!;
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  return `HTTP ${status}\n${head}\n\n${excerpt(body)}`;
}

function failureArticle(result: ScenarioResult): string {
  const steps = failuresByStep(result).map(({ label, step, failures }) => {
    const diff = failures
      .flatMap((f) => formatFailure(f))
      .map((line) => {
        const cls = /^\s+- expected/.test(line)
          ? 'expected'
          : /^\s+\+ actual/.test(line)
            ? 'actual'
            : 'message';
        return `<span class="${cls}">${esc(line)}</span>`;
      })
      .join('\n');
    const parts = [`<h4>${esc(label)}</h4>`, `<pre class="diff">${diff}</pre>`];
    if (step?.curl) parts.push(`<p>Reproduce:</p><pre class="curl">${esc(curlText(step.curl))}</pre>`);
    if (step?.request)
      parts.push(
        `<details><summary>Request</summary><pre class="request">${esc(requestText(step))}</pre></details>`,
      );
    if (step?.response)
      parts.push(
        `<details><summary>Response</summary><pre class="response">${esc(responseText(step))}</pre></details>`,
      );
    return `<div class="step" data-step="${esc(label)}">${parts.join('\n')}</div>`;
  });
  return (
    `<article class="failure" data-file="${esc(result.file)}" data-scenario="${esc(result.name)}">\n` +
    `<h3>${esc(result.name)}</h3>\n<p><code>${esc(result.file)}</code> · ${esc(formatDuration(result.durationMs))}</p>\n` +
    `${steps.join('\n')}\n</article>`
  );
}

function coverageSection(report: RunReport): string {
  const c = report.coverage;
  const rows = c.endpoints.map(
    (e) =>
      `<tr><td><code>${esc(e.endpoint)}</code></td><td>${e.requests}</td><td>${esc(e.params.used.join(', '))}</td><td>${esc(e.params.unused.join(', '))}</td></tr>`,
  );
  return (
    `<section id="coverage">\n<h2>Coverage</h2>\n<p class="coverage-summary">${esc(coverageSummary(c))}</p>\n` +
    `<table class="endpoints"><thead><tr><th>Endpoint</th><th>Requests</th><th>Parameters used</th><th>Parameters not used</th></tr></thead>\n` +
    `<tbody>\n${rows.join('\n')}\n</tbody></table>\n</section>`
  );
}

/** The HTML text of a run. */
export function renderHtml(report: RunReport): string {
  const { passed, failed, skipped } = countResults(report.results);
  const { retries, flaky } = retryCounts(report.results);
  const title = `Conformance: ${failed ? 'failed' : 'passed'} (${report.target})`;
  const label = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP' } as const;
  const rows = report.results.map((r) => {
    const note = r.skipReason ?? (r.failures[0] ? `[${r.failures[0].kind}] ${r.failures[0].message}` : '');
    return (
      `<tr class="scenario" data-outcome="${r.outcome}"><td>${label[r.outcome]}</td><td>${esc(r.name)}</td>` +
      `<td><code>${esc(r.file)}</code></td><td>${r.outcome === 'skipped' ? '' : esc(formatDuration(r.durationMs))}</td><td>${esc(note)}</td></tr>`
    );
  });
  const failures = report.results.filter((r) => r.outcome === 'failed');
  return [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head>`,
    '<body>',
    `<header id="summary" data-passed="${passed}" data-failed="${failed}" data-skipped="${skipped}" data-retries="${retries}" data-flaky="${flaky}">`,
    `<h1>${esc(title)}</h1>`,
    `<p>Target <code>${esc(report.target)}</code> (feature level ${report.featureLevel}), run <code>${esc(report.runId)}</code>, ` +
      `started ${esc(report.startedAt)}: <strong>${passed} passed, ${failed} failed, ${skipped} skipped</strong> in ` +
      `${esc(formatDuration(report.durationMs))}${retries ? ` (${retries} retries, ${flaky} flaky)` : ''}.</p>`,
    '</header>',
    '<section id="scenarios">',
    '<h2>Scenarios</h2>',
    '<table><thead><tr><th></th><th>Scenario</th><th>File</th><th>Time</th><th>Note</th></tr></thead>',
    `<tbody>\n${rows.join('\n')}\n</tbody></table>`,
    '</section>',
    `<section id="failures">\n<h2>Failures</h2>\n${failures.length ? failures.map(failureArticle).join('\n') : '<p>None.</p>'}\n</section>`,
    coverageSection(report),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
