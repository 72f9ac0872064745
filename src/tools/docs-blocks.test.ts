// Every code block of README.md and docs/*.md, run as the page says, against this package compiled from the
// working tree and installed in a temporary consumer project (dist/ by tsc, the bin, fixtures and scenarios, as
// `npm install svc-mock` lays them out). What each kind of block gets is in src/tools/docs-blocks.ts.
import { execFile } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../index.js';
import { parseScenario } from '../conformance/loader.js';
import { parseIgnoreRules } from '../conformance/diff/ignore.js';
import { isBuildCurrent } from './build-if-stale.js';
import { allBlocks, countByKind, RUN_ELSEWHERE, type DocBlock } from './docs-blocks.js';
import { commandsOf, runShellBlock } from './docs-shell.js';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const bin = (name: string): string => join(ROOT, 'node_modules/.bin', name);
const blocks = allBlocks(ROOT);
const of = (kind: DocBlock['kind']): DocBlock[] => blocks.filter((b) => b.kind === kind);
const where = (b: DocBlock): string => `${b.page}:${b.line}`;

let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-mock-docs-'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  const modules = join(dir, 'node_modules');
  const pkg = join(modules, 'svc-mock');
  mkdirSync(join(pkg, 'src'), { recursive: true });
  // The package as npm installs it: package.json (exports), fixtures, scenarios, schemas, its dependencies.
  for (const entry of ['package.json', 'fixtures', 'scenarios', 'node_modules', 'src/schemas'])
    symlinkSync(join(ROOT, entry), join(pkg, entry));
  // The bin is copied: it finds dist/ beside its own real path.
  cpSync(join(ROOT, 'bin'), join(pkg, 'bin'), { recursive: true });
  mkdirSync(join(modules, '.bin'));
  symlinkSync('../svc-mock/bin/svc-mock.js', join(modules, '.bin', 'svc-mock'));
  chmodSync(join(pkg, 'bin', 'svc-mock.js'), 0o755);
  // dist/ as the package ships it: the repository's own when it was built from these very sources (as after
  // `npm install`; its command-line bundle included), else compiled from the working tree by tsc.
  if (isBuildCurrent(ROOT)) symlinkSync(join(ROOT, 'dist'), join(pkg, 'dist'));
  else
    await run(bin('tsc'), ['-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(pkg, 'dist')], {
      cwd: ROOT,
      timeout: 240_000,
    }).catch(() => undefined); // type errors elsewhere in the tree still emit; the blocks below tell
  for (const dep of ['vitest', 'msw', 'tsx', 'typescript', '@types'])
    symlinkSync(join(ROOT, 'node_modules', dep), join(modules, dep));
  env = {
    ...process.env,
    PATH: `${join(modules, '.bin')}:${process.env.PATH}`,
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the code blocks of README.md and docs/', () => {
  it('are each of a kind the test runs, or marked as excerpts', () => {
    const counts = countByKind(blocks);
    console.log(`docs code blocks by kind: ${JSON.stringify(counts)}`);
    expect(blocks.length).toBeGreaterThan(25);
    expect(counts['ts-test']).toBeGreaterThanOrEqual(2);
    expect(counts.sh).toBeGreaterThanOrEqual(5);
    // Blocks run elsewhere: the named test reads that section of that page.
    for (const r of RUN_ELSEWHERE) {
      const test = readFileSync(join(ROOT, r.test), 'utf8');
      expect(test, r.test).toContain(r.page);
      expect(test, r.test).toContain(r.section.slice(3));
    }
    // An excerpt says why it is one, unless it is plainly a fragment of the page around it.
    for (const b of of('excerpt'))
      expect(b.words.includes('excerpt') || /^excerpt: \S/.test(b.marker ?? ''), where(b)).toBe(true);
  });

  it('type-checks every TypeScript block in a consumer project', async () => {
    const files: string[] = [];
    const out = join(dir, 'typecheck');
    mkdirSync(out);
    for (const [i, b] of [...of('ts-script'), ...of('ts-test'), ...of('ts-browser')].entries()) {
      const name = `block-${i}.ts`;
      writeFileSync(join(out, name), `// ${where(b)}\n${b.code}`);
      files.push(name);
    }
    writeFileSync(
      join(out, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          types: ['node'],
          strict: true,
          resolveJsonModule: true,
          skipLibCheck: true,
          noEmit: true,
          isolatedModules: true,
        },
        files,
      }),
    );
    await run(bin('tsc'), ['-p', out], { cwd: out, timeout: 120_000 }).catch((error: { stdout: string }) => {
      throw new Error(`type errors in docs blocks:\n${error.stdout}`);
    });
  }, 180_000);

  it('runs every TypeScript script block with tsx', async () => {
    // One tsx process imports the blocks one after another (each prints its place first, for a failure).
    const files = of('ts-script').map((b, i) => {
      const file = join(dir, `script-${i}.ts`);
      writeFileSync(file, `console.log(${JSON.stringify(`# ${where(b)}`)});\n${b.code}`);
      return file;
    });
    writeFileSync(
      join(dir, 'run-scripts.mjs'),
      'for (const file of process.argv.slice(2)) await import(new URL(`file://${file}`).href);\n',
    );
    const { stdout } = await run(bin('tsx'), ['run-scripts.mjs', ...files], {
      cwd: dir,
      env,
      timeout: 180_000,
    }).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`a script block failed:\n${error.stdout}\n${error.stderr}`);
    });
    for (const b of of('ts-script')) expect(stdout).toContain(`# ${where(b)}`);
  }, 240_000);

  it('runs every test-file block with vitest, each test passing', async () => {
    const tests = of('ts-test');
    const complete = tests.find(
      (b) => b.page === 'docs/testing-msw.md' && b.section === '## A complete test file',
    );
    expect(complete?.code).toContain("from 'svc-mock/fixtures/dev-realm.json'");
    expect(complete?.code).toContain('beforeEach(() => mock.reset())');
    const folder = join(dir, 'tests');
    mkdirSync(folder);
    let count = 0;
    for (const b of tests) {
      const name = /^\/\/ ([\w-]+\.test\.ts)\n/.exec(b.code)![1]!;
      writeFileSync(join(folder, name), b.code);
      count += b.code.match(/^it\(/gm)!.length;
    }
    const { stdout, stderr } = await run(bin('vitest'), ['run', '--root', folder], {
      cwd: folder,
      env,
      timeout: 180_000,
    }).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`docs test files failed:\n${error.stdout}\n${error.stderr}`);
    });
    expect(`${stdout}${stderr}`).toMatch(new RegExp(`Tests\\s+${count} passed \\(${count}\\)`));
  }, 240_000);

  it('imports the dev realm in plain Node.js with the import attribute docs/testing-msw.md names', async () => {
    const script = [
      "import realm from 'svc-mock/fixtures/dev-realm.json' with { type: 'json' };",
      "import { createMock } from 'svc-mock';",
      'const mock = createMock({ realm });',
      "const res = await mock.fetch(new Request('http://x/api/v1/users/me', { headers: { authorization: 'Basic ' + btoa('hamlet@svc.test:hamletSvcDevApiKey0123456789abcd') } }));",
      'console.log((await res.json()).full_name);',
    ].join('\n');
    expect(readFileSync(join(ROOT, 'docs/testing-msw.md'), 'utf8')).toContain(script.split('\n')[0]!);
    writeFileSync(join(dir, 'plain.mjs'), script);
    const { stdout } = await run(process.execPath, ['plain.mjs'], { cwd: dir, timeout: 60_000 });
    expect(stdout.trim()).toBe('King Hamlet');
  }, 120_000);

  it('runs every shell block, line by line, in a folder laid out as a clone', async () => {
    const shell = of('sh');
    // Two blocks at a time: most of a block's time is spent waiting for a server to start.
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < shell.length) {
        const i = next++;
        const b = shell[i]!;
        const folder = join(dir, `sh-${i}`);
        mkdirSync(folder);
        symlinkSync(join(ROOT, 'fixtures'), join(folder, 'fixtures'));
        cpSync(join(ROOT, 'scenarios'), join(folder, 'scenarios'), { recursive: true });
        await runShellBlock(b.code, folder, env).catch((error: Error) => {
          throw new Error(`${where(b)}: ${error.message}`);
        });
      }
    };
    await Promise.all([worker(), worker()]);
    expect(shell.reduce((n, b) => n + commandsOf(b.code).length, 0)).toBeGreaterThan(10);
  }, 480_000);

  it('loads every realm fixture block as the mock loads realms', () => {
    for (const b of of('json')) {
      const fixture = JSON.parse(b.code) as unknown;
      expect(() => createApp({ realm: fixture }), where(b)).not.toThrow();
    }
  });

  it('loads every YAML block with the conformance runner (a scenario, an ignore file or an accounts map)', () => {
    for (const b of of('yaml')) {
      const value = parseYaml(b.code) as unknown;
      if (Array.isArray(value))
        expect(parseIgnoreRules(b.code, where(b)).length, where(b)).toBe(value.length);
      else if (value && typeof value === 'object' && 'steps' in value)
        expect(parseScenario(b.code, where(b)).scenario.name, where(b)).toBeTruthy();
      else expect(Object.keys(value as object), where(b)).toContain('member');
    }
  });

  it('shows output as the mock prints it (each output block is produced here)', () => {
    const minimal = JSON.parse(readFileSync(join(ROOT, 'fixtures/minimal-realm.json'), 'utf8')) as {
      users: Array<{ role: unknown }>;
      subscriptions: unknown[];
    };
    // docs/realms.md: the first user's role "boss" and a subscription to channel 99.
    minimal.users[0]!.role = 'boss';
    minimal.subscriptions.push({ user_id: 1, stream_id: 99 });
    const produced = new Map<string, () => string>([
      [
        'Invalid realm fixture:',
        () => {
          try {
            createApp({ realm: minimal });
          } catch (error) {
            return `${(error as Error).message}\n`;
          }
          return 'loaded';
        },
      ],
    ]);
    for (const b of of('output')) {
      const make = produced.get(b.code.split('\n')[0]!);
      expect(make, `${where(b)}: an output block this test does not produce`).toBeDefined();
      expect(make!(), where(b)).toBe(b.code);
    }
  });

  it('finds every flag of a command-line synopsis in that command --help', async () => {
    const synopsis = of('synopsis');
    expect(synopsis.length).toBeGreaterThan(0);
    const checks = synopsis.flatMap((b) =>
      b.code.split(/\n(?=svc-mock )/).map(async (text) => {
        const words = /^svc-mock ((?:[a-z]+ ?)+)/.exec(text)![1]!.trim().split(' ');
        const { stdout } = await run(
          process.execPath,
          [join(dir, 'node_modules/svc-mock/bin/svc-mock.js'), ...words, '--help'],
          { cwd: dir, timeout: 60_000 },
        );
        for (const [flag] of text.matchAll(/--[a-z][a-z-]*/g))
          expect(stdout, `${where(b)}: ${words.join(' ')} ${flag}`).toContain(flag);
      }),
    );
    await Promise.all(checks);
  }, 120_000);
});
