/**
 * `npm run build`, after tsc: bundles the command line (dist/cli/ and what it imports, dependencies included)
 * into dist/cli-bundle/, which bin/svc-mock.js loads instead of the hundreds of modules of dist/:
 * - run.js and its chunks: an ESM bundle, one file for what every command loads plus one chunk per lazily
 *   imported part (conformance runner, realm generator, ...);
 * - svc-mock.cjs and svc-mock.cache: the same code as one script, and V8's code cache of it taken from a
 *   server started on the dev realm that answered a request. bin/svc-mock.js runs the script with the cache
 *   (node:vm) when both are there, so V8 neither parses nor compiles what start-up runs; Node 20 has no code
 *   cache for ES modules. A cache from another node version is refused by V8 and the script is compiled as usual.
 * dist/cli-bundle/ sits two levels below the package root like dist/cli/, so the `../../fixtures/` and
 * `../../scenarios/` URLs of the bundled modules resolve to the same files.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';
import { writePreparedRealm } from '../cli/prepared-realm.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Stands for the build id in the script bundle until its hash is known: as long as a SHA-256 in hex. */
const BUILD_PLACEHOLDER = `svc-mock-build-id:${'.'.repeat(64 - 'svc-mock-build-id:'.length)}`;

/** What the script bundle takes for js-md5. */
const MD5_NODE = fileURLToPath(new URL('./md5-node.ts', import.meta.url));

/**
 * Packages the script bundle requires on first use from bundles of their own in dist/cli-bundle/lazy/ (CommonJS,
 * built here), by name, with what the sources import of each: about 1 MB of text that a server start would
 * otherwise read and copy without running any of it (the realm generator's faker; markdown-it, the emoji
 * dataset and re2js, first used by a render).
 */
const LAZY_BUNDLES: Record<string, string> = {
  'markdown-it': "export { default } from 'markdown-it';",
  gemoji: "export { gemoji } from 'gemoji';",
  re2js: "export { RE2JS } from 're2js';",
  faker: "export { Faker, base, en } from '@faker-js/faker';",
};

/** How the script requires a lazy bundle: relative to itself (its `require` is made for its own path). */
const lazyPath = (name: string): string => `./lazy/${name}.cjs`;

/**
 * Modules of dist/ that the script bundle replaces by ones requiring a module on the call: the function's name,
 * the module (a lazy bundle by name, or a file of the package: under node_modules/ or dist/, bundled into the
 * script) and what it returns of it (the module itself when no value is named).
 */
const ON_FIRST_USE: Record<string, { name: string; lazy?: string; file?: string; value?: string }> = {
  'markdown/emoji-data.js': { name: 'gemojiEntries', lazy: 'gemoji', value: 'gemoji' },
  'markdown/markdown-it-class.js': { name: 'markdownItClass', lazy: 'markdown-it', value: 'default' },
  'markdown/re2js-class.js': { name: 're2jsClass', lazy: 're2js', value: 'RE2JS' },
  'schema/ajv-class.js': { name: 'ajvClass', file: 'node_modules/ajv/dist/ajv.js', value: 'Ajv' },
  'store/realm-validators-module.js': { name: 'realmValidators', file: 'dist/generated/realm-validators.js' },
};
/** The text that replaces a module of dist/ named in ON_FIRST_USE; undefined for any other module. */
function onFirstUse(root: string, path: string): string | undefined {
  const key = path
    .split(/[\\/]dist[\\/]/)
    .pop()!
    .replace(/\\/g, '/');
  if (!Object.hasOwn(ON_FIRST_USE, key)) return undefined;
  const { name, lazy, file, value } = ON_FIRST_USE[key]!;
  const required = JSON.stringify(lazy ? lazyPath(lazy) : join(root, file!));
  return `export function ${name}() {\n  return require(${required})${value ? `.${value}` : ''};\n}\n`;
}

/** Bundles each of LAZY_BUNDLES into {@link CLI_BUNDLE_DIR}/lazy/. */
async function bundleLazy(root: string, outdir: string): Promise<void> {
  await Promise.all(
    Object.entries(LAZY_BUNDLES).map(([name, contents]) =>
      build({
        absWorkingDir: root,
        stdin: { contents, resolveDir: root, loader: 'js' },
        outfile: join(outdir, lazyPath(name)),
        bundle: true,
        format: 'cjs',
        platform: 'node',
        target: 'node20',
        minifyWhitespace: true,
        legalComments: 'none',
        logLevel: 'warning',
      }),
    ),
  );
}

/** Where the bundles are written, relative to the package root (bin/svc-mock.js loads them there). */
export const CLI_BUNDLE_DIR = 'dist/cli-bundle';

/** The ESM bundle: run.js and its chunks. */
async function bundleModules(root: string, outdir: string): Promise<void> {
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

/**
 * The script bundle: one file exporting `buildProgram`, a function expression that bin/svc-mock.js calls with
 * `exports, require, module, __filename, __dirname` and `__svcMockUrl`, the file's URL, which stands for
 * `import.meta.url`. Strict, as the modules it is made of are. Returns its build id (a hash of its text), which
 * the script knows as `__SVC_MOCK_BUILD__` (src/cli/prepared-realm.ts) and the prepared dev realm is recorded for.
 */
/** What the script bundle's text is wrapped in: a function of what bin/svc-mock.js passes it. */
export const SCRIPT_HEAD = '(function (exports, require, module, __filename, __dirname, __svcMockUrl) {';
export const SCRIPT_TAIL = '\n})';

/** esbuild namespace of the modules that load a node module on first use. */
const LAZY_NS = 'svc-mock-lazy';

async function bundleScript(root: string, outdir: string): Promise<string> {
  const { outputFiles } = await build({
    absWorkingDir: root,
    stdin: { contents: "export { buildProgram } from './dist/cli/main.js';", resolveDir: root, loader: 'js' },
    outfile: `${outdir}/svc-mock.cjs`,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    define: { 'import.meta.url': '__svcMockUrl', __SVC_MOCK_BUILD__: JSON.stringify(BUILD_PLACEHOLDER) },
    // Required from node_modules when first used instead of bundled: the conformance runner's HTTP client and
    // YAML parser, 1.3 MB of the script that the server never runs but would read at every start. Both are
    // CommonJS packages and dependencies; import() of them becomes require (a script run by node:vm has no
    // ES module loader for import()).
    external: ['undici', 'yaml'],
    supported: { 'dynamic-import': false },
    // js-md5 on node's crypto (same digests): the package's own set-up costs start-up time.
    plugins: [
      {
        name: 'md5-node',
        setup: (b) => b.onResolve({ filter: /^js-md5$/ }, () => ({ path: MD5_NODE })),
      },
      {
        // The lazy bundles stay outside the script: `require('./lazy/x.cjs')` as written, and faker's package
        // name (imported by the realm generator's modules, evaluated on first use) stands for its lazy bundle.
        name: 'lazy-bundles',
        setup: (b) => {
          b.onResolve({ filter: /^\.\/lazy\/[\w-]+\.cjs$/ }, (args) => ({ path: args.path, external: true }));
          b.onResolve({ filter: /^@faker-js\/faker$/ }, () => ({ path: lazyPath('faker'), external: true }));
        },
      },
      {
        // commander requires node:child_process for subcommands run as separate executables, which this CLI
        // has none of: a stand-in loads the module on its first use, sparing every start about 4 ms of CPU.
        name: 'child-process-on-first-use',
        setup: (b) => {
          b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
            /[\\/]commander[\\/]/.test(args.importer)
              ? { path: 'child_process', namespace: LAZY_NS }
              : undefined,
          );
          b.onLoad({ filter: /.*/, namespace: LAZY_NS }, () => ({
            contents:
              "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
            loader: 'js',
          }));
        },
      },
      {
        // The emoji dataset, markdown-it (with its entity tables) and re2js evaluated when first used instead of at
        // start-up, which renders nothing: a require() of a bundled ES module runs that module's body on the call
        // (about 4 and 7 ms of CPU), and re2js for realm linkifiers (about 0.7 ms). src/markdown/ reaches them
        // through these one-function modules only. Likewise ajv (compiles a request's schema on its first use)
        // and the precompiled realm validators (with their schema literals), which a start on the build's
        // prepared dev realm does not call.
        name: 'evaluated-on-first-use',
        setup: (b) =>
          b.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, (args) => {
            const contents = onFirstUse(root, args.path);
            return contents === undefined
              ? undefined
              : { contents, resolveDir: dirname(args.path), loader: 'js' };
          }),
      },
    ],
    banner: { js: "'use strict';" },
    minifyWhitespace: true,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(outdir, { recursive: true });
  const code = asciiOnly(outputFiles[0]!.text);
  // The build id: a hash of the script, written in place of the placeholder (same length).
  const buildId = createHash('sha256').update(code).digest('hex');
  // Written as the function expression bin/svc-mock.js runs: it compiles the file's text as it is, without
  // first joining it to a wrapper (a copy of the whole text).
  writeFileSync(
    `${outdir}/svc-mock.cjs`,
    `${SCRIPT_HEAD}${code.split(BUILD_PLACEHOLDER).join(buildId)}${SCRIPT_TAIL}`,
  );
  return buildId;
}

/** Template literal parts: where they are, and whether their text may be split by substitutions. */
function templateParts(code: string): Array<{ start: number; end: number; splittable: boolean }> {
  const file = ts.createSourceFile('bundle.js', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const parts: Array<{ start: number; end: number; splittable: boolean }> = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      let template: ts.Node = node.parent;
      while (ts.isTemplateSpan(template) || ts.isTemplateExpression(template)) template = template.parent;
      // An untagged template or String.raw gives the same string when a character becomes a substitution.
      const splittable =
        !ts.isTaggedTemplateExpression(template) || template.tag.getText(file) === 'String.raw';
      parts.push({ start: node.getStart(file), end: node.end, splittable });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return parts;
}

/**
 * The script in ASCII, so that bin/svc-mock.js reads it as Latin-1 (a copy) instead of decoding UTF-8 (about
 * 20 ms for this file). esbuild escapes strings but leaves non-ASCII characters in regular expressions and
 * template literals: in a template literal (untagged or String.raw) each becomes a substitution of an escaped
 * string, elsewhere a \uXXXX escape (regular expressions, identifiers, comments). A character after a
 * backslash or in a template with another tag stays as it is, and the file UTF-8 (the bin reads that too).
 * Only the text of such a regular expression's `source` changes (escapes for characters, same matches).
 */
export function asciiOnly(code: string): string {
  if (!/[^\0-\x7f]/.test(code)) return code;
  const escape = (char: string): string =>
    [...Array(char.length).keys()]
      .map((i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`)
      .join('');
  const parts = templateParts(code);
  let part = 0;
  return code.replace(/(?<!\\)[^\0-\x7f]/gu, (char, offset: number) => {
    while (part < parts.length && parts[part]!.end <= offset) part++;
    const inside = part < parts.length && parts[part]!.start <= offset;
    if (!inside) return escape(char);
    return parts[part]!.splittable ? `\${"${escape(char)}"}` : char;
  });
}

/**
 * Writes svc-mock.cache: starts `bin/svc-mock.js serve` on the dev realm with SVC_MOCK_WRITE_CODE_CACHE=1 (it
 * then runs the script bundle and writes V8's code cache of it when it exits), waits for its first answer
 * to GET /server_settings and stops it.
 */
async function writeCodeCache(root: string): Promise<void> {
  const child = spawn(process.execPath, ['bin/svc-mock.js', 'serve', '--port', '0', '--host', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, SVC_MOCK_WRITE_CODE_CACHE: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`svc-mock serve exited with ${code} before listening`)));
  });
  const answer = await fetch(`${url}/api/v1/server_settings`);
  await answer.arrayBuffer();
  child.kill('SIGTERM');
  const code = await exited;
  if (answer.status !== 200 || code !== 0)
    throw new Error(`code cache run: GET /server_settings answered ${answer.status}, exit code ${code}`);
}

/** Bundles the command line into {@link CLI_BUNDLE_DIR} (replacing what was there) and writes the code cache. */
export async function bundleCli(root: string = ROOT): Promise<void> {
  const outdir = `${root}/${CLI_BUNDLE_DIR}`;
  rmSync(outdir, { recursive: true, force: true });
  await bundleModules(root, outdir);
  await bundleLazy(root, outdir);
  const buildId = await bundleScript(root, outdir);
  // Before the code cache: the run that takes the code cache then loads the recorded realm, as serving will.
  // The names are those src/cli/prepared-realm.ts reads (DEV_REALM_FILES).
  writePreparedRealm(
    `${root}/fixtures/dev-realm.json`,
    { record: `${outdir}/dev-realm.prepared.json`, source: `${outdir}/dev-realm.source.json` },
    buildId,
  );
  await writeCodeCache(root);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await bundleCli();
