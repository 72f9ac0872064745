/**
 * Profiles one request of the server-bound harness: the bench's mock server (built code, pinned to core 0) runs
 * under `node --cpu-prof` while wrk (or the Node generator) sends the request for a few seconds from core 1; it
 * prints the server's CPU µs per request (profiler included) and the functions with the most self time.
 * `--before` first loads other paths for a while each, in the same process (the order effects of a full run).
 * Run: npx tsx src/bench/profile.ts [--path 'messages?anchor=newest&num_before=100&num_after=0&narrow=...']
 *      [--post] [--queues 10] [--before users/me,server_settings] [--seconds 5] [--top 40] [--inclusive]
 *      [--bare] (profile the bare baseline answering the mock's captured answer instead)
 *      [--node '--trace-gc'] (more node options for the profiled process)
 *      [--rotate 300] (the path's anchor=newest replaced by that many anchors in turn, as the "page assembled"
 *      rows of the harness: every request misses the page cache)
 *      [--app] (the mock child serves createApp instead of the createMock that `svc-mock serve` runs)
 *      [--default-gc] (the mock child keeps V8's garbage-collector settings rather than serve's)
 *      [--gc] (also the mock's garbage collections during the measured run, per request: young collections,
 *      full collections' pauses, their incremental marking on the main thread and their helper tasks, from V8's
 *      --trace-gc-nvp)
 */
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { hasWrk, runLoad, type RequestSpec } from './harness/generator.js';
import type { BenchQueue, MockHello } from './harness/mock-process.js';
import { cpuSeconds, startChild } from './harness/processes.js';
import { capture, mirror } from './harness/throughput.js';
import { rotatingAnchors } from './harness/anchors.js';
import { gcTotals } from './harness/gc-trace.js';

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: 'users/me' },
    post: { type: 'boolean', default: false },
    queues: { type: 'string', default: '0' },
    before: { type: 'string', default: '' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    top: { type: 'string', default: '40' },
    inclusive: { type: 'boolean', default: false },
    bare: { type: 'boolean', default: false },
    node: { type: 'string', default: '' },
    rotate: { type: 'string', default: '0' },
    app: { type: 'boolean', default: false },
    'default-gc': { type: 'boolean', default: false },
    gc: { type: 'boolean', default: false },
  },
});

/** The parts of a .cpuprofile read here. */
interface Profile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount?: number;
    children?: number[];
  }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Monotonic microseconds, the clock of V8's profile timestamps on Linux. */
const now = (): number => Number(process.hrtime.bigint() / 1000n);
let window = { from: 0, to: Infinity };
// The measured run on the mock's clock (ms since it started, as V8's trace lines count), and its requests.
const gcWindow = { from: 0, to: Infinity };
let measured = 0;

if (values.gc && values.bare) throw new Error('--gc reads the mock child; it does not go with --bare');
const dir = mkdtempSync(join(tmpdir(), 'svc-profile-'));
const profiling = ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...values.node.split(' ').filter(Boolean)];
// With --gc the mock's standard output (where V8 writes its trace) goes to a file read after the run.
const gcFile = join(dir, 'gc-trace.txt');
const gcTrace = values.gc ? openSync(gcFile, 'w') : undefined;
const { child: mock, hello } = await startChild<MockHello>(
  0,
  new URL('./harness/mock-process.ts', import.meta.url),
  [...(values.app ? ['--app'] : []), ...(values['default-gc'] ? ['--default-gc'] : [])],
  values.bare ? [] : values.gc ? [...profiling, '--trace-gc-nvp'] : profiling,
  gcTrace,
);
const bare = values.bare
  ? await startChild<{ url: string }>(0, new URL('./harness/bare-process.ts', import.meta.url), [], profiling)
  : undefined;
const child = bare?.child ?? mock;
const origin = bare?.hello.url ?? hello.url;
const useWrk = hasWrk();
const connections = Number(values.connections);
const rotation = await anchorPaths(Number(values.rotate));
const spec = (path: string): RequestSpec => {
  const post = values.post && path === values.path;
  return {
    origin,
    method: post ? 'POST' : 'GET',
    path: `/api/v1/${path}`,
    ...(rotation && path === values.path ? { paths: rotation } : {}),
    headers: {
      authorization: hello.auth,
      ...(post ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: post ? hello.form : undefined,
  };
};
/** The measured path with `count` anchors in turn (undefined when not asked for). */
async function anchorPaths(count: number): Promise<string[] | undefined> {
  if (!count) return undefined;
  const older = values.path.replace(/num_before=\d+/, 'num_before=1000');
  const history = await capture({
    origin: hello.url,
    method: 'GET',
    path: `/api/v1/${older}`,
    headers: { authorization: hello.auth },
  });
  const ids = (JSON.parse(history.body.toString()) as { messages: { id: number }[] }).messages.map(
    (m) => m.id,
  );
  const before = Number(/num_before=(\d+)/.exec(values.path)?.[1] ?? 100);
  return rotatingAnchors(ids, count, before).map(
    (a) => `/api/v1/${values.path.replace('anchor=newest', `anchor=${a}`)}`,
  );
}
try {
  if (bare) {
    const { origin: _, ...request } = spec(values.path);
    await mirror(hello.url, bare.child, request);
  }
  for (const path of values.before.split(',').filter(Boolean))
    await runLoad(useWrk, spec(path), connections, 3);
  const queues = Number(values.queues);
  const ids = queues ? (await mock.ask<BenchQueue[]>({ cmd: 'queues', count: queues })).map((q) => q.id) : [];
  const acks = ids.length ? setInterval(() => void mock.ask({ cmd: 'prune', ids }), 1000) : undefined;
  await runLoad(useWrk, spec(values.path), connections, 1);
  const before = cpuSeconds(child.pid);
  window = { from: now(), to: 0 };
  if (gcTrace !== undefined) gcWindow.from = await mock.ask<number>({ cmd: 'now' });
  const result = await runLoad(useWrk, spec(values.path), connections, Number(values.seconds));
  const used = cpuSeconds(child.pid) - before;
  window.to = now();
  if (gcTrace !== undefined) gcWindow.to = await mock.ask<number>({ cmd: 'now' });
  measured = result.requests;
  clearInterval(acks);
  console.log(
    `${spec(values.path).method} ${values.path}: ${Math.round(result.perSecond)} req/s, ` +
      `${((used * 1e6) / result.requests).toFixed(1)} CPU µs/request under the profiler, ${result.failures} failures`,
  );
} finally {
  await mock.stop();
  await bare?.child.stop();
  if (gcTrace !== undefined) closeSync(gcTrace);
}
if (gcTrace !== undefined) {
  const gc = gcTotals(readFileSync(gcFile, 'utf8'), gcWindow);
  const per = (ms: number): string => ((ms * 1000) / measured).toFixed(2);
  console.log(
    `garbage collection in the measured run, µs per request: ${gc.young} young collections ${per(gc.youngMs)}; ` +
      `${gc.full} full collections: pauses ${per(gc.pauseMs)}, incremental marking ${per(gc.incrementalMs)}, ` +
      `helper tasks ${per(gc.helperMs)}`,
  );
}

const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
rmSync(dir, { recursive: true, force: true });
// Only the samples of the measured run (start-up, warm-up and --before runs left out).
const self = new Map<number, number>();
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (at < window.from || at > window.to) continue;
  self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + delta);
}
if (self.size === 0) throw new Error('no samples in the measured window (profile clock not monotonic?)');
const keyOf = (node: Profile['nodes'][number]): string => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*\/(dist|node_modules)\//, '$1/').replace(/^node:/, '');
  return `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
};
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const byFunction = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const time = self.get(node.id) ?? 0;
  total += time;
  if (!values.inclusive) {
    byFunction.set(keyOf(node), (byFunction.get(keyOf(node)) ?? 0) + time);
    continue;
  }
  // Inclusive: the time counts once for every distinct function on the sample's stack.
  const seen = new Set<string>();
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    const key = keyOf(nodes.get(id)!);
    if (seen.has(key)) continue;
    seen.add(key);
    byFunction.set(key, (byFunction.get(key) ?? 0) + time);
  }
}
const idle = [...byFunction].filter(([k]) => k.startsWith('(idle)')).reduce((a, [, t]) => a + t, 0);
console.log(
  `${values.inclusive ? 'inclusive' : 'self'} time, ${(total / 1000).toFixed(0)} ms sampled, ${(idle / 1000).toFixed(0)} ms idle:`,
);
for (const [key, time] of [...byFunction]
  .filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(root)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(values.top)))
  console.log(`${((100 * time) / (total - idle)).toFixed(1).padStart(5)}%  ${key}`);
