import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderGithubAnnotations } from './github.js';
import { CURL, sampleReport, TRICKY } from './sample-report.test-util.js';
import { createLineOf, stepLineIn } from './step-lines.js';
import { writeReports } from './write-reports.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-github-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SCENARIO = `name: sends
actors: { hamlet: member }
steps:
  - request: GET /users/me
  # the failing step follows
  - request: POST /messages
    params: { to: general }
teardown:
  - request: DELETE /x
`;

/** A workflow command as GitHub documents it: `::command key=value,key=value::message`. */
const COMMAND = /^::(error|warning|notice|debug)(?: ([^:]*))?::(.*)$/;
const unescape = (text: string): string =>
  text
    .replace(/%0D/g, '\r')
    .replace(/%0A/g, '\n')
    .replace(/%3A/g, ':')
    .replace(/%2C/g, ',')
    .replace(/%25/g, '%');

function parseCommands(
  text: string,
): Array<{ name: string; props: Record<string, string>; message: string }> {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => {
      const m = COMMAND.exec(line);
      if (!m) throw new Error(`not a workflow command: ${line}`);
      const props = Object.fromEntries(
        (m[2] ?? '').split(',').map((pair) => {
          const eq = pair.indexOf('=');
          return [pair.slice(0, eq), unescape(pair.slice(eq + 1))];
        }),
      );
      return { name: m[1]!, props, message: unescape(m[3]!) };
    });
}

describe('github reporter', () => {
  writeFileSync(join(dir, 'b.yaml'), SCENARIO);

  it('finds a step line from the YAML source ranges', () => {
    expect(stepLineIn(SCENARIO, 'steps[0] GET /users/me')).toBe(4);
    expect(stepLineIn(SCENARIO, 'steps[1] POST /messages')).toBe(6);
    expect(stepLineIn(SCENARIO, 'teardown[0] DELETE /x')).toBe(9);
    expect(stepLineIn(SCENARIO, 'setup')).toBe(2);
  });

  it('annotates each failed step on its file and line, one command per line that parses back', () => {
    const report = sampleReport(join(dir, 'b.yaml'));
    const commands = parseCommands(renderGithubAnnotations(report, { lineOf: createLineOf(), root: dir }));
    expect(commands.map((c) => [c.name, c.props.file, c.props.line])).toEqual([
      ['error', 'b.yaml', '6'],
      ['error', 'scenarios/c.yaml', '1'],
      ['warning', 'scenarios/e.yaml', '1'],
    ]);
    const [failed, unreachable] = commands;
    expect(failed!.props.title).toBe(
      `sends ${TRICKY}: steps[1] POST /messages failed [mismatch, schema] (1.5 s)`,
    );
    expect(failed!.message).toContain('body/id: differs\n  - expected 1\n  + actual   2\n');
    expect(failed!.message).toContain(`/note: ${TRICKY}`);
    expect(failed!.message.endsWith(`reproduce: ${CURL}`)).toBe(true);
    expect(unreachable!.props.title).toBe(
      'cannot reach: teardown[0] DELETE /x could not be checked [network] (30.0 s)',
    );
  });

  it('prints annotations and appends the Markdown step summary to $GITHUB_STEP_SUMMARY or github=FILE', () => {
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, 'earlier step\n');
    let out = '';
    const report = sampleReport();
    writeReports(report, [{ kind: 'github' }], {
      out: (t) => (out += t),
      env: { GITHUB_STEP_SUMMARY: summary, GITHUB_WORKSPACE: dir },
    });
    expect(parseCommands(out).filter((c) => c.name === 'error')).toHaveLength(2);
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('earlier step\n# Conformance: failed\n')).toBe(true);
    const rows = text.split('\n').filter((l) => /^\| (✅|❌|⏭️) \|/.test(l));
    expect(rows).toHaveLength(5);
    expect(text).toContain(CURL);
    expect(text).toMatch(/\ncoverage: endpoints \d+\/\d+/);

    const named = join(dir, 'named.md');
    writeReports(report, [{ kind: 'github', file: named }], { out: () => {}, env: {} });
    expect(readFileSync(named, 'utf8')).toContain('**2 passed, 2 failed, 1 skipped**');
  });
});
