/** A small run for the reporter tests: a pass, a wrong answer, an unreachable target, a skip and a flaky pass. */
import { computeCoverage } from '../coverage.js';
import type { RunReport } from '../report.js';
import type { ScenarioResult } from '../transcript.js';

/** Text that every format must escape (markup, quotes, table and command separators, a line break). */
export const TRICKY = `<script>alert("x")</script> & 'q' | a,b: 50% \`tick\`\nnext`;

/** The sample's curl command (what redactResult adds to a failed step). */
export const CURL =
  'curl -sS -X POST "http://127.0.0.1:9991/api/v1/messages" -u "hamlet@svc.test:${SVC_API_KEY}" --data-urlencode "to=general"';

const base = { runId: 'r1', featureLevel: 400, steps: [] as never[], failures: [] as never[] };

/** The results, in run order. */
export function sampleResults(file = 'scenarios/b.yaml'): ScenarioResult[] {
  return [
    {
      ...base,
      file: 'scenarios/a.yaml',
      name: 'reads settings',
      outcome: 'passed',
      durationMs: 12,
      steps: [],
    },
    {
      ...base,
      file,
      name: `sends ${TRICKY}`,
      outcome: 'failed',
      durationMs: 1530,
      steps: [
        {
          section: 'steps',
          index: 1,
          name: 'POST /messages',
          outcome: 'failed',
          captures: {},
          request: {
            method: 'POST',
            path: '/api/v1/messages',
            params: { to: 'general', content: TRICKY },
            actor: 'hamlet',
            role: 'member',
          },
          response: {
            status: 200,
            headers: { 'content-type': 'application/json' },
            body: { id: 2, note: TRICKY },
          },
          failures: [{ kind: 'mismatch', message: 'body/id: differs', path: '/id', expected: 1, actual: 2 }],
          curl: CURL,
        },
      ],
      failures: [
        {
          kind: 'mismatch',
          message: 'body/id: differs',
          path: '/id',
          expected: 1,
          actual: 2,
          step: 'steps[1] POST /messages',
        },
        { kind: 'schema', message: `/note: ${TRICKY}`, step: 'steps[1] POST /messages' },
      ],
    },
    {
      ...base,
      file: 'scenarios/c.yaml',
      name: 'cannot reach',
      outcome: 'failed',
      durationMs: 30002,
      failures: [
        {
          kind: 'network',
          message: 'connection refused (ECONNREFUSED) after 3 ms',
          step: 'teardown[0] DELETE /x',
        },
      ],
    },
    {
      ...base,
      file: 'scenarios/d.yaml',
      name: 'is skipped',
      outcome: 'skipped',
      skipReason: 'needs control',
      durationMs: 0,
    },
    {
      ...base,
      file: 'scenarios/e.yaml',
      name: 'passes on retry',
      outcome: 'passed',
      durationMs: 40,
      retries: 1,
      flaky: true,
    },
  ];
}

/** The sample run as reporters receive it. */
export function sampleReport(file?: string): RunReport {
  const results = sampleResults(file);
  return {
    target: 'https://chat.example.com',
    featureLevel: 400,
    runId: 'r1',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 31584,
    results,
    coverage: computeCoverage(results),
  };
}
