import { describe, expect, it } from 'vitest';
import { IdRef, Stamp } from './normalise.js';
import { diffCounts, showValue, summaryLine, type DiffReport } from './report.js';
import { renderConsoleFooter, renderScenarioConsole } from './report-console.js';
import { renderDiffJson, renderDiffJunit, renderDiffMarkdown } from './report-files.js';

const passed = { outcome: 'passed' as const, failures: [] };

function report(): DiffReport {
  return {
    a: { target: 'mock', featureLevel: 435, runId: 'r1' },
    b: { target: 'http://127.0.0.1:9991', featureLevel: 400, runId: 'r1' },
    toleranceSeconds: 5,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 10,
    scenarios: [
      {
        name: 'sends a message',
        file: 'scenarios/m.yaml',
        a: passed,
        b: {
          outcome: 'failed',
          failures: [{ kind: 'status', message: 'status 500, expected 200', step: 'steps[1] GET /x' }],
        },
        entries: [
          {
            scenario: 'sends a message',
            file: 'scenarios/m.yaml',
            step: 'steps[0] POST /messages',
            pointer: '/body/id',
            kind: 'changed',
            a: new IdRef('message', 1, 4711),
            b: new IdRef('message', 2, 93),
          },
          {
            scenario: 'sends a message',
            file: 'scenarios/m.yaml',
            step: 'steps[0] POST /messages',
            pointer: '/body/avatar_url',
            kind: 'only-a',
            a: 'https://x',
          },
        ],
        volatileDropped: 1,
      },
      {
        name: 'reads settings',
        file: 'scenarios/s.yaml',
        a: passed,
        b: passed,
        entries: [],
        volatileDropped: 0,
      },
      {
        name: 'needs control',
        file: 'scenarios/c.yaml',
        a: { outcome: 'skipped', skipReason: 'needs control', failures: [] },
        b: { outcome: 'skipped', skipReason: 'not run, as A skipped it', failures: [] },
        entries: [],
        volatileDropped: 0,
      },
    ],
    volatile: [
      {
        scenario: 'sends a message',
        file: 'scenarios/m.yaml',
        step: 'steps[0] POST /messages',
        pointer: '/body/nonce',
        first: 1,
        second: 2,
      },
    ],
    rules: [
      { rule: { field: 'avatar_url', reason: 'CDN' }, hits: 3 },
      { rule: { pointer: '/gone', reason: 'old server' }, hits: 0 },
    ],
    unmatchedRules: [{ pointer: '/gone', reason: 'old server' }],
  };
}

describe('diff reports', () => {
  it('counts scenarios same, different and skipped (not compared)', () => {
    expect(diffCounts(report())).toEqual({ same: 1, different: 1, skipped: 1, differences: 2 });
    expect(summaryLine(report())).toBe(
      '3 scenarios: 1 same, 1 different (2 differences), 1 skipped; 1 volatile fields; 1 of 2 ignore rules matched nothing',
    );
  });

  it('shows ids with their kind and order, timestamps as sent, missing values as (absent)', () => {
    expect(showValue(new IdRef('user', 3, 9))).toBe('user#3=9');
    expect(showValue(new Stamp(1700000000, 1700000000, undefined))).toBe('1700000000');
    expect(showValue(undefined)).toBe('(absent)');
    expect(showValue('x'.repeat(100), 10)).toBe(`"${'x'.repeat(8)}…`);
  });

  it('prints each difference side by side under its scenario and step, with failures, volatile fields and stale rules', () => {
    const text = renderScenarioConsole(report().scenarios[0]!);
    expect(text.split('\n').slice(0, 5)).toEqual([
      'DIFF sends a message (scenarios/m.yaml)',
      '  steps[0] POST /messages',
      `    ${'pointer'.padEnd(18)}${'A'.padEnd(38)}B`,
      `    ${'/body/id'.padEnd(18)}${'message#1=4711'.padEnd(38)}message#2=93`,
      `    ${'/body/avatar_url'.padEnd(18)}${'"https://x"'.padEnd(38)}(absent)`,
    ]);
    expect(text).toContain('(1 differences at volatile fields left out)');
    expect(text).toContain(
      '  B failed its expectations:\n    [status] steps[1] GET /x: status 500, expected 200',
    );
    expect(renderScenarioConsole(report().scenarios[2]!)).toBe(
      'SKIP needs control (scenarios/c.yaml): A: needs control; B: not run, as A skipped it\n',
    );
    const footer = renderConsoleFooter(report());
    expect(footer).toContain('sends a message › steps[0] POST /messages /body/nonce: run 1 1, run 2 2');
    expect(footer).toContain(
      'Ignore rules that matched nothing in this run (stale?):\n  - pointer /gone: old server',
    );
    expect(footer).toContain('  - field avatar_url: CDN (3 values)');
    expect(footer).toMatch(/DIFFERENT: 3 scenarios/);
  });

  it('writes JSON, markdown and JUnit files', () => {
    const json = JSON.parse(renderDiffJson(report()));
    expect(json.scenarios[0].entries[0]).toMatchObject({
      pointer: '/body/id',
      a: 'message#1=4711',
      b: 'message#2=93',
    });
    expect(json.summary).toEqual({ same: 1, different: 1, skipped: 1, differences: 2 });
    const md = renderDiffMarkdown(report());
    expect(md).toContain('# Conformance diff: different');
    expect(md).toContain('| steps[0] POST /messages | `/body/id` | `message#1=4711` | `message#2=93` |');
    expect(md).toContain('## Ignore rules that matched nothing\n\n- pointer /gone: old server');
    const xml = renderDiffJunit(report());
    expect(xml).toContain('<testsuites name="conformance diff" tests="3" failures="1">');
    expect(xml).toContain('<failure message="2 differences" type="diff">');
    expect(xml).toContain('<skipped message="A: needs control; B: not run, as A skipped it"/>');
  });
});
