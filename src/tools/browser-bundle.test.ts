// The development-only loading of docs/browser.md: a production bundle of an app entry that loads the mock behind
// `import.meta.env.DEV` carries none of it, and a development bundle does (esbuild standing in for Vite).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { afterAll, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'svc-mock-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The package's entry points, resolved to the sources as its exports map resolves them to dist.
const PACKAGE: Record<string, string> = {
  'svc-mock': 'src/index.ts',
  'svc-mock/msw': 'src/adapters/msw/index.ts',
  'svc-mock/browser': 'src/browser/index.ts',
  'svc-mock/inspector': 'src/inspector/index.ts',
  'svc-mock/fixtures/dev-realm.json': 'fixtures/dev-realm.json',
};
const svcMock: Plugin = {
  name: 'svc-mock',
  setup(b) {
    b.onResolve({ filter: /^svc-mock(\/.*)?$/ }, (args) => {
      const file = PACKAGE[args.path];
      if (!file) throw new Error(`docs/browser.md imports ${args.path}, which this test does not map`);
      return { path: join(ROOT, file) };
    });
  },
};

/** The docs/browser.md block (from "if (import.meta.env.DEV)" to its closing brace), bundled for the browser. */
async function bundle(dev: boolean): Promise<string> {
  const page = readFileSync(join(ROOT, 'docs/browser.md'), 'utf8');
  const block = /\n(if \(import\.meta\.env\.DEV\) \{[\s\S]*?\n\})\n/.exec(page);
  if (!block) throw new Error('docs/browser.md has no development-only block');
  writeFileSync(join(dir, 'main.ts'), `${block[1]}\nexport const started = true;\n`);
  const result = await build({
    entryPoints: [join(dir, 'main.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: join(dir, dev ? 'dev' : 'prod'),
    write: false,
    minify: true,
    define: { 'import.meta.env.DEV': String(dev) },
    nodePaths: [join(ROOT, 'node_modules')],
    plugins: [svcMock],
    logLevel: 'silent',
  });
  return result.outputFiles.map((f) => f.text).join('\n');
}

it('leaves the mock out of a production bundle and loads it in development', async () => {
  const production = await bundle(false);
  const development = await bundle(true);
  // A string of the mock's error catalogue and a channel of the dev realm stand for the mock and the realm.
  for (const marker of ['Method Not Allowed', 'Verona']) {
    expect(development).toContain(marker);
    expect(production).not.toContain(marker);
  }
  expect(production.length).toBeLessThan(1000);
  expect(development.length).toBeGreaterThan(500_000);
}, 120_000);
