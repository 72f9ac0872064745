/** `svc-mock serve` as a child process for tests: spawned, its URL read from its "Listening on" line. */
import { spawn, type ChildProcess } from 'node:child_process';

/** A running `serve` child: its URL, its exit code once it exits, and everything it printed so far. */
export interface ServeProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  output(): string;
}

const LISTENING = /Listening on (http:\/\/127\.0\.0\.1:\d+)/;

/** Runs `node ...argv` and resolves once it prints where it listens; rejects with its output if it exits first. */
export async function startServeProcess(
  argv: string[],
  options: { cwd?: string } = {},
): Promise<ServeProcess> {
  const child = spawn(process.execPath, argv, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = LISTENING.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on('exit', () => reject(new Error(`serve exited early:\n${out}`)));
  });
  return { child, url, exited, output: () => out };
}
