import { describe, expect, it } from 'vitest';
import { curlText } from '../report.js';
import { renderJson } from './json.js';
import { renderMarkdown } from './markdown.js';
import { CURL, sampleReport, TRICKY } from './sample-report.test-util.js';

/** The cells of a Markdown table row (split on unescaped `|`, `\|` read back as `|`). */
const cells = (row: string): string[] =>
  row
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));

/** The rows of the table whose header row is `header`. */
function table(text: string, header: string): string[][] {
  const lines = text.split('\n');
  const start = lines.indexOf(header);
  if (start < 0) throw new Error(`no table ${header}`);
  expect(lines[start + 1]).toMatch(/^\|(-+\|)+$/);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const row = cells(line);
    expect(row).toHaveLength(cells(header).length);
    rows.push(row);
  }
  return rows;
}

describe('renderMarkdown', () => {
  const text = renderMarkdown(sampleReport());

  it('reads back a table of scenarios with outcome, name, file, time and the first failure', () => {
    expect(table(text, '| | Scenario | File | Time | Note |')).toEqual([
      ['✅', 'reads settings', '`scenarios/a.yaml`', '12 ms', ''],
      [
        '❌',
        `sends ${TRICKY.replace('\n', ' ')}`,
        '`scenarios/b.yaml`',
        '1.5 s',
        '[mismatch] body/id: differs',
      ],
      [
        '❌',
        'cannot reach',
        '`scenarios/c.yaml`',
        '30.0 s',
        '[network] connection refused (ECONNREFUSED) after 3 ms',
      ],
      ['⏭️', 'is skipped', '`scenarios/d.yaml`', '', 'needs control'],
      ['✅', 'passes on retry', '`scenarios/e.yaml`', '40 ms', 'flaky: passed after a retry'],
    ]);
    expect(text).toContain('**2 passed, 2 failed, 1 skipped** in 31.6 s (1 retries, 1 flaky).');
  });

  it('gives each failure its diff and the curl of its step in a fenced block', () => {
    const failures = text.slice(text.indexOf('## Failures'), text.indexOf('## Coverage'));
    const block = /```diff\n([\s\S]*?)\n```/.exec(failures)![1]!;
    expect(block).toContain(
      '[mismatch] steps[1] POST /messages: body/id: differs\n  - expected 1\n  + actual   2',
    );
    expect(block).toContain(`  $ ${CURL}`);
  });

  it('reads back the coverage table, one row per endpoint', () => {
    const report = sampleReport();
    expect(table(text, '| Endpoint | Requests | Parameters used | Parameters not used |')).toHaveLength(
      report.coverage.endpoints.length,
    );
  });
});

describe('renderJson', () => {
  it('parses back to the run with counts, durations and each failed step curl', () => {
    const parsed = JSON.parse(renderJson(sampleReport())) as {
      summary: Record<string, number>;
      results: Array<{ durationMs: number; steps: Array<{ curl?: string }> }>;
    };
    expect(parsed.summary).toEqual({ passed: 2, failed: 2, skipped: 1 });
    expect(parsed.results.map((r) => r.durationMs)).toEqual([12, 1530, 30002, 0, 40]);
    expect(parsed.results[1]!.steps[0]!.curl).toBe(CURL);
  });
});

describe('curlText', () => {
  it('prints a curl whole up to 2,000 characters, and points to the JSON report beyond', () => {
    expect(curlText(CURL)).toBe(CURL);
    const long = `curl -sS -X POST "x" --data-urlencode "realm=${'a'.repeat(5000)}"`;
    expect(curlText(long)).toBe(
      `${long.slice(0, 2000)}… (${long.length} characters; the whole command is the step's curl in the JSON report)`,
    );
  });
});
