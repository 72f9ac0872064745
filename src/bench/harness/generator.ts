/**
 * The load generator, pinned to core 1: wrk from the system when present (one thread), else the worker-thread
 * undici generator of node-generator.ts. Both report the CPU the generator used, so a run shows whether the
 * generator, not the server, was the limit.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LoadSpec } from './node-generator.js';
import { CLOCK_TICKS, hasTaskset, pinned } from './processes.js';
import { coreShare, parseProcStat } from './stats.js';

const run = promisify(execFile);

/** One request to send repeatedly. */
export interface RequestSpec {
  origin: string;
  method: 'GET' | 'POST';
  path: string;
  /** When given, each request takes the next of these paths in turn (from the first) instead of `path`. */
  paths?: string[];
  headers: Record<string, string>;
  body?: string;
}

/** Result of one load run. */
export interface LoadResult {
  perSecond: number;
  requests: number;
  /** Non-2xx answers and socket errors. */
  failures: number;
  /** Share of its core the generator used (1 = one full core). */
  generatorCpu: number;
}

/** Core the generator runs on (the servers run on core 0). */
export const GENERATOR_CORE = 1;

/** Whether wrk is on the PATH. */
export function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['-v'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk -v exits with status 1 after printing its version.
    return (error as { status?: number }).status === 1;
  }
}

/** The generator's name as printed with the results. */
export function generatorName(useWrk: boolean): string {
  const where = hasTaskset ? `pinned to core ${GENERATOR_CORE}` : 'unpinned (no taskset)';
  return useWrk
    ? `wrk (system, 1 thread, ${where})`
    : `undici Pool in 1 worker thread (node-generator.ts, ${where})`;
}

const lua = (value: string): string => {
  if (!/^[\x20-\x7e]*$/.test(value)) throw new Error('wrk script strings must be printable ASCII');
  return JSON.stringify(value);
};

/**
 * The wrk Lua script sending `spec`: method, path, headers and body; with `paths`, the requests for each path
 * are formatted once in `init` and `request` hands them out in turn (wrk's one thread, across its connections).
 */
export function wrkScript(spec: Omit<RequestSpec, 'origin'>): string {
  const lines = [`wrk.method = ${lua(spec.method)}`, `wrk.path = ${lua(spec.path)}`];
  if (spec.body !== undefined) lines.push(`wrk.body = ${lua(spec.body)}`);
  for (const [name, value] of Object.entries(spec.headers))
    lines.push(`wrk.headers[${lua(name)}] = ${lua(value)}`);
  if (spec.paths?.length) {
    lines.push(
      `local paths = {${spec.paths.map(lua).join(', ')}}`,
      'local requests = {}',
      'local turn = 0',
      'init = function(args)',
      '  for i, path in ipairs(paths) do requests[i] = wrk.format(nil, path) end',
      'end',
      'request = function()',
      '  turn = turn % #requests + 1',
      '  return requests[turn]',
      'end',
    );
  }
  return lines.join('\n') + '\n';
}

async function wrkLoad(spec: RequestSpec, connections: number, seconds: number): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  try {
    const script = join(dir, 'request.lua');
    writeFileSync(script, wrkScript(spec));
    const [command, argv] = pinned(GENERATOR_CORE, [
      'wrk',
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '-s',
      script,
      spec.origin,
    ]);
    // The shell's own stat line, read after wrk exited, holds wrk's CPU time (children's utime + stime).
    const shell = `${[command, ...argv].map((a) => `'${a}'`).join(' ')}; echo; cat /proc/$$/stat 2>/dev/null`;
    const { stdout } = await run('sh', ['-c', shell], { maxBuffer: 1 << 20 });
    const number = (re: RegExp): number => Number(re.exec(stdout)?.[1] ?? 0);
    const requests = number(/(\d+) requests in/);
    const elapsed = number(/requests in ([\d.]+)s/);
    const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
    const failures =
      number(/Non-2xx or 3xx responses: (\d+)/) +
      (socketErrors ? socketErrors.slice(1).reduce((a, n) => a + Number(n), 0) : 0);
    // Without /proc (not Linux) the CPU share is unknown.
    const statLine = stdout.trim().split('\n').pop()!;
    const cpu = /^\d+ \(/.test(statLine) ? parseProcStat(statLine).children / CLOCK_TICKS : Number.NaN;
    return {
      perSecond: number(/Requests\/sec:\s+([\d.]+)/),
      requests,
      failures,
      generatorCpu: coreShare(cpu, elapsed || seconds),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function nodeLoad(spec: RequestSpec, connections: number, seconds: number): Promise<LoadResult> {
  const load: LoadSpec = { ...spec, connections, seconds, workers: 1 };
  const script = new URL('./node-generator.ts', import.meta.url).pathname;
  const [command, argv] = pinned(GENERATOR_CORE, [
    process.execPath,
    '--import',
    'tsx',
    script,
    JSON.stringify(load),
  ]);
  const { stdout } = await run(command, argv, { maxBuffer: 1 << 20 });
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as {
    requests: number;
    non2xx: number;
    errors: number;
    seconds: number;
    cpuSeconds: number;
  };
  return {
    perSecond: result.requests / seconds,
    requests: result.requests,
    failures: result.non2xx + result.errors,
    generatorCpu: coreShare(result.cpuSeconds, result.seconds),
  };
}

/** Sends `spec` repeatedly for `seconds` over `connections` connections with wrk or the Node generator. */
export function runLoad(
  useWrk: boolean,
  spec: RequestSpec,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  return useWrk ? wrkLoad(spec, connections, seconds) : nodeLoad(spec, connections, seconds);
}
