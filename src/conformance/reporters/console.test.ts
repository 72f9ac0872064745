import { describe, expect, it } from 'vitest';
import { computeCoverage } from '../coverage.js';
import type { RunReport } from '../report.js';
import type { ScenarioResult } from '../transcript.js';
import { createConsoleReporter } from './console.js';
import { renderMarkdown } from './markdown.js';
import { CURL, sampleReport } from './sample-report.test-util.js';

const passed: ScenarioResult = {
  file: 'scenarios/a.yaml',
  name: 'reads settings',
  outcome: 'passed',
  runId: 'r',
  featureLevel: 400,
  durationMs: 5,
  failures: [],
  steps: [
    {
      section: 'steps',
      index: 0,
      name: 'GET /messages/1',
      outcome: 'passed',
      captures: {},
      failures: [],
      request: {
        method: 'GET',
        path: '/api/v1/messages/1',
        params: { apply_markdown: false },
        actor: 'a',
        role: 'member',
      },
      response: { status: 400, headers: {}, body: { result: 'error', msg: 'x', code: 'BAD_REQUEST' } },
      events: { queue: 'a', received: [{ type: 'message' }], matched: [0], polls: 1 },
    },
  ],
};
const failed: ScenarioResult = {
  ...passed,
  file: 'scenarios/b.yaml',
  name: 'sends',
  outcome: 'failed',
  steps: [],
  failures: [
    {
      kind: 'mismatch',
      message: 'body/id: differs',
      expected: 1,
      actual: 2,
      step: 'steps[0] POST /messages',
    },
  ],
};
const report: RunReport = {
  target: 'mock',
  featureLevel: 400,
  runId: 'r',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 10,
  results: [passed, failed],
  coverage: computeCoverage([passed, failed]),
};

function capture(tty: boolean, colour: boolean): string {
  let out = '';
  const reporter = createConsoleReporter(2, { write: (t) => (out += t), tty, colour });
  reporter.onResult(passed);
  reporter.onResult(failed);
  reporter.finish(report);
  return out;
}

describe('console reporter', () => {
  it('prints plain lines and an uncoloured diff in CI', () => {
    const out = capture(false, false);
    expect(out).toContain(
      'PASS reads settings scenarios/a.yaml (5 ms)\nFAIL sends scenarios/b.yaml (5 ms)\n',
    );
    expect(out).toContain('\n✗ sends scenarios/b.yaml (5 ms)\n');
    expect(out).toContain('slowest: a.yaml 5 ms, b.yaml 5 ms\n');
    expect(out).toContain(
      '[mismatch] steps[0] POST /messages: body/id: differs\n    - expected 1\n    + actual   2',
    );
    expect(out).toContain(
      '2 scenarios against mock (feature level 400, run r): 1 passed, 1 failed, 0 skipped in 10 ms\n',
    );
    expect(out).not.toContain('\u001b[');
  });

  it('rewrites one progress line on a TTY and colours the diff', () => {
    const out = capture(true, true);
    expect(out).toContain('\r\u001b[2K');
    expect(out).toContain('2/2');
    expect(out).toContain('  \u001b[32m  - expected 1\u001b[0m');
  });
});

describe('console reporter on failures', () => {
  it('prints each failed step curl after its failures, durations and the retry counts', () => {
    const sample = sampleReport();
    let out = '';
    const reporter = createConsoleReporter(sample.results.length, {
      write: (t) => (out += t),
      tty: false,
      colour: false,
    });
    for (const r of sample.results) reporter.onResult(r);
    reporter.finish(sample);
    expect(out).toContain('PASS passes on retry scenarios/e.yaml (40 ms, flaky: passed after 1 retries)\n');
    expect(out).toContain(`    + actual   2\n  [schema] steps[1] POST /messages: /note: `);
    expect(out).toContain(`\n    $ ${CURL}\n`);
    expect(out).toContain(
      'in 31.6 s; 1 retries, 1 flaky\nslowest: c.yaml 30.0 s, b.yaml 1.5 s, e.yaml 40 ms\n',
    );
  });
});

describe('coverage', () => {
  it('counts endpoints by route, parameters, spec error codes and event types', () => {
    const row = report.coverage.endpoints.find((e) => e.endpoint === 'GET /api/v1/messages/{message_id}');
    expect(row).toMatchObject({ requests: 1, params: { used: ['apply_markdown', 'message_id'] } });
    expect(report.coverage.errorCodes.spec.BAD_REQUEST).toBe(1);
    expect(report.coverage.eventTypes.message).toBe(1);
    expect(renderMarkdown(report)).toContain(
      '| `GET /api/v1/messages/{message_id}` | 1 | apply_markdown, message_id |',
    );
  });
});
