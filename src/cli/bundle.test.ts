// The built command line as installed: bin/svc-mock.js runs dist/cli-bundle/svc-mock.cjs with its V8 code cache
// (both written by `npm run build`, which `npm install` runs), and dist/cli-bundle/run.js is the ES module
// bundle it falls back on. Both serve the dev realm, load their lazy parts (realm generator) and offer the same
// commands as the unbundled dist/cli/run.js.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { inspectorAssets, INSPECTOR_PATHS } from '../inspector/serve.js';
import { startServeProcess } from '../testing/serve-process.js';
import { preparedRealmFile } from './prepared-realm.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = `${ROOT}bin/svc-mock.js`;
const BUNDLE = `${ROOT}dist/cli-bundle/run.js`;
const UNBUNDLED = `${ROOT}dist/cli/run.js`;
const SCRIPT = `${ROOT}dist/cli-bundle/svc-mock.cjs`;
const CACHE = `${ROOT}dist/cli-bundle/svc-mock.cache`;
const RECORD = `${ROOT}dist/cli-bundle/dev-realm.prepared.json`;
const SOURCE = `${ROOT}dist/cli-bundle/dev-realm.source.json`;
const IAGO = `Basic ${btoa('iago@svc.test:iagoSvcDevApiKey0123456789abcdef')}`;

const run = async (args: string[]): Promise<string> =>
  (await promisify(execFile)(process.execPath, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 })).stdout;

describe('bundled command line', () => {
  it('is built (npm run build writes dist/cli-bundle/)', () => {
    const LAZY = ['markdown-it', 'gemoji', 're2js', 'faker'].map(
      (name) => `${ROOT}dist/cli-bundle/lazy/${name}.cjs`,
    );
    for (const file of [BUNDLE, SCRIPT, CACHE, RECORD, SOURCE, ...LAZY])
      expect(existsSync(file), `${file}: run npm run build`).toBe(true);
  });

  it('has a code cache this node accepts for the script, wrapped as bin/svc-mock.js wraps it', async () => {
    const check = `
      const { readFileSync } = require('node:fs');
      const { Script } = require('node:vm');
      const code = readFileSync(${JSON.stringify(SCRIPT)}, 'utf8');
      const script = new Script(code, {
        filename: ${JSON.stringify(SCRIPT)},
        cachedData: readFileSync(${JSON.stringify(CACHE)}),
      });
      console.log(JSON.stringify({ rejected: script.cachedDataRejected }));`;
    expect(JSON.parse(await run(['-e', check]))).toEqual({ rejected: false });
  });

  it("has the dev realm's prepared record for the script's build", () => {
    const file = JSON.parse(readFileSync(RECORD, 'utf8')) as { build: string };
    expect(file.build).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(SCRIPT, 'latin1')).toContain(`"${file.build}"`);
    const bytes = readFileSync(`${ROOT}fixtures/dev-realm.json`);
    expect(preparedRealmFile(bytes, { record: RECORD, source: SOURCE }, file.build)).toBeDefined();
  });

  it('serves the dev realm through bin/svc-mock.js: first answer, an authenticated answer, stop', async () => {
    const { child, url, exited, output } = await startServeProcess(
      [BIN, 'serve', '--port', '0', '--host', '127.0.0.1'],
      {
        cwd: ROOT,
      },
    );
    try {
      const settings = await fetch(`${url}/api/v1/server_settings`);
      expect(settings.status).toBe(200);
      expect(await settings.json()).toMatchObject({ result: 'success', realm_name: expect.any(String) });
      const me = await fetch(`${url}/api/v1/users/me`, { headers: { authorization: IAGO } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ result: 'success', email: 'iago@svc.test' });
      // The script requires markdown-it, the emoji dataset and re2js (the realm's linkifiers) on the first render,
      // from their own bundles in dist/cli-bundle/lazy/ (src/tools/bundle-cli.ts).
      const rendered = await fetch(`${url}/api/v1/messages/render`, {
        method: 'POST',
        headers: { authorization: IAGO, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ content: ':smile: &copy; **b** https://x.example see #12' }),
      });
      expect(rendered.status).toBe(200);
      const { rendered: html } = (await rendered.json()) as { rendered: string };
      expect(html).toContain('class="emoji emoji-1f604"');
      expect(html).toContain('©');
      expect(html).toContain('<strong>b</strong>');
      expect(html).toContain('<a href="https://x.example"');
      expect(html).toContain('<a href="https://github.com/svc/svc/issues/12">#12</a>');
      // The inspector's files hold non-ASCII text in String.raw templates, which the ASCII script rewrites.
      const assets = inspectorAssets();
      for (const kind of ['html', 'script', 'style'] as const) {
        const served = await (await fetch(`${url}${INSPECTOR_PATHS[kind]}`)).text();
        expect(served, kind).toBe(assets[kind]);
      }
      expect(assets.html).toContain('◆');
      // A request's parameters are checked by Ajv, which the script requires on the first schema it compiles.
      const refused = await fetch(`${url}/api/v1/messages?anchor=newest&num_before=many&num_after=0`, {
        headers: { authorization: IAGO },
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
      // The conformance runner over HTTP: undici and yaml are required from node_modules, not bundled.
      const report = await run([BIN, 'conformance', '-t', url, '--read-only', '-g', 'auth-unauthorized']);
      expect(report).toMatch(/1 scenarios against .*: 1 passed, 0 failed/);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output()).toMatch(/iago@svc\.test\s+administrator/);
  });

  it('validates a realm file other than the prepared dev realm (validators required on first use)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-mock-bundle-'));
    try {
      const realm = JSON.parse(readFileSync(`${ROOT}fixtures/dev-realm.json`, 'utf8'));
      realm.realm.name = 'Another realm';
      writeFileSync(join(dir, 'good.json'), JSON.stringify(realm));
      const accounts = await run([BIN, 'accounts', '--json', '--realm', join(dir, 'good.json')]);
      expect(JSON.parse(accounts)).toContainEqual(expect.objectContaining({ email: 'iago@svc.test' }));
      realm.users[0].role = 7;
      writeFileSync(join(dir, 'bad.json'), JSON.stringify(realm));
      const failed = await run([BIN, 'accounts', '--realm', join(dir, 'bad.json')]).then(
        () => '',
        (error: { stderr: string }) => error.stderr,
      );
      expect(failed).toMatch(
        /Invalid realm fixture:\n {2}\/users\/0\/role: must be equal to one of the allowed values \(\[100,200,300,400,600\]\), got 7/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('offers the same commands and options as the unbundled build', async () => {
    for (const args of [
      ['--help'],
      ['serve', '--help'],
      ['conformance', '--help'],
      ['conformance', '--list'],
    ]) {
      const unbundled = await run([UNBUNDLED, ...args]);
      expect(unbundled).toMatch(args.includes('--list') ? /^scenarios\/\S+\.yaml\t/ : /^Usage: svc-mock/);
      expect(await run([BIN, ...args])).toBe(unbundled);
      expect(await run([BUNDLE, ...args])).toBe(unbundled);
    }
    // Twelve node processes, one after the other: more than the default 20 s beside other test files.
  }, 60_000);

  it('loads a lazily imported part (the realm generator) and writes the same realm', async () => {
    const args = ['realm', 'generate', '--users', '3', '--channels', '2', '--messages', '5', '--seed', '7'];
    const bundled = await run([BIN, ...args]);
    expect(JSON.parse(bundled)).toMatchObject({ format: 'svc-mock-realm/1' });
    expect(bundled).toBe(await run([UNBUNDLED, ...args]));
    expect(await run([BUNDLE, ...args])).toBe(bundled);
  });
});
