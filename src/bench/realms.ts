/**
 * Many realms in one server (docs/many-realms.md): 200 dev realms made in one server (creation time, resident
 * memory each adds after forced collections), then GET /users/me spread over the 200 realms (wrk cycling
 * through each realm's Host and key) against the same request on a one-realm server, by throughput and by the
 * server's CPU time per request. Servers run the built code (`npm run build` first) pinned to core 0, wrk to
 * core 1.
 *
 *   npm run build && npx tsx src/bench/realms.ts [--realms 200] [--duration 5] [--runs 3] [--connections 32]
 *     [--detail] [--log-size N (each realm's request log; default 1,000)]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { request } from 'undici';
import { GENERATOR_CORE, hasWrk } from './harness/generator.js';
import { cpuSeconds, pinned, startChild, type BenchChild } from './harness/processes.js';
import { spread } from './harness/stats.js';
import type { RealmsHello } from './realms-server.js';

const run = promisify(execFile);

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
}

const REALMS = option('realms', 200);
const DURATION = option('duration', 5);
const RUNS = option('runs', 3);
const CONNECTIONS = option('connections', 32);
const SERVER = new URL('./realms-server.ts', import.meta.url);

const lua = (value: string): string => JSON.stringify(value);

/** One wrk run sending GET /users/me to each target in turn; requests, per second and server CPU per request. */
async function load(
  server: { url: string; pid: number },
  targets: ReadonlyArray<{ host: string; auth: string }>,
): Promise<{ perSecond: number; cpuMicros: number; failures: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-realms-bench-'));
  try {
    const script = join(dir, 'realms.lua');
    const rows = targets.map((t) => `{${lua(t.host)}, ${lua(t.auth)}}`).join(',\n');
    writeFileSync(
      script,
      `local targets = {\n${rows}\n}
local requests = {}
local n = 0
init = function(args)
  for i, t in ipairs(targets) do
    requests[i] = wrk.format("GET", "/api/v1/users/me", { ["Host"] = t[1], ["Authorization"] = t[2] })
  end
end
request = function()
  n = n % #requests + 1
  return requests[n]
end
`,
    );
    const [command, argv] = pinned(GENERATOR_CORE, [
      'wrk',
      '-t1',
      `-c${CONNECTIONS}`,
      `-d${DURATION}s`,
      '-s',
      script,
      server.url,
    ]);
    const cpuBefore = cpuSeconds(server.pid);
    const { stdout } = await run(command, argv, { maxBuffer: 1 << 20 });
    const cpu = cpuSeconds(server.pid) - cpuBefore;
    const number = (re: RegExp): number => Number(re.exec(stdout)?.[1] ?? 0);
    const requests = number(/(\d+) requests in/);
    return {
      perSecond: number(/Requests\/sec:\s+([\d.]+)/),
      cpuMicros: (cpu / requests) * 1e6,
      failures: number(/Non-2xx or 3xx responses: (\d+)/),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Median latency of making realms over POST /svc-mock/realms (HTTP, the accounts answer included). */
async function createOverHttp(server: RealmsHello, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 1; i <= count; i++) {
    const started = performance.now();
    const answer = await request(`${server.url}/svc-mock/realms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subdomain: `http-${i}` }),
    });
    await answer.body.text();
    if (answer.statusCode !== 200) throw new Error(`POST /svc-mock/realms: ${answer.statusCode}`);
    times.push(performance.now() - started);
    // Not part of the throughput run: removed again.
    await (await request(`${server.url}/svc-mock/realms/http-${i}`, { method: 'DELETE' })).body.text();
  }
  return spread(times).median;
}

const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(2)} MB`;
const f = (n: number, digits = 1): string => n.toFixed(digits);

async function main(): Promise<void> {
  if (!hasWrk()) throw new Error('this benchmark needs wrk on the PATH');
  const children: BenchChild[] = [];
  try {
    const logSize = process.argv.includes('--log-size') ? [String(option('log-size', 1000))] : [];
    const many = await startChild<RealmsHello>(0, SERVER, [String(REALMS), ...logSize], ['--expose-gc']);
    children.push(many.child);
    const one = await startChild<RealmsHello>(0, SERVER, ['0', ...logSize], ['--expose-gc']);
    children.push(one.child);
    const m = many.hello;
    const creation = spread(m.creationMs);
    const addedRss = (m.after.rss - m.before.rss) / REALMS;
    const addedHeap = (m.after.heap - m.before.heap) / REALMS;
    console.log(
      `Many realms: ${REALMS} dev realms in one server (built code, server on core 0, wrk on core 1)`,
    );
    console.log(
      `creation in process: median ${f(creation.median, 2)} ms (min ${f(creation.min, 2)}, max ${f(creation.max, 1)}); target <= 5 ms`,
    );
    console.log(
      `creation over POST /svc-mock/realms: median ${f(await createOverHttp(m, 20), 2)} ms (20 realms)`,
    );
    console.log(
      `memory per realm after forced gc: RSS ${mb(addedRss)}, heap ${mb(addedHeap)} (RSS ${mb(m.before.rss)} -> ${mb(m.after.rss)}); target <= 2 MB`,
    );

    const spreadTargets = m.targets.slice(1);
    const oneTarget = one.hello.targets.slice(0, 1);
    const base: Array<Awaited<ReturnType<typeof load>>> = [];
    const spreadRuns: Array<Awaited<ReturnType<typeof load>>> = [];
    // Warm both servers (JIT, each realm's cached answers), then alternate so load on the machine hits both.
    await load(one.hello, oneTarget);
    await load(m, spreadTargets);
    for (let i = 0; i < RUNS; i++) {
      base.push(await load(one.hello, oneTarget));
      spreadRuns.push(await load(m, spreadTargets));
    }
    const rate = (runs: typeof base) => spread(runs.map((r) => r.perSecond));
    const cpu = (runs: typeof base) => spread(runs.map((r) => r.cpuMicros));
    const failures = [...base, ...spreadRuns].reduce((n, r) => n + r.failures, 0);
    const [b, s, bc, sc] = [rate(base), rate(spreadRuns), cpu(base), cpu(spreadRuns)];
    console.log(
      `GET /users/me, one realm: ${f(b.median, 0)} req/s (${f(b.min, 0)}-${f(b.max, 0)}), server CPU ${f(bc.median)} µs/request`,
    );
    console.log(
      `GET /users/me over ${REALMS} realms: ${f(s.median, 0)} req/s (${f(s.min, 0)}-${f(s.max, 0)}), server CPU ${f(sc.median)} µs/request`,
    );
    console.log(
      `ratio (spread / one realm): throughput ${f(s.median / b.median, 2)}x, by CPU per request ${f(bc.median / sc.median, 2)}x; target >= 0.9x; ${failures} non-2xx answers`,
    );
    if (process.argv.includes('--detail')) {
      // Where a difference comes from: the host dispatch alone (every request to one realm of the 200), and
      // the default realm of the 200-realm server.
      for (const [name, targets] of [
        ['one realm (r1) of the 200-realm server', m.targets.slice(1, 2)],
        ['the default realm of the 200-realm server', m.targets.slice(0, 1)],
      ] as const) {
        const runs: typeof base = [];
        for (let i = 0; i < RUNS; i++) runs.push(await load(m, targets));
        console.log(
          `GET /users/me, ${name}: ${f(rate(runs).median, 0)} req/s, server CPU ${f(cpu(runs).median)} µs/request`,
        );
      }
    }
    const warm = await many.child.ask<{ rss: number; heap: number }>({ cmd: 'memory' });
    console.log(
      `memory per realm after serving (each realm answered): RSS ${mb((warm.rss - m.before.rss) / REALMS)}, heap ${mb((warm.heap - m.before.heap) / REALMS)}`,
    );
  } finally {
    for (const child of children) await child.stop();
  }
}

await main();
