/**
 * Spawns a server process (pinned to core 0 where taskset exists) and polls it until its first 200: the start-up
 * row and the serve --realm rows both time a process this way.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { pinned } from './processes.js';

/** How long to wait for the first answer, how often to ask, and what to read from the live process then. */
export interface FirstAnswerOptions<T> {
  timeoutMs: number;
  pollMs: number;
  /** Read once the process has answered, before it is stopped (e.g. its RSS from /proc). */
  onAnswer?: (pid: number) => T;
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

const ok = (port: number, path: string): Promise<boolean> =>
  new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.end();
  });

/** Milliseconds from spawning `argv(port)` to its first 200 on `path`, and what `onAnswer` read; then stops it. */
export async function untilFirstAnswer<T = undefined>(
  argv: (port: number) => string[],
  path: string,
  options: FirstAnswerOptions<T>,
): Promise<{ ms: number; read: T | undefined }> {
  const port = await freePort();
  const [command, args] = pinned(0, argv(port));
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    while (!(await ok(port, path))) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      if (performance.now() - started > options.timeoutMs)
        throw new Error(`no answer within ${options.timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, options.pollMs));
    }
    const ms = performance.now() - started;
    // With taskset, the child is taskset's exec'd image: the same pid.
    return { ms, read: options.onAnswer?.(child.pid!) };
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}
