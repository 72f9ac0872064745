import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { conformanceCli } from '../testing/conformance-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-conformance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = conformanceCli;

const failing = `name: the server settings answer 201
mutates: false
actors: { visitor: none }
steps:
  - request: GET /server_settings
    expect: { status: 201 }
`;

describe('svc-mock conformance exit codes', () => {
  it('exits 0 when every scenario passes and writes the reports', async () => {
    const junit = join(dir, 'ok.xml');
    const result = await cli('scenarios/server-settings.yaml', '--reporter', `junit=${junit}`);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('PASS anyone can read the server settings');
    expect(readFileSync(junit, 'utf8')).toContain(
      '<testsuite name="scenarios/server-settings.yaml" tests="1" failures="0"',
    );
  }, 60_000);

  it('exits 1 when a scenario fails, printing the diff', async () => {
    const file = join(dir, 'failing.yaml');
    writeFileSync(file, failing);
    const result = await cli(file, '--reporter', `markdown=${join(dir, 'fail.md')}`);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('[status] steps[0] GET /server_settings: status 200, expected 201');
    expect(readFileSync(join(dir, 'fail.md'), 'utf8')).toContain('# Conformance: failed');
  }, 60_000);

  it('exits 2 on a bad scenario file, naming file and line, before running anything', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, failing.replace('expect: { status: 201 }', 'expect: { stauts: 201 }'));
    const result = await cli('scenarios/server-settings.yaml', bad);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `${bad}:6: /steps/0/expect: must NOT have additional properties (stauts)`,
    );
    expect(result.stdout).not.toContain('PASS');
  }, 60_000);

  it('exits 2 on a usage error', async () => {
    const result = await cli('--reporter', 'tap=x.tap');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Unknown reporter "tap" (console, junit, json, markdown, html, github)');
  }, 60_000);
});
