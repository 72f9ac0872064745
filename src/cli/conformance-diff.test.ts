import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { conformanceCli } from '../testing/conformance-cli.js';
import { buildProgram } from './main.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-conformance-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = conformanceCli;

// Its own scenario file, so that edits to scenarios/ do not change what these tests expect.
const SETTINGS = join(dir, 'settings.yaml');
writeFileSync(
  SETTINGS,
  `name: anyone can read the server settings without credentials
mutates: false
actors: { visitor: none }
steps:
  - request: GET /server_settings
    expect: { status: 200, body: { svc_feature_level: { $type: integer } } }
`,
);

describe('svc-mock conformance diff', () => {
  it('documents every flag in --help', async () => {
    const conformance = buildProgram().commands.find((c) => c.name() === 'conformance')!;
    const diff = conformance.commands.find((c) => c.name() === 'diff')!;
    const flags = diff.options.map((o) => o.long!);
    expect(flags).toEqual(
      expect.arrayContaining([
        '--target',
        '--against',
        '--accounts',
        '--against-accounts',
        '--feature-level',
        '--alias',
        '--ignore',
        '--learn-noise',
        '--time-tolerance',
        '--reporter',
        '--grep',
        '--read-only',
      ]),
    );
    const help = await cli('diff', '--help');
    expect(help.code).toBe(0);
    for (const flag of flags) expect(help.stdout).toContain(flag);
    expect(help.stdout).toContain('Exit codes: 0 no differences, 1 differences, 2 usage');
  }, 60_000);

  it('exits 0 when the mock and a mock at its feature level answer alike', async () => {
    const result = await cli('diff', SETTINGS, '--target', 'mock', '--against', 'mock');
    expect(result.stdout).toContain('SAME anyone can read the server settings without credentials');
    expect(result.stdout).toContain('SAME: 1 scenarios: 1 same, 0 different');
    expect(result.code).toBe(0);
  }, 60_000);

  it('exits 1 on differences and writes the reports', async () => {
    const json = join(dir, 'diff.json');
    const md = join(dir, 'diff.md');
    const result = await cli(
      'diff',
      SETTINGS,
      '--against',
      'mock',
      '--against-feature-level',
      '300',
      '--reporter',
      `json=${json}`,
      '--reporter',
      `markdown=${md}`,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/\/body\/svc_feature_level +\d+ +300/);
    // The release follows the level, so svc_version and svc_merge_base differ too.
    expect(result.stdout).toMatch(/\/body\/svc_version +"[\d.]+-dev" +"10\.0-dev"/);
    expect(JSON.parse(readFileSync(json, 'utf8')).summary).toEqual({
      same: 0,
      different: 1,
      skipped: 0,
      differences: 3,
    });
    expect(readFileSync(md, 'utf8')).toContain('# Conformance diff: different');
  }, 60_000);

  it('exits 2 on usage and ignore-file errors', async () => {
    const noAgainst = await cli('diff', SETTINGS);
    expect(noAgainst.code).toBe(2);
    expect(noAgainst.stderr).toContain('--against <mock|url> is required');
    const rules = join(dir, 'ignore.yaml');
    writeFileSync(rules, '- pointer: /msg\n');
    const badRules = await cli('diff', SETTINGS, '--against', 'mock', '--ignore', rules);
    expect(badRules.code).toBe(2);
    expect(badRules.stderr).toContain(`${rules}: rule 1: reason is required`);
    const badFlag = await cli('diff', '--time-tolerance', 'soon', '--against', 'mock');
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toContain('Not a number of seconds');
  }, 60_000);

  it('leaves `svc-mock conformance [files...]` without a subcommand as it was', async () => {
    const result = await cli(SETTINGS, '--target', 'mock');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('PASS anyone can read the server settings without credentials');
    const listed = await cli(SETTINGS, '--list');
    expect(listed.stdout).toBe(`${SETTINGS}\tanyone can read the server settings without credentials\n`);
  }, 60_000);
});
