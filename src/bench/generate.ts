/**
 * Benchmark: generating and loading a large realm (issue figures: generate 100k messages ≤ 5 s, load ≤ 2 s,
 * ≤ 400 MB RSS). Prints generation, serialisation, parse, load (PreparedRealm.from: validation, Markdown
 * rendering, indexes and personal rows), store creation from the prepared realm, JSON size and RSS.
 * Run: npm run bench:generate [-- --users 1000 --channels 200 --messages 100000 --seed 42]
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { createApp } from '../api/app.js';
import { generateRealm } from '../fixtures/generate/index.js';
import { PreparedRealm } from '../store/load-realm.js';
import { createManualClock } from '../store/clock.js';
import { createRandom } from '../store/random.js';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000' },
    channels: { type: 'string', default: '200' },
    messages: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '42' },
  },
});
const options = {
  users: Number(values.users),
  channels: Number(values.channels),
  messages: Number(values.messages),
  seed: Number(values.seed),
};
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/** Runs `work` and returns its result with the elapsed milliseconds. */
function timed<T>(work: () => T): [T, number] {
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
}

const [realm, generateMs] = timed(() => generateRealm(options));
const [json, stringifyMs] = timed(() => JSON.stringify(realm));
const [parsed, parseMs] = timed(() => JSON.parse(json) as unknown);
const [prepared, loadMs] = timed(() => PreparedRealm.from(parsed));
const rss = process.memoryUsage().rss;
const loadOptions = { clock: createManualClock(0), random: createRandom(1), featureLevel: 400 };
const [, storeMs] = timed(() => prepared.createStore(loadOptions));
const [, createAppMs] = timed(() => createApp({ realm: parsed, clock: loadOptions.clock }));
let personalRows = 0;
for (const rows of prepared.createStore(loadOptions).state.index.flags.values()) personalRows += rows.size;
const rows = realm.messages.length;
console.log(
  `realm: ${options.users} users, ${options.channels} channels, ${rows} messages, seed ${options.seed}; ${availableParallelism()} cores, Node ${process.version}`,
);
const table: Array<[string, string, string]> = [
  ['generate (generateRealm)', `${(generateMs / 1000).toFixed(2)} s`, '≤ 5 s'],
  ['JSON.stringify', `${(stringifyMs / 1000).toFixed(2)} s`, ''],
  ['JSON size', mb(Buffer.byteLength(json)), ''],
  ['JSON.parse', `${(parseMs / 1000).toFixed(2)} s`, ''],
  ['load (PreparedRealm.from)', `${(loadMs / 1000).toFixed(2)} s`, '≤ 2 s'],
  ['RSS after load', mb(rss), '≤ 400 MB'],
  ['createStore from prepared', `${(storeMs / 1000).toFixed(2)} s`, ''],
  ['createApp from parsed JSON', `${(createAppMs / 1000).toFixed(2)} s`, ''],
  ['personal rows (user×message)', String(personalRows), ''],
];
for (const [name, value, target] of table) console.log(`${name.padEnd(28)} ${value.padStart(10)}  ${target}`);
