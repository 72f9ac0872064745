/** Throughput rows: the mock's node server against a bare node:http server sending the same captured bytes. */
import { request } from 'node:http';
import { runLoad, type LoadResult, type RequestSpec } from './generator.js';
import { cpuSeconds, type BenchChild } from './processes.js';
import { makeCpuRow, spread, type Row, type Spread, type Target } from './stats.js';

/** CPU figures kept with a row: the generator's share of its core and the server's, per side. */
export interface CpuFigures {
  generator: { mock: Spread; baseline: Spread };
  server: { mock: Spread; baseline: Spread };
}

/** A row with the CPU figures that show which side was the limit. */
export type MeasuredRow = Row & { cpu?: CpuFigures };

/** Settings shared by the rows of one run. */
export interface RunSettings {
  useWrk: boolean;
  connections: number;
  duration: number;
  runs: number;
}

/** Headers node:http adds on its own; the bare server is given every other captured header. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Sends one request and captures status, raw headers (without node's own) and body bytes. */
export function capture(spec: RequestSpec): Promise<{ status: number; headers: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(spec.path, spec.origin),
      { method: spec.method, headers: spec.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            if (!OWN_HEADERS.has(res.rawHeaders[i]!.toLowerCase()))
              headers.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          }
          resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    req.on('error', reject);
    req.end(spec.body);
  });
}

/** Captures the mock's answer to `spec` and has the bare server answer the same request with those bytes. */
export async function mirror(
  mockOrigin: string,
  bare: BenchChild,
  spec: Omit<RequestSpec, 'origin'>,
): Promise<number> {
  const answer = await capture({ ...spec, origin: mockOrigin });
  if (answer.status !== 200) throw new Error(`${spec.method} ${spec.path}: ${answer.status} ${answer.body}`);
  await bare.ask({
    cmd: 'answer',
    key: `${spec.method} ${spec.path}`,
    status: answer.status,
    headers: answer.headers,
    body: answer.body.toString('base64'),
  });
  return answer.body.length;
}

/**
 * `mirror` for each of `spec.paths` (or `spec.path`): the bare server can then answer every path of a rotation
 * with the mock's bytes for it. Gives the answers' sizes in bytes.
 */
export async function mirrorPaths(
  mockOrigin: string,
  bare: BenchChild,
  spec: Omit<RequestSpec, 'origin'>,
): Promise<number[]> {
  const sizes: number[] = [];
  for (const path of spec.paths?.length ? spec.paths : [spec.path])
    sizes.push(await mirror(mockOrigin, bare, { ...spec, path, paths: undefined }));
  return sizes;
}

/** One load run's figures, with the server's share of its core and its CPU µs per completed request. */
export type Measured = LoadResult & { serverCpu: number; serverMicros: number };

export async function measure(
  settings: RunSettings,
  server: BenchChild,
  spec: RequestSpec,
): Promise<Measured> {
  const before = cpuSeconds(server.pid);
  const started = performance.now();
  const result = await runLoad(settings.useWrk, spec, settings.connections, settings.duration);
  const wall = (performance.now() - started) / 1000;
  // utime + stime of every thread of the server (its own work, the kernel's socket work on its behalf, GC
  // threads) over the requests the generator completed: steadier than req/s when other processes share core 0.
  const used = cpuSeconds(server.pid) - before;
  return { ...result, serverCpu: used / wall, serverMicros: (used * 1e6) / Math.max(1, result.requests) };
}

/**
 * Measures one throughput row: a short warm-up of each side, then `runs` alternating runs of mock and bare; the
 * row is judged by bare / mock CPU per request.
 */
export async function throughputRow(
  settings: RunSettings,
  row: { key: string; name: string; target?: Target; notes?: string[] },
  mock: { child: BenchChild; origin: string },
  bare: { child: BenchChild; origin: string },
  spec: Omit<RequestSpec, 'origin'>,
): Promise<MeasuredRow> {
  const warm = { ...settings, duration: 1 };
  await measure(warm, mock.child, { ...spec, origin: mock.origin });
  await measure(warm, bare.child, { ...spec, origin: bare.origin });
  const m: Measured[] = [];
  const b: Measured[] = [];
  for (let i = 0; i < settings.runs; i++) {
    m.push(await measure(settings, mock.child, { ...spec, origin: mock.origin }));
    b.push(await measure(settings, bare.child, { ...spec, origin: bare.origin }));
  }
  const failures = [...m, ...b].reduce((a, r) => a + r.failures, 0);
  const notes = [...(row.notes ?? [])];
  if (failures) notes.push(`${failures} failed requests (non-2xx or socket errors)`);
  return {
    ...makeCpuRow(
      { ...row, notes },
      { mock: m.map((r) => r.perSecond), baseline: b.map((r) => r.perSecond) },
      { mock: m.map((r) => r.serverMicros), baseline: b.map((r) => r.serverMicros) },
    ),
    cpu: {
      generator: {
        mock: spread(m.map((r) => r.generatorCpu)),
        baseline: spread(b.map((r) => r.generatorCpu)),
      },
      server: { mock: spread(m.map((r) => r.serverCpu)), baseline: spread(b.map((r) => r.serverCpu)) },
    },
  };
}
