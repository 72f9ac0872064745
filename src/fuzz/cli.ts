/**
 * `npm run fuzz -- [--runs N] [--seed S] [--route 'POST /messages'] [--path P] [--transport http]`:
 * the fuzz property of the test suite, longer. `--runs` counts cases in all (spread over the routes).
 */
import { parseArgs } from 'node:util';
import { routes } from '../api/routes/index.js';
import { httpTarget } from './http-target.js';
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
