/** Child processes of the harness: started through tsx (the mock's code itself comes from dist/, see built.ts), pinned to one core where `taskset` exists, spoken to over IPC. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parseProcStat } from './stats.js';

/** Whether `taskset` is on the PATH (Linux, util-linux). */
export const hasTaskset = ((): boolean => {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Clock ticks per second of /proc/<pid>/stat figures. */
export const CLOCK_TICKS = ((): number => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The command line that runs `argv` on `core` (unpinned without taskset). */
export function pinned(core: number, argv: string[]): [string, string[]] {
  return hasTaskset ? ['taskset', ['-c', String(core), ...argv]] : [argv[0]!, argv.slice(1)];
}

/** CPU seconds a live process has used so far (all its threads), or NaN without /proc. */
export function cpuSeconds(pid: number): number {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return Number.NaN;
  return parseProcStat(readFileSync(file, 'utf8')).self / CLOCK_TICKS;
}

/** A child process of the harness with request/reply messages over IPC. */
export interface BenchChild {
  pid: number;
  child: ChildProcess;
  /** Sends a message and resolves with the child's reply to it. */
  ask<T>(message: Record<string, unknown>): Promise<T>;
  /** Ends the child and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts a TypeScript script in a node child process pinned to `core`, resolving on its first message;
 * `nodeArgs` go to node before the script (e.g. --cpu-prof); `stdout` is a file descriptor for the child's
 * standard output (V8's traces go there) rather than this process's.
 */
export async function startChild<T>(
  core: number,
  script: URL,
  args: string[] = [],
  nodeArgs: string[] = [],
  stdout: number | 'inherit' = 'inherit',
): Promise<{ child: BenchChild; hello: T }> {
  const [command, argv] = pinned(core, [
    process.execPath,
    ...nodeArgs,
    '--import',
    'tsx',
    script.pathname,
    ...args,
  ]);
  const child = spawn(command, argv, { stdio: ['ignore', stdout, 'inherit', 'ipc'] });
  let next = 1;
  const waiting = new Map<number, (value: unknown) => void>();
  let first: ((value: unknown) => void) | undefined;
  const hello = new Promise<unknown>((resolve, reject) => {
    first = resolve;
    child.once('exit', (code) => reject(new Error(`${script.pathname} exited with ${code} before starting`)));
    child.once('error', reject);
  });
  child.on('message', (raw) => {
    const message = raw as { id?: number; reply?: unknown };
    if (message.id === undefined) return first?.(message);
    waiting.get(message.id)?.(message.reply);
    waiting.delete(message.id);
  });
  const handle: BenchChild = {
    pid: child.pid!,
    child,
    ask: <R>(message: Record<string, unknown>) =>
      new Promise<R>((resolve) => {
        const id = next++;
        waiting.set(id, resolve as (value: unknown) => void);
        child.send({ ...message, id });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
  return { child: handle, hello: (await hello) as T };
}

/** In a child started by {@link startChild}: answers each message with `handle`'s result. */
export function serveMessages(handle: (message: Record<string, unknown>) => unknown): void {
  process.on('message', (raw) => {
    const message = raw as Record<string, unknown> & { id: number };
    void Promise.resolve(handle(message)).then((reply) => process.send!({ id: message.id, reply }));
  });
}
