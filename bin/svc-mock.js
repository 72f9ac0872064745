#!/usr/bin/env node
// The CLI is compiled to dist/ by `npm install` (the prepare script): dist/cli/ by tsc, then dist/cli-bundle/
// (src/tools/bundle-cli.ts), the same code bundled so that start-up reads a few files instead of hundreds:
// - svc-mock.cjs with svc-mock.cache, V8's code cache of it: run here through node:vm, nothing to compile;
// - run.js, an ES module bundle, when there is no code cache;
// - dist/cli/run.js when nothing was bundled, or when tsc wrote it after the bundle (a bare `tsc` after a change:
//   the bundle would run the old code).
// SVC_MOCK_WRITE_CODE_CACHE=1 (set by the build) runs svc-mock.cjs and writes svc-mock.cache when it exits.
// This file is CommonJS (bin/package.json): node starts a CommonJS entry without setting up its ES module loader
// (about 5 ms of CPU), which only the fallbacks below need, through import().
'use strict';
const { isAscii } = process.getBuiltinModule('node:buffer');
const { existsSync, readFileSync, statSync, writeFileSync } = process.getBuiltinModule('node:fs');
const { createRequire } = process.getBuiltinModule('node:module');
const { resolve } = process.getBuiltinModule('node:path');
const { pathToFileURL } = process.getBuiltinModule('node:url');
const { Script } = process.getBuiltinModule('node:vm');

const dist = `${resolve(__dirname, '../dist')}/`;
const script = `${dist}cli-bundle/svc-mock.cjs`;
const cache = `${dist}cli-bundle/svc-mock.cache`;
const tscEntry = `${dist}cli/run.js`;
const writeCache = process.env.SVC_MOCK_WRITE_CODE_CACHE === '1';
/** A bundle file that exists and is not older than tsc's output. */
const current = (file) =>
  existsSync(file) && (!existsSync(tscEntry) || statSync(file).mtimeMs >= statSync(tscEntry).mtimeMs);

async function main() {
  if (current(script) && (writeCache || existsSync(cache))) {
    // The build writes the script in ASCII: read as Latin-1 (a copy) instead of decoded from UTF-8.
    const bytes = readFileSync(script);
    const code = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
    // The script is a function expression of what is passed below.
    const compiled = new Script(code, {
      filename: script,
      cachedData: writeCache ? undefined : readFileSync(cache),
    });
    if (writeCache) process.once('exit', () => writeFileSync(cache, compiled.createCachedData()));
    const module = { exports: {} };
    compiled.runInThisContext()(
      module.exports,
      createRequire(script),
      module,
      script,
      `${dist}cli-bundle/`,
      pathToFileURL(script).href,
    );
    await module.exports.buildProgram(process.argv[2]).parseAsync(process.argv);
  } else {
    const bundle = `${dist}cli-bundle/run.js`;
    const entry = current(bundle) ? bundle : tscEntry;
    if (!existsSync(entry)) {
      console.error(
        'svc-mock is not built yet: run `npm install` (or `npm run build`) in the package directory.',
      );
      process.exit(1);
    }
    await import(pathToFileURL(entry).href);
  }
}

// A failure is thrown as an unhandled rejection: node prints it and exits with code 1.
main();
