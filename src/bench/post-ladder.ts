/**
 * Where the CPU of a POST /messages goes over HTTP: the harness's row measured on four servers in turn, each a
 * step up from the last: the bare baseline (node:http parsing the form), the node adapter alone (`--canned`:
 * reads and parses the body, answers a fixed success body), createApp behind the adapter (`--app`), and
 * createMock as `svc-mock serve` runs it. Servers on core 0, the generator on core 1, rounds alternating;
 * prints each server's CPU µs per request (median, min–max) and bare / server.
 * `--only` names the servers besides bare: `canned`, `app`, `mock`, and `default-gc` (createMock with V8's own
 * garbage-collector settings rather than serve's).
 * Run: npx tsx src/bench/post-ladder.ts [--rounds 5] [--duration 3] [--connections 32] [--only canned,mock]
 */
import { parseArgs } from 'node:util';
import { hasWrk } from './harness/generator.js';
import type { MockHello } from './harness/mock-process.js';
import { startChild, type BenchChild } from './harness/processes.js';
import { mirror, measure, type Measured } from './harness/throughput.js';
import { spread } from './harness/stats.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    duration: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string', default: 'canned,app,mock' },
  },
});
const settings = {
  useWrk: hasWrk(),
  connections: Number(values.connections),
  duration: Number(values.duration),
  runs: 1,
};
const mockUrl = new URL('./harness/mock-process.ts', import.meta.url);
const variants: Array<{ name: string; child: BenchChild; origin: string }> = [];
const bare = await startChild<{ url: string }>(0, new URL('./harness/bare-process.ts', import.meta.url));
variants.push({ name: 'bare', child: bare.child, origin: bare.hello.url });
let hello: MockHello | undefined;
for (const name of values.only.split(',')) {
  // `mock` is the server as serve runs it; any other name is the child's flag (`app`, `canned`, `default-gc`).
  const flags = name === 'mock' ? [] : [`--${name}`];
  const started = await startChild<MockHello>(0, mockUrl, flags);
  hello ??= started.hello;
  variants.push({ name, child: started.child, origin: started.hello.url });
}
const spec = {
  method: 'POST' as const,
  path: '/api/v1/messages',
  headers: { authorization: hello!.auth, 'content-type': 'application/x-www-form-urlencoded' },
  body: hello!.form,
};
// The bare server answers with the bytes of the first full server's answer.
const model = variants.find((v) => v.name === 'mock' || v.name === 'app') ?? variants[1]!;
await mirror(model.origin, bare.child, spec);

try {
  const runs = new Map<string, Measured[]>(variants.map((v) => [v.name, []]));
  for (const v of variants)
    await measure({ ...settings, duration: 1 }, v.child, { ...spec, origin: v.origin });
  for (let round = 0; round < Number(values.rounds); round++)
    for (const v of variants)
      runs.get(v.name)!.push(await measure(settings, v.child, { ...spec, origin: v.origin }));
  const bareMicros = spread(runs.get('bare')!.map((r) => r.serverMicros));
  for (const v of variants) {
    const micros = spread(runs.get(v.name)!.map((r) => r.serverMicros));
    const ratio = bareMicros.median / micros.median;
    console.log(
      `${v.name.padEnd(7)} ${micros.median.toFixed(1)} µs/request (${micros.min.toFixed(1)}–${micros.max.toFixed(1)}), ` +
        `bare / it ${ratio.toFixed(2)}×, server ${Math.round(spread(runs.get(v.name)!.map((r) => r.serverCpu)).median * 100)}% of its core`,
    );
  }
} finally {
  await Promise.all(variants.map((v) => v.child.stop()));
}
