/**
 * The "In a Vite app" lines of docs/browser.md, followed word for word in a new Vite project: install Vite and this
 * package (packed from the working tree), `npx msw init public/ --save`, the page's index.html and main.ts, then
 * `npx vite` — the page, in Chromium, shows what the mock answered. Also: `vite build` leaves the mock out.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium, launchChromium } from './harness.js';

const run = promisify(execFile);
const ROOT = new URL('../../../', import.meta.url).pathname;
/** The Vite major the page's lines are checked with. */
const VITE = 'vite@^8';

/** The page section's code blocks: files (after `<!-- file: NAME -->`) and shell commands. */
function readmeSection(): { files: Map<string, string>; commands: string[] } {
  const page = readFileSync(join(ROOT, 'docs/browser.md'), 'utf8');
  const start = page.indexOf('\n## In a Vite app\n');
  if (start < 0) throw new Error('docs/browser.md has no section "In a Vite app"');
  const section = page.slice(start, page.indexOf('\n## ', start + 1));
  const files = new Map<string, string>();
  for (const match of section.matchAll(/<!-- file: (\S+) -->\s*```\w*\n([\s\S]*?)```/g))
    files.set(match[1]!, match[2]!);
  const commands = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.trim().split('\n'));
  return { files, commands };
}

/** Builds the package from the working tree into a staging folder and packs it; resolves the tarball. */
async function packWorkingTree(dir: string): Promise<string> {
  const stage = join(dir, 'package');
  mkdirSync(stage);
  await run(
    'npx',
    ['tsc', '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(stage, 'dist'), '--sourceMap', 'false'],
    {
      cwd: ROOT,
    },
  ).catch((error: { stdout?: string }) => {
    // Type errors elsewhere in the tree still emit JavaScript; only a missing entry fails the test below.
    console.warn(`tsc reported: ${error.stdout?.slice(0, 2000) ?? String(error)}`);
  });
  for (const path of ['package.json', 'README.md', 'bin', 'fixtures', 'scenarios', 'src/schemas'])
    cpSync(join(ROOT, path), join(stage, path), { recursive: true });
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], {
    cwd: stage,
  });
  return join(dir, stdout.trim().split('\n').pop()!);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Stops a detached child and everything it started (its process group), SIGKILL after 5 s. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // The group is gone already.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

describe("the browser page's Vite lines in a new Vite project", () => {
  let dir: string;
  let browser: Browser;
  let vite: ChildProcess | undefined;

  beforeAll(async () => {
    ensureChromium();
    browser = await launchChromium();
    dir = mkdtempSync(join(tmpdir(), 'svc-mock-vite-'));
  }, 600_000);

  afterAll(async () => {
    if (vite) await stopGroup(vite);
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    // Stopping vite (SIGKILL after 5 s), Chromium and removing a node_modules tree outlast the default 20 s hook
    // time on a loaded machine.
  }, 60_000);

  it('installs, runs `npx vite` and the page shows what the mock answered; `vite build` leaves it out', async () => {
    const { files, commands } = readmeSection();
    expect([...files.keys()]).toEqual(['index.html', 'main.ts']);
    expect(commands).toEqual(['npm install --save-dev svc-mock', 'npx msw init public/ --save', 'npx vite']);

    const tarball = await packWorkingTree(dir);
    const app = join(dir, 'app');
    mkdirSync(app);
    // A shell as the user has it: without the NODE_ENV=test and VITEST* variables of this test run (with
    // NODE_ENV=test, `vite build` would keep import.meta.env.DEV true).
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
    );
    const sh = (command: string, args: string[]) => run(command, args, { cwd: app, env, timeout: 240_000 });
    await sh('npm', ['init', '-y']);
    // `npm install --save-dev svc-mock`, with the package packed from this working tree, and Vite.
    await sh('npm', ['install', '--save-dev', '--no-audit', '--no-fund', VITE, tarball]);
    await sh('npx', ['msw', 'init', 'public/', '--save']);
    for (const [name, text] of files) writeFileSync(join(app, name), text);

    const port = await freePort();
    let output = '';
    vite = spawn('npx', ['vite', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
      cwd: app,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: npx does not pass a signal on to the vite it started, the group gets it.
      detached: true,
    });
    vite.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    vite.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 60_000, interval: 200 }).toContain(`${port}`);

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    try {
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.getByText('Connected to Svc Dev').waitFor({ timeout: 90_000 });
      expect(errors).toEqual([]);
    } catch (error) {
      const shot = join(tmpdir(), 'svc-mock-screenshots', 'vite-readme.png');
      mkdirSync(join(tmpdir(), 'svc-mock-screenshots'), { recursive: true });
      await page.screenshot({ path: shot }).catch(() => undefined);
      console.error(`screenshot of the failed page: ${shot}\nvite output:\n${output}`);
      throw error;
    } finally {
      await page.close();
    }
    await stopGroup(vite);
    vite = undefined;

    // The production build drops the development branch: no mock, no MSW in what is emitted.
    await sh('npx', ['vite', 'build']);
    const emitted = readdirSync(join(app, 'dist', 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(app, 'dist', 'assets', name), 'utf8'))
      .join('\n');
    expect(emitted.includes('server_settings'), 'the app itself is emitted').toBe(true);
    expect(emitted.includes('startMock'), 'startMock is left out').toBe(false);
    expect(emitted.includes('setupWorker'), 'MSW is left out').toBe(false);
    expect(emitted.length).toBeLessThan(20_000);
  }, 480_000);
});
