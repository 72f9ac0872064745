// What `npm pack` would publish: every `files` entry exists and is packed, every export target is in the
// package, and every runtime dependency is imported by the code that ships.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  files: string[];
  bin: Record<string, string>;
  exports: Record<string, string | { types: string; default: string }>;
  dependencies: Record<string, string>;
};

let packed: Set<string>;

beforeAll(async () => {
  // --ignore-scripts: list the tree as built (prepare builds dist on install) instead of rebuilding it.
  const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const [report] = JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>;
  packed = new Set(report!.files.map((f) => f.path));
}, 180_000);

it('packs every entry of "files", each of which exists', () => {
  for (const entry of pkg.files) {
    expect(existsSync(join(ROOT, entry)), `${entry} exists`).toBe(true);
    expect(
      [...packed].some((p) => p === entry || p.startsWith(`${entry}/`)),
      `${entry} is packed`,
    ).toBe(true);
  }
});

it('packs the entry points, the bin, the fixtures and the scenarios', () => {
  const targets = Object.values(pkg.exports).flatMap((t) =>
    typeof t === 'string' ? [t] : [t.types, t.default],
  );
  const files = targets
    .map((t) => t.replace(/^\.\//, ''))
    .flatMap((t) => (t.includes('*') ? ['fixtures/dev-realm.json', 'fixtures/minimal-realm.json'] : [t]));
  for (const file of [
    ...files,
    'dist/index.js',
    ...Object.values(pkg.bin).map((b) => b.replace(/^\.\//, '')),
  ])
    expect(packed.has(file), `${file} is packed`).toBe(true);
  const scenarios = readdirSync(join(ROOT, 'scenarios')).filter((f) => f.endsWith('.yaml'));
  expect(scenarios.length).toBeGreaterThan(0);
  for (const s of scenarios) expect(packed.has(`scenarios/${s}`), `scenarios/${s} is packed`).toBe(true);
});

it('packs every page and picture the README links, and each page the docs link', () => {
  const linked = new Set<string>();
  const linksOf = (file: string, base: string): void => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g))
      if (!/^[a-z]+:/.test(target!) && /^(docs\/|\.\.\/docs\/)?[\w-]+\.(md|png)$/.test(target!))
        linked.add(join(base, target!).replace(/^\.\//, ''));
  };
  linksOf('README.md', '.');
  for (const page of readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')))
    linksOf(`docs/${page}`, 'docs');
  expect([...linked].filter((p) => p.startsWith('docs/')).length).toBeGreaterThan(10);
  for (const path of linked) {
    expect(existsSync(join(ROOT, path)), `${path} exists`).toBe(true);
    expect(packed.has(path), `${path} is packed`).toBe(true);
  }
});

it('imports every runtime dependency from the code that ships (undici: the conformance runner)', () => {
  const shipped: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && !['testing', 'bench', 'tools'].includes(entry.name)) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        shipped.push(readFileSync(path, 'utf8'));
    }
  };
  walk(join(ROOT, 'src'));
  const source = shipped.join('\n');
  const unused = Object.keys(pkg.dependencies).filter(
    (dep) => !new RegExp(`from '${dep.replace(/[/.]/g, '\\$&')}(/[^']*)?'`).test(source),
  );
  expect(unused).toEqual([]);
  expect(source).toMatch(/from 'undici'/);
});

it('exports what the entry points section of docs/control-api.md lists for each entry point', async () => {
  const page = readFileSync(join(ROOT, 'docs/control-api.md'), 'utf8');
  const start = page.indexOf('\n## Package entry points\n');
  expect(start, 'docs/control-api.md has a section "Package entry points"').toBeGreaterThan(0);
  const api = page.slice(start, page.indexOf('\n## ', start + 1));
  const entries: Record<string, [string, string[]]> = {
    'svc-mock': [
      '../index.js',
      ['createMock', 'createApp', 'PreparedRealm', 'RealmLoadError', 'createManualClock'],
    ],
    'svc-mock/msw': ['../adapters/msw/index.js', ['createHandlers']],
    'svc-mock/node': ['../adapters/node/index.js', ['startServer']],
    'svc-mock/generate': ['../fixtures/generate/index.js', ['generateRealm', 'parseGenerateSpec']],
    'svc-mock/builder': ['../fixtures/builder/index.js', ['createRealmBuilder', 'RealmBuilderError']],
  };
  for (const [name, [module, expected]] of Object.entries(entries)) {
    const line = new RegExp(`^- \`${name}\`: ([\\s\\S]*?)(?=\\n- |\\n\\n)`, 'm').exec(api);
    expect(line, `docs/control-api.md lists ${name}`).not.toBeNull();
    const listed = [...line![1]!.matchAll(/`([A-Za-z_]\w*)(?:\.\w+)?(?:\([^)]*\))?`/g)].map((m) => m[1]!);
    const exported = (await import(module)) as Record<string, unknown>;
    for (const value of expected) expect(listed).toContain(value);
    // Every value-like name listed (lower camel case or an error class) is really exported.
    const values = listed.filter((n) => /^[a-z]/.test(n) || /Error$|^[A-Z_]+$|^PreparedRealm$/.test(n));
    const known = [
      'fetch',
      'handle',
      'store',
      'routes',
      'services',
      'problems',
      'url',
      'port',
      'server',
      'close',
      // createRealm's options and the realm client it answers
      'subdomain',
      'source',
      'accounts',
      'account',
      'as',
      'delete',
    ];
    for (const value of values.filter((v) => !known.includes(v)))
      expect(exported[value], `${name} exports ${value}`).toBeDefined();
  }
}, 60_000); // it imports every entry point's modules: 9-14 s on a quiet machine, over 20 s at load 20
