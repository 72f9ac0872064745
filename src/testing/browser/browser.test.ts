import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHROMIUM = '/usr/bin/chromium';

/** Installs Debian's Chromium when it is missing (CI machines start without it). */
function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
}

describe('the MSW handlers in a real browser', () => {
  let server: Server;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    ensureChromium();
    const bundle = await build({
      entryPoints: [new URL('./entry.ts', import.meta.url).pathname],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    const files: Record<string, [string, string]> = {
      '/': [
        'text/html',
        '<!doctype html><meta charset="utf-8"><title>svc-mock</title><script type="module" src="/app.js"></script>',
      ],
      '/app.js': ['text/javascript', bundle.outputFiles[0]!.text],
      '/mockServiceWorker.js': [
        'text/javascript',
        readFileSync(new URL('../../../node_modules/msw/lib/mockServiceWorker.js', import.meta.url), 'utf8'),
      ],
    };
    server = createServer((req, res) => {
      const file = files[req.url ?? ''];
      res.writeHead(file ? 200 : 404, { 'Content-Type': file?.[0] ?? 'text/plain' });
      res.end(file?.[1] ?? 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('serves the API, its 404 envelope and a long poll completed by a message and then a heartbeat', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(origin);
    await page.waitForFunction(() => (window as { svcResult?: unknown }).svcResult !== undefined, null, {
      timeout: 60_000,
    });
    const result = (await page.evaluate(() => (window as { svcResult?: unknown }).svcResult)) as Record<
      string,
      unknown
    >;
    expect(errors).toEqual([]);
    expect(result).toMatchObject({
      realmName: 'Svc Dev',
      notFoundStatus: 404,
      notFoundCode: 'BAD_REQUEST',
      firstEvents: [{ type: 'message', id: result.sentId, content: 'hello from **Chromium**' }],
      secondEvents: ['heartbeat'],
    });
  }, 120_000);
});
