/**
 * `npm install`'s prepare step: builds dist/ (`npm run build`) unless it was built from the same sources. The
 * first `npx svc-mock` in a clone links the package into npm's cache and runs prepare again right after
 * `npm install` built it; with the sources unchanged that second build is skipped. The sources are every file
 * the build reads (src/, fixtures/, the package and TypeScript configuration, the lock file); their digest is
 * written to dist/.source-digest after a build that succeeded.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Files and folders, relative to the package root, whose content the build depends on. */
export const BUILD_INPUTS = [
  'src',
  'fixtures',
  'bin',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];

/** Where the digest of the sources of the last build is kept. */
export const DIGEST_FILE = 'dist/.source-digest';

function filesUnder(root: string, folder: string, out: string[]): void {
  for (const item of readdirSync(join(root, folder), { withFileTypes: true, recursive: true }))
    if (item.isFile()) out.push(relative(root, join(item.parentPath, item.name)));
}

/** The digest of every build input's path and bytes (sorted, so the walk order does not matter). */
export function sourceDigest(root: string): string {
  const files: string[] = [];
  for (const entry of BUILD_INPUTS) {
    const path = join(root, entry);
    if (!existsSync(path)) continue;
    if (statSync(path).isDirectory()) filesUnder(root, entry, files);
    else files.push(entry);
  }
  const hash = createHash('sha256');
  for (const file of files.sort())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)));
  return hash.digest('hex');
}

/** Whether dist/ was built from sources with this digest (and its command-line bundle is there). */
export function isBuildCurrent(root: string, digest = sourceDigest(root)): boolean {
  const file = join(root, DIGEST_FILE);
  return (
    existsSync(file) &&
    existsSync(join(root, 'dist/cli-bundle')) &&
    readFileSync(file, 'utf8').trim() === digest
  );
}

/** Runs `build` unless dist/ is current; records the digest after a build that succeeded. Says whether it built. */
export function buildIfStale(root: string, build: () => boolean): boolean {
  const digest = sourceDigest(root);
  if (isBuildCurrent(root, digest)) return false;
  if (!build()) throw new Error('the build failed');
  writeFileSync(join(root, DIGEST_FILE), `${digest}\n`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const built = buildIfStale(
    root,
    () => spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status === 0,
  );
  if (!built) console.log('svc-mock: dist/ is already built from these sources (npm run build rebuilds it)');
}
