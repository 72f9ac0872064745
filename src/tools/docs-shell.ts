/**
 * Runs a shell block of the docs line by line with bash, as a reader pasting it would, in a folder of the
 * consumer project. Long-running commands (`svc-mock serve`, `svc-mock conformance record`) are started in
 * the background and waited for until they print where they listen; ports written in the block (9991, a
 * `--port N`) are served on a free port instead (`--port 0`) and rewritten in the later lines. A line that
 * calls the mock on 127.0.0.1:9991 or localhost:9991 with no server of the block yet gets a `svc-mock serve`
 * on the dev realm first. curl fails on an HTTP error status (a `.curlrc` with `fail-with-body`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The outcome of one block. */
export interface ShellRun {
  /** Each command as run (after the port rewrite), with its output. */
  transcript: string[];
  /** Background servers started for the block (also the implicit one). */
  servers: number;
}

/** The block's commands: continuation lines joined, blank lines and comment-only lines dropped. */
export function commandsOf(code: string): string[] {
  return code
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
}

const LONG_RUNNING = /svc-mock (serve|conformance record)\b/;
const DEFAULT_PORT = 9991;

interface Background {
  child: ChildProcess;
  output: () => string;
  record: boolean;
  exit?: number | null;
}

function start(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Background & { port: number }> {
  const child = spawn('bash', ['-c', command], {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "listening on" within 60 s: ${command}\n${out}`)),
      60_000,
    );
    const check = (): void => {
      const m = /[Ll]istening on https?:\/\/[^\s:]+:(\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({ child, port: Number(m[1]), output: () => out, record: /conformance record/.test(command) });
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening: ${command}\n${out}`));
    });
  });
}

/** Stops a background command (its whole process group) and resolves its exit code. */
async function stop(bg: Background): Promise<number | null> {
  const { child } = bg;
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    process.kill(-child.pid!, 'SIGINT');
  } catch {
    // Gone already.
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }, 10_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

function runForeground(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `set -eo pipefail; ${command}`], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`exit ${code ?? signal}: ${command}\n${out}`));
    });
  });
}

/** Runs one shell block in `dir` (created, with a `.curlrc`); `env` must put the consumer's bin first. */
export async function runShellBlock(code: string, dir: string, env: NodeJS.ProcessEnv): Promise<ShellRun> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, '.curlrc'), 'fail-with-body\nsilent\nshow-error\nmax-time = 60\n');
  const blockEnv = { ...env, HOME: dir, NO_COLOR: '1' };
  const ports = new Map<number, number>();
  const background: Background[] = [];
  const transcript: string[] = [];
  const rewrite = (line: string): string => {
    let out = line;
    for (const [from, to] of ports)
      out = out.replace(new RegExp(`(127\\.0\\.0\\.1|localhost):${from}\\b`, 'g'), `$1:${to}`);
    return out;
  };
  try {
    for (const raw of commandsOf(code)) {
      if (/(127\.0\.0\.1|localhost):9991\b/.test(raw) && !ports.has(DEFAULT_PORT)) {
        const bg = await start('npx svc-mock serve --port 0', dir, blockEnv);
        background.push(bg);
        ports.set(DEFAULT_PORT, bg.port);
        transcript.push(`$ npx svc-mock serve --port 0 &  # the block's server, listening on ${bg.port}`);
      }
      if (LONG_RUNNING.test(raw)) {
        const given = /--port (\d+)/.exec(raw);
        const docPort = given ? Number(given[1]) : DEFAULT_PORT;
        const command = rewrite(
          given
            ? raw.replace(/--port \d+/, '--port 0')
            : raw.replace(/svc-mock serve\b/, 'svc-mock serve --port 0'),
        );
        const bg = await start(command, dir, blockEnv);
        background.push(bg);
        ports.set(docPort, bg.port);
        transcript.push(`$ ${command} &  # listening on ${bg.port}`);
        continue;
      }
      const command = rewrite(raw);
      transcript.push(`$ ${command}`, await runForeground(command, dir, blockEnv));
    }
  } finally {
    // Stop in reverse order: a recording proxy writes its file when stopped, while its target still runs.
    for (const bg of background.reverse()) bg.exit = await stop(bg);
  }
  for (const bg of background.filter((b) => b.record)) {
    // npx, between the shell and the recorder, may die of the Ctrl-C itself (exit null): the recorder's own
    // verdict is its last line, "Wrote FILE: N steps" once the file was written and loaded back.
    if (bg.exit !== 0 && bg.exit !== null)
      throw new Error(`the recording ended with exit ${bg.exit}\n${bg.output()}`);
    if (!/Wrote \S+: [1-9]\d* steps/.test(bg.output()))
      throw new Error(`the recording wrote no scenario\n${bg.output()}`);
  }
  return { transcript, servers: background.length };
}
