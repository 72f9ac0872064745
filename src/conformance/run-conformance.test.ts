import { describe, expect, it } from 'vitest';
import { runConformance, selectScenarios, type ConformanceOptions } from './run-conformance.js';

const options = (extra: Partial<ConformanceOptions> = {}): ConformanceOptions => ({
  files: [],
  aliases: [],
  reporters: [],
  ...extra,
});

const names = (o: ConformanceOptions): string[] => selectScenarios(o).map((s) => s.file.replace(/^.*\//, ''));

describe('selectScenarios', () => {
  it('selects by file, --grep on name, file or tag, and --read-only', () => {
    expect(names(options({ files: ['scenarios/server-settings.yaml'] }))).toEqual(['server-settings.yaml']);
    expect(names(options({ grep: '^smoke$' }))).toEqual(['server-settings.yaml']);
    expect(names(options({ grep: 'REACTIONS' }))).toEqual(['reactions.yaml']);
    const readOnly = selectScenarios(options({ readOnly: true }));
    expect(readOnly.length).toBeGreaterThan(0);
    expect(readOnly.every((s) => s.scenario.mutates === false)).toBe(true);
  });
});

describe('runConformance', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t), tty: false, colour: false },
    };
  };

  it('lists the selection with --list', async () => {
    const { out, io: sink } = io();
    expect(await runConformance(options({ grep: 'smoke', list: true }), sink)).toBe(0);
    expect(out.join('')).toBe(
      'scenarios/server-settings.yaml\tanyone can read the server settings without credentials\n',
    );
  });

  it.each([
    [{ target: 'ftp://x' }, '--target takes "mock" or an http(s) URL'],
    [{ grep: '(' }, '--grep: Invalid regular expression'],
    [{ accounts: '/nonexistent/accounts.json' }, '--accounts /nonexistent/accounts.json: ENOENT'],
    [{ files: ['scenarios/none.yaml'] }, 'scenarios/none.yaml:0: no such file or directory'],
  ])('answers 2 to %j', async (extra, message) => {
    const { err, io: sink } = io();
    expect(await runConformance(options(extra), sink)).toBe(2);
    expect(err.join('')).toContain(message);
  });
});
