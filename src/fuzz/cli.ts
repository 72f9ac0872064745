/**
 * `npm run fuzz -- [--runs N] [--seed S] [--route 'POST /messages'] [--path P] [--transport http]`:
 * the fuzz property of the test suite, longer. `--runs` counts cases in all (spread over the routes). A run
 * without `--route` first checks that rendering grows linearly with the text (src/fuzz/render-growth.ts).
 */
import { parseArgs } from 'node:util';
import { routes } from '../api/routes/index.js';
import { httpTarget } from './http-target.js';
import { MAX_GROWTH, measureRenderGrowth } from './render-growth.js';
import { findRoute, fuzzRoutes, inProcessTarget } from './run.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    route: { type: 'string', multiple: true },
    path: { type: 'string' },
    'snapshot-every': { type: 'string', default: '25' },
    'timeout-ms': { type: 'string', default: '10000' },
    transport: { type: 'string', default: 'in-process' },
  },
});

const only = values.route;
for (const key of only ?? []) {
  if (!findRoute(key)) {
    console.error(`No route ${JSON.stringify(key)}; routes are written as e.g. 'POST /messages'.`);
    process.exit(2);
  }
}
if (!only) {
  console.log(
    `render time, 10 KB -> 100 KB of each adversarial text (CPU ms, best of 5; at most ${MAX_GROWTH}x):`,
  );
  const growth = measureRenderGrowth();
  for (const g of growth)
    console.log(
      `  ${g.name.padEnd(26)} ${g.smallMs.toFixed(1).padStart(8)} ${g.largeMs.toFixed(1).padStart(9)}  ${g.ratio.toFixed(1)}x`,
    );
  const superLinear = growth.filter((g) => g.ratio > MAX_GROWTH);
  if (superLinear.length) {
    console.error(
      `fuzz FAILED: rendering grows faster than linearly for ${superLinear.map((g) => g.name).join(', ')}`,
    );
    process.exit(1);
  }
}
const count = only?.length ?? routes.length;
const total = Number(values.runs);
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const perRoute = Math.max(1, Math.ceil(total / count));
console.log(`fuzz: seed ${seed}, ${perRoute} cases on each of ${count} routes`);
if (values.transport !== 'in-process' && values.transport !== 'http') {
  console.error('--transport is in-process or http');
  process.exit(2);
}
const http = values.transport === 'http' ? await httpTarget(inProcessTarget()) : undefined;
const target = http ?? inProcessTarget();
const started = performance.now();
let done = 0;
try {
  await fuzzRoutes(target, {
    runs: perRoute,
    seed,
    ...(values.path ? { path: values.path } : {}),
    snapshotEvery: Number(values['snapshot-every']),
    timeoutMs: Number(values['timeout-ms']),
    ...(only ? { only } : {}),
    onRoute: (key) => {
      done++;
      process.stdout.write(`  [${done}/${count}] ${key}\n`);
    },
  });
  console.log(
    `fuzz: no failure in ${perRoute * count} cases (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
} catch (error) {
  console.error(
    `\nfuzz FAILED (seed ${seed}; replay with --seed ${seed} --route '<route>' --path '<path>'):`,
  );
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
} finally {
  await http?.close();
}
