/**
 * Builds the example with esbuild (in memory) and serves it on 127.0.0.1:
 *   npx tsx examples/web-client/build.ts [--port 5173]
 * `svc-mock/browser` resolves to this working tree's source, so no `npm run build` is needed first.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
};

/** A built file: its content type and text. */
export interface BuiltFile {
  type: string;
  text: string;
}

/** Bundles src/main.ts (the mock in its own chunk), next to public/ and MSW's worker script; keys are URL paths. */
export async function buildWebClient(): Promise<Map<string, BuiltFile>> {
  const result = await build({
    entryPoints: { main: here('./src/main.ts') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: '/out',
    write: false,
    logLevel: 'warning',
    alias: { 'svc-mock/browser': here('../../src/browser/index.ts') },
  });
  const files = new Map<string, BuiltFile>();
  for (const output of result.outputFiles)
    files.set(output.path.slice('/out'.length), { type: TYPES['.js']!, text: output.text });
  for (const name of readdirSync(here('./public')))
    files.set(`/${name}`, {
      type: TYPES[name.slice(name.lastIndexOf('.'))] ?? 'text/plain',
      text: readFileSync(here(`./public/${name}`), 'utf8'),
    });
  files.set('/mockServiceWorker.js', {
    type: TYPES['.js']!,
    text: readFileSync(here('../../node_modules/msw/lib/mockServiceWorker.js'), 'utf8'),
  });
  return files;
}

/** A running example server. */
export interface WebClientServer {
  origin: string;
  close(): Promise<void>;
}

/** Serves the built example on 127.0.0.1 (`port` 0 picks a free one). */
export async function serveWebClient(port = 0): Promise<WebClientServer> {
  const files = await buildWebClient();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const file = files.get(path === '/' ? '/index.html' : path);
    res.writeHead(file ? 200 : 404, {
      'Content-Type': file?.type ?? 'text/plain',
      'Cache-Control': 'no-store',
    });
    res.end(file?.text ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--port');
  const running = await serveWebClient(at > 0 ? Number(process.argv[at + 1]) : 5173);
  console.log(`Mock in the page:   ${running.origin}/`);
  console.log(
    `Against a server:   ${running.origin}/?server=http://127.0.0.1:9991  (run npx svc-mock serve)`,
  );
}
