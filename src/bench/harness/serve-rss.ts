/**
 * Resident set of `svc-mock serve --realm FILE` (the built CLI, as a user runs it) when it answers its first
 * request: spawned pinned to core 0, polled every 20 ms, RSS read from /proc/<pid>/status, then stopped.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { pinned } from './processes.js';

const BIN = fileURLToPath(new URL('../../../bin/svc-mock.js', import.meta.url));
const BUILT = fileURLToPath(new URL('../../../dist/cli/run.js', import.meta.url));

/** What the served process used by its first answer. */
export interface ServeFigures {
  /** Milliseconds from spawn to the first 200 (node start-up, imports and loading the realm). */
  ms: number;
  /** Resident set in bytes (VmRSS). */
  rss: number;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const answers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/v1/server_settings', agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.end();
  });

/** VmRSS of a live process in bytes (NaN without /proc). */
function rssOf(pid: number): number {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return Number.NaN;
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(file, 'utf8'))?.[1];
  return kb === undefined ? Number.NaN : Number(kb) * 1024;
}

/** Starts `svc-mock serve --realm file`, waits for its first answer, measures it and stops it. */
export async function serveFigures(file: string, timeoutMs = 120_000): Promise<ServeFigures> {
  if (!existsSync(BUILT)) throw new Error('the serve rows run the built CLI: run `npm run build` first');
  const port = await freePort();
  const [command, args] = pinned(0, [
    process.execPath,
    BIN,
    'serve',
    '--realm',
    file,
    '--port',
    String(port),
  ]);
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    while (!(await answers(port))) {
      if (child.exitCode !== null) throw new Error(`svc-mock serve exited with ${child.exitCode}`);
      if (performance.now() - started > timeoutMs) throw new Error(`no answer within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - started;
    // With taskset, the child is taskset's exec'd image: the same pid.
    return { ms, rss: rssOf(child.pid!) };
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}
