/** Headless Chromium for browser tests: Debian's package (installed when missing), a page server on loopback. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/** Installs Debian's Chromium when it is missing (CI machines start without it). */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
}

/** Launches headless Chromium with the flags this sandbox needs (no background network). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
}

/** A page server on 127.0.0.1: `/` loads the bundled entry as `/app.js`, beside MSW's worker script. */
export interface PageServer {
  origin: string;
  close(): Promise<void>;
}

/** Bundles `entry` for the browser with esbuild and serves it with MSW's service worker script. */
export async function servePage(entry: string): Promise<PageServer> {
  const bundle = await build({
    entryPoints: [entry],
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
  const server: Server = createServer((req, res) => {
    const file = files[req.url ?? ''];
    res.writeHead(file ? 200 : 404, { 'Content-Type': file?.[0] ?? 'text/plain' });
    res.end(file?.[1] ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
