/**
 * A `svc-mock serve --realm FILE` process of the built CLI (bin/svc-mock.js), pinned to a core if asked, for the
 * million-message bench: started, timed to its first answer of GET /api/v1/users/me, its RSS read from /proc,
 * its CPU time read from /proc/PID/stat, and requests sent to it from this process over keep-alive connections.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, pinned } from './processes.js';

const BIN = fileURLToPath(new URL('../../../bin/svc-mock.js', import.meta.url));

/** Basic credentials of an account. */
export interface Credentials {
  email: string;
  apiKey: string;
}

/** A running server. */
export interface ServedRealm {
  pid: number;
  port: number;
  /** Milliseconds from spawn to the first 200 of GET /api/v1/users/me (or of the control API's accounts). */
  firstAnswerMs: number;
  /** CPU seconds the server had used by then (all threads): the start-up's cost whatever the machine's load. */
  firstAnswerCpu: number;
  /** VmRSS and VmHWM in bytes when it first answered. */
  rss: number;
  peakRss: number;
  /** What it printed on standard error (e.g. that it did not take the prepared form). */
  stderr: () => string;
  /** GET `path` as `who`: status and body. */
  get(path: string, who?: Credentials): Promise<{ status: number; body: string }>;
  /** CPU seconds of the server process so far (utime + stime of all its threads). */
  cpu(): number;
  stop(): Promise<void>;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** VmRSS and VmHWM of a live process, in bytes. */
function memoryOf(pid: number): { rss: number; peakRss: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string): number =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1]) * 1024;
  return { rss: kb('VmRSS'), peakRss: kb('VmHWM') };
}

function get(
  port: number,
  path: string,
  who?: Credentials,
  poll = false,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = who
      ? { authorization: `Basic ${Buffer.from(`${who.email}:${who.apiKey}`).toString('base64')}` }
      : {};
    // A poll goes on a connection of its own, given up after a while: one made while the server was loading
    // must not hold the next polls back.
    const options = { host: '127.0.0.1', port, path, headers, agent: poll ? false : agent };
    const req = request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    if (poll) req.setTimeout(2000, () => req.destroy(new Error('poll timed out')));
    req.end();
  });
}

/** A free port (the server is told which one, so polling can start at once). */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `svc-mock serve --realm file` and waits for its first answer: GET /api/v1/users/me as `who`, or without
 * credentials the control API's account list (then the caller learns an account from it).
 */
export async function serveRealm(
  file: string,
  who?: Credentials,
  options: { core?: number; timeoutMs?: number } = {},
): Promise<ServedRealm> {
  const { core, timeoutMs = 900_000 } = options;
  const port = await freePort();
  const argv = [process.execPath, BIN, 'serve', '--realm', file, '--port', String(port)];
  const [command, args] = core === undefined ? [argv[0]!, argv.slice(1)] : pinned(core, argv);
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const path = who ? '/api/v1/users/me' : '/svc-mock/accounts';
  for (;;) {
    const answer = await get(port, path, who, true).catch(() => undefined);
    if (answer?.status === 200) break;
    if (answer && answer.status >= 400 && answer.status < 500)
      throw new Error(`GET ${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    if (child.exitCode !== null)
      throw new Error(`serve --realm ${file} exited with ${child.exitCode}: ${stderr}`);
    if (performance.now() - started > timeoutMs) throw new Error(`no answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const firstAnswerMs = performance.now() - started;
  const pid = child.pid!;
  const firstAnswerCpu = cpuSeconds(pid);
  return {
    pid,
    port,
    firstAnswerMs,
    firstAnswerCpu,
    ...memoryOf(pid),
    stderr: () => stderr,
    get: (p, w) => get(port, p, w),
    cpu: () => cpuSeconds(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A human member's credentials, read from the server's control API. */
export async function memberOf(served: ServedRealm): Promise<Credentials> {
  const { body } = await served.get('/svc-mock/accounts');
  const { accounts } = JSON.parse(body) as {
    accounts: Array<{ email: string; api_key: string; is_bot: boolean; role: string }>;
  };
  const member = accounts.find((a) => !a.is_bot && a.role === 'member') ?? accounts.find((a) => !a.is_bot)!;
  // Basic auth takes the delivery e-mail (api_email is the address other users see).
  return { email: member.email, apiKey: member.api_key };
}

/** Sends `count` GET requests, `inFlight` at a time, each answered 200 (throws otherwise). */
export async function load(served: ServedRealm, path: string, who: Credentials, count: number, inFlight = 4) {
  let sent = 0;
  const worker = async (): Promise<void> => {
    while (sent < count) {
      sent++;
      const { status, body } = await served.get(path, who);
      if (status !== 200) throw new Error(`GET ${path}: ${status} ${body.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}
