import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockTarget } from './mock-target.js';
import { runConformance, selectScenarios, type ConformanceOptions } from './run-conformance.js';
import type { Target } from './target.js';

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
    expect(names(options({ grep: '(^|/)REACTIONS\\.YAML$' }))).toEqual(['reactions.yaml']);
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
    [
      { grep: 'no-such-scenario' },
      'no scenario matches the selection (scenarios/ --grep "no-such-scenario")',
    ],
    [{ grep: 'smoke', exclude: 'settings' }, 'no scenario matches the selection'],
    [{ exclude: '(' }, '--exclude: Invalid regular expression'],
    [{ shard: '3/2' }, '--shard takes K/N with 1 <= K <= N'],
  ])('answers 2 to %j', async (extra, message) => {
    const { err, io: sink } = io();
    expect(await runConformance(options(extra), sink)).toBe(2);
    expect(err.join('')).toContain(message);
  });

  it('takes the accounts of a svc-mock server from GET /svc-mock/accounts when --accounts is left out', async () => {
    const users = (
      JSON.parse(readFileSync('fixtures/dev-realm.json', 'utf8')) as { users: Array<Record<string, unknown>> }
    ).users;
    const rows = users.map((u) => ({
      email: u.delivery_email,
      api_key: u.api_key,
      role: (
        { 100: 'owner', 200: 'administrator', 300: 'moderator', 400: 'member', 600: 'guest' } as Record<
          number,
          string
        >
      )[u.role as number],
      is_bot: u.is_bot === true,
      is_active: u.is_active !== false,
    }));
    const mock = createMockTarget();
    const paths: string[] = [];
    const served: Target = {
      ...mock,
      name: 'http://svc.test',
      async session() {
        const inner = await mock.session();
        return {
          ...inner,
          fetch: (request) => {
            const path = new URL(request.url).pathname;
            paths.push(path);
            return path === '/svc-mock/accounts'
              ? Promise.resolve(Response.json(rows))
              : inner.fetch(request);
          },
        };
      },
    };
    const { err, io: sink } = io();
    const code = await runConformance(options({ target: 'http://svc.test', grep: 'reactions' }), {
      ...sink,
      makeTarget: () => served,
    });
    expect(err.join('')).toBe('');
    expect(code).toBe(0);
    expect(paths[0]).toBe('/svc-mock/accounts');
  });

  it('refuses a bad scenario file before any request is sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-bad-'));
    try {
      writeFileSync(
        join(dir, 'bad.yaml'),
        'name: bad\nmutates: false\nactors: { a: none }\nsteps:\n  - request: GET /x\n    expect: { statuss: 1 }\n',
      );
      let targets = 0;
      const { err, io: sink } = io();
      const code = await runConformance(
        options({ files: ['scenarios/server-settings.yaml', join(dir, 'bad.yaml')] }),
        {
          ...sink,
          makeTarget: () => {
            targets++;
            return createMockTarget();
          },
        },
      );
      expect(code).toBe(2);
      expect(targets).toBe(0);
      expect(err.join('')).toContain(
        'bad.yaml:6: /steps/0/expect: must NOT have additional properties (statuss)',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
