/**
 * The project's built code for the bench children: they measure dist/ (what `svc-mock serve` and the package
 * run), not the sources through tsx, whose transform adds work of its own (a name definition per closure made).
 */
import { existsSync, statSync } from 'node:fs';

const DIST = new URL('../../../dist/', import.meta.url);
const SOURCES = new URL('../../', import.meta.url);

/** Imports `path` (relative to dist/, e.g. 'api/app.js'), refusing a missing or older build of it. */
export async function built<T>(path: string): Promise<T> {
  const target = new URL(path, DIST);
  const source = new URL(path.replace(/\.js$/, '.ts'), SOURCES);
  if (!existsSync(target))
    throw new Error(`the benchmarks run the built code: run \`npm run build\` (no ${path})`);
  if (existsSync(source) && statSync(source).mtimeMs > statSync(target).mtimeMs)
    throw new Error(`dist/${path} is older than its source: run \`npm run build\``);
  return (await import(target.href)) as T;
}
