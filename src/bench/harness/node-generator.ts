/**
 * The fallback load generator (when wrk is absent): a process of worker threads, each sending one request
 * over and over on its share of keep-alive connections of an undici Pool for a fixed time. It prints one JSON
 * line: requests, non-2xx answers, errors, seconds and the CPU seconds the whole process used meanwhile.
 * Run: node --import tsx src/bench/harness/node-generator.ts '<LoadSpec JSON>'
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** One request sent repeatedly for `seconds` over `connections` connections by `workers` threads. */
export interface LoadSpec {
  origin: string;
  method: string;
  path: string;
  /** Paths taken in turn, one per request, instead of `path`. */
  paths?: string[];
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  workers: number;
}

/** What one worker counted. */
interface Counts {
  requests: number;
  non2xx: number;
  errors: number;
}

// The worker's code, plain CommonJS (worker threads do not get tsx's loader): undici's Pool in a loop.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { Pool } = require(workerData.undici);
const { spec, connections } = workerData;
const pool = new Pool(spec.origin, { connections, pipelining: 1 });
const counts = { requests: 0, non2xx: 0, errors: 0 };
const paths = spec.paths && spec.paths.length ? spec.paths : [spec.path];
let next = 0;
const stop = performance.now() + spec.seconds * 1000;
async function loop() {
  while (performance.now() < stop) {
    try {
      const res = await pool.request({ method: spec.method, path: paths[next++ % paths.length], headers: spec.headers, body: spec.body });
      await res.body.dump();
      counts.requests++;
      if (res.statusCode < 200 || res.statusCode > 299) counts.non2xx++;
    } catch {
      counts.errors++;
    }
  }
}
Promise.all(Array.from({ length: connections }, loop))
  .then(() => pool.close())
  .then(() => parentPort.postMessage(counts));
`;

const spec = JSON.parse(process.argv[2]!) as LoadSpec;
const share = (i: number): number =>
  Math.floor(spec.connections / spec.workers) + (i < spec.connections % spec.workers ? 1 : 0);
const undici = createRequire(import.meta.url).resolve('undici');
const cpu = process.cpuUsage();
const started = performance.now();
const results = await Promise.all(
  Array.from(
    { length: spec.workers },
    (_, i) =>
      new Promise<Counts>((resolve, reject) => {
        const worker = new Worker(WORKER, {
          eval: true,
          workerData: { spec, connections: share(i), undici },
        });
        worker.once('message', (counts: Counts) => resolve(counts));
        worker.once('error', reject);
      }),
  ),
);
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
const total = results.reduce(
  (a, r) => ({
    requests: a.requests + r.requests,
    non2xx: a.non2xx + r.non2xx,
    errors: a.errors + r.errors,
  }),
  { requests: 0, non2xx: 0, errors: 0 },
);
console.log(JSON.stringify({ ...total, seconds, cpuSeconds: (used.user + used.system) / 1e6 }));
process.exit(0);
