// The complete test file of docs/testing-msw.md, run verbatim with vitest in a consumer project that has svc-mock
// as a dependency (a freshly compiled copy of this package, linked into its node_modules).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const bin = (name: string): string => join(ROOT, 'node_modules/.bin', name);

/** The first ```ts block of a page's section. */
function sectionCode(readme: string, heading: string): string {
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`the page has no section ${heading}`);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(start));
  if (!block) throw new Error(`no ts block under ${heading}`);
  return block[1]!;
}

let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-mock-consumer-'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  const modules = join(dir, 'node_modules');
  const pkg = join(modules, 'svc-mock');
  mkdirSync(pkg, { recursive: true });
  // The package as npm installs it: its package.json (exports), fixtures and compiled dist.
  for (const entry of ['package.json', 'fixtures', 'node_modules'])
    symlinkSync(join(ROOT, entry), join(pkg, entry));
  await run(
    bin('tsc'),
    ['-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(pkg, 'dist'), '--declaration', 'false'],
    { cwd: ROOT, timeout: 120_000 },
  ).catch(() => undefined); // type errors elsewhere in the tree still emit; the run below tells
  for (const dep of ['vitest', 'msw']) symlinkSync(join(ROOT, 'node_modules', dep), join(modules, dep));
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('runs the README test file as it stands, in a consumer project', async () => {
  const code = sectionCode(
    readFileSync(join(ROOT, 'docs/testing-msw.md'), 'utf8'),
    '## A complete test file',
  );
  expect(code).toContain("from 'svc-mock/fixtures/dev-realm.json'");
  expect(code).toContain('beforeEach(() => mock.reset())');
  writeFileSync(join(dir, 'chat.test.ts'), code);
  const tests = code.match(/^it\(/gm)!.length;
  const { stdout, stderr } = await run(bin('vitest'), ['run', '--root', dir], {
    cwd: dir,
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  }).catch((error: { stdout: string; stderr: string }) => {
    throw new Error(`README file failed:\n${error.stdout}\n${error.stderr}`);
  });
  expect(`${stdout}${stderr}`).toMatch(new RegExp(`Tests\\s+${tests} passed \\(${tests}\\)`));
}, 180_000);

it('imports the dev realm in plain Node.js with the import attribute the README names', async () => {
  const script = [
    "import realm from 'svc-mock/fixtures/dev-realm.json' with { type: 'json' };",
    "import { createMock } from 'svc-mock';",
    'const mock = createMock({ realm });',
    "const res = await mock.fetch(new Request('http://x/api/v1/users/me', { headers: { authorization: 'Basic ' + btoa('hamlet@svc.test:hamletSvcDevApiKey0123456789abcd') } }));",
    'console.log((await res.json()).full_name);',
  ].join('\n');
  writeFileSync(join(dir, 'plain.mjs'), script);
  const { stdout } = await run(process.execPath, ['plain.mjs'], { cwd: dir, timeout: 60_000 });
  expect(stdout.trim()).toBe('King Hamlet');
}, 120_000);
