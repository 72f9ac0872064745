/**
 * The soak's server child process: started through tsx (not pinned to a core: a soak is not a benchmark,
 * and on a shared machine the scheduler places it best), spoken to over IPC.
 */
import { spawn } from 'node:child_process';
import type { SoakHello, SoakMemory } from './protocol.js';

/** A running server child. */
export interface SoakChild {
  pid: number;
  hello: SoakHello;
  /** The child's memory after a forced garbage collection, and its live queues. */
  memory(): Promise<SoakMemory>;
  /** Ends the child (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

const SCRIPT = new URL('./server-process.ts', import.meta.url);

/** Starts the server child on a generated realm with at least `users` members; resolves once it listens. */
export async function startServerChild(users: number, seed: number): Promise<SoakChild> {
  const args = ['--import', 'tsx', SCRIPT.pathname, '--users', String(users), '--seed', String(seed)];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const replies: Array<{ resolve(value: SoakMemory): void; reject(error: Error): void }> = [];
  const hello = await new Promise<SoakHello>((resolve, reject) => {
    child.once('message', (message) => resolve(message as SoakHello));
    child.once('exit', (code) => reject(new Error(`the soak server exited with ${code} before listening`)));
    child.once('error', reject);
  });
  child.on('message', (message) => replies.shift()?.resolve(message as SoakMemory));
  // A server that dies mid-run fails the pending question instead of leaving the soak waiting.
  child.on('exit', (code, signal) => {
    for (const reply of replies.splice(0))
      reply.reject(new Error(`the soak server exited (${code ?? signal})`));
  });
  return {
    pid: child.pid!,
    hello,
    memory: () =>
      new Promise<SoakMemory>((resolve, reject) => {
        if (child.exitCode !== null || child.signalCode !== null)
          return reject(new Error('the soak server is not running'));
        replies.push({ resolve, reject });
        child.send({ cmd: 'memory' });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
