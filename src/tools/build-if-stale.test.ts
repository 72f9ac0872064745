import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { buildIfStale, isBuildCurrent, sourceDigest } from './build-if-stale.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A package root with a few sources and a build that makes dist/cli-bundle/ and counts its runs. */
function project(): { root: string; builds: () => number; build: () => boolean } {
  const root = mkdtempSync(join(tmpdir(), 'svc-mock-build-'));
  roots.push(root);
  mkdirSync(join(root, 'src/api'), { recursive: true });
  writeFileSync(join(root, 'src/api/app.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'package.json'), '{"name":"x"}\n');
  let runs = 0;
  return {
    root,
    builds: () => runs,
    build: () => {
      runs++;
      mkdirSync(join(root, 'dist/cli-bundle'), { recursive: true });
      return true;
    },
  };
}

it('builds once, then skips the build while the sources are the same', () => {
  const p = project();
  expect(buildIfStale(p.root, p.build)).toBe(true);
  expect(buildIfStale(p.root, p.build)).toBe(false);
  expect(p.builds()).toBe(1);
  expect(isBuildCurrent(p.root)).toBe(true);
});

it('builds again after a source changes, a source is added, or the configuration changes', () => {
  const p = project();
  buildIfStale(p.root, p.build);
  writeFileSync(join(p.root, 'src/api/app.ts'), 'export const a = 2;\n');
  expect(buildIfStale(p.root, p.build)).toBe(true);
  writeFileSync(join(p.root, 'src/api/new.ts'), 'export {};\n');
  expect(buildIfStale(p.root, p.build)).toBe(true);
  writeFileSync(join(p.root, 'package.json'), '{"name":"x","version":"2"}\n');
  expect(buildIfStale(p.root, p.build)).toBe(true);
  expect(p.builds()).toBe(4);
});

it('builds when dist/ is gone even if the digest file survived, and records nothing after a failed build', () => {
  const p = project();
  buildIfStale(p.root, p.build);
  rmSync(join(p.root, 'dist/cli-bundle'), { recursive: true });
  expect(isBuildCurrent(p.root)).toBe(false);
  writeFileSync(join(p.root, 'src/api/app.ts'), 'export const a = 3;\n');
  expect(() => buildIfStale(p.root, () => false)).toThrow(/build failed/);
  expect(isBuildCurrent(p.root)).toBe(false);
});

it('digests the real package the same way twice, as a SHA-256 in hex', () => {
  const root = new URL('../../', import.meta.url).pathname;
  expect(sourceDigest(root)).toBe(sourceDigest(root));
  expect(sourceDigest(root)).toMatch(/^[0-9a-f]{64}$/);
});
