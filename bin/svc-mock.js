#!/usr/bin/env node
// The CLI is compiled to dist/ by `npm install` (the prepare script): dist/cli/ by tsc, then dist/cli-bundle/
// (src/tools/bundle-cli.ts), the same code bundled so that start-up reads a few files instead of hundreds:
// - svc-mock.cjs with svc-mock.cache, V8's code cache of it: run here through node:vm, nothing to compile;
// - run.js, an ES module bundle, when there is no code cache;
// - dist/cli/run.js when nothing was bundled, or when tsc wrote it after the bundle (a bare `tsc` after a change:
//   the bundle would run the old code).
// SVC_MOCK_WRITE_CODE_CACHE=1 (set by the build) runs svc-mock.cjs and writes svc-mock.cache when it exits.
import { isAscii } from 'node:buffer';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const at = (path) => new URL(path, import.meta.url);
const script = at('../dist/cli-bundle/svc-mock.cjs');
const cache = at('../dist/cli-bundle/svc-mock.cache');
const tscEntry = at('../dist/cli/run.js');
const writeCache = process.env.SVC_MOCK_WRITE_CODE_CACHE === '1';
/** A bundle file that exists and is not older than tsc's output. */
const current = (file) =>
  existsSync(file) && (!existsSync(tscEntry) || statSync(file).mtimeMs >= statSync(tscEntry).mtimeMs);

if (current(script) && (writeCache || existsSync(cache))) {
  const filename = fileURLToPath(script);
  // The build writes the script in ASCII: read as Latin-1 (a copy) instead of decoded from UTF-8.
  const bytes = readFileSync(filename);
  const code = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const compiled = new Script(
    `(function (exports, require, module, __filename, __dirname, __svcMockUrl) {${code}\n})`,
    { filename, cachedData: writeCache ? undefined : readFileSync(cache) },
  );
  if (writeCache) process.once('exit', () => writeFileSync(cache, compiled.createCachedData()));
  const module = { exports: {} };
  compiled.runInThisContext()(
    module.exports,
    createRequire(filename),
    module,
    filename,
    fileURLToPath(at('../dist/cli-bundle/')),
    script.href,
  );
  await module.exports.buildProgram().parseAsync(process.argv);
} else {
  const bundle = at('../dist/cli-bundle/run.js');
  const entry = current(bundle) ? bundle : tscEntry;
  if (!existsSync(entry)) {
    console.error(
      'svc-mock is not built yet: run `npm install` (or `npm run build`) in the package directory.',
    );
    process.exit(1);
  }
  await import(entry.href);
}
