/**
 * `npm run build`, after tsc: bundles the command line (dist/cli/run.js and what it imports, dependencies
 * included) into dist/cli-bundle/, which bin/svc-mock.js loads when it is there. One file for what every command
 * loads, plus one chunk per lazily imported part (conformance runner, realm generator, ...), so that node
 * resolves and links a handful of files instead of hundreds: start-up of `svc-mock serve` and `--help`.
 * dist/cli-bundle/ sits two levels below the package root like dist/cli/, so the `../../fixtures/` and
 * `../../scenarios/` URLs of the bundled modules resolve to the same files.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where the bundle is written, relative to the package root (bin/svc-mock.js loads `run.js` there). */
export const CLI_BUNDLE_DIR = 'dist/cli-bundle';

/** Bundles dist/cli/run.js into {@link CLI_BUNDLE_DIR} (replacing what was there). */
export async function bundleCli(root: string = ROOT): Promise<void> {
  const outdir = `${root}/${CLI_BUNDLE_DIR}`;
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { run: 'dist/cli/run.js' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunk-[hash]',
    // CommonJS dependencies (ajv, commander) call require() for node's built-ins: an ESM bundle has none.
    banner: {
      js: "import { createRequire as __svcMockRequire } from 'node:module';\nconst require = __svcMockRequire(import.meta.url);",
    },
    legalComments: 'none',
    logLevel: 'warning',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await bundleCli();
