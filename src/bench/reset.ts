/**
 * Cost of mock.reset() against building a new app with createApp from the parsed fixture, on the dev realm and
 * on a generated realm of 100,000 messages (override with the first argument). Reset clones a realm prepared
 * once; createApp validates and renders the whole fixture each time.
 * Run: npm run bench:reset [-- messages]
 */
import { readFileSync } from 'node:fs';
import { createApp } from '../api/app.js';
import { generateRealm } from '../fixtures/generate/index.js';
import { createMock } from '../mock/create-mock.js';
import { createManualClock } from '../store/clock.js';

const MESSAGES = Number(process.argv[2] ?? 100_000);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timeRuns(runs: number, fn: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

function compare(label: string, realm: unknown, runs: number): void {
  const clock = createManualClock(Date.UTC(2025, 0, 1));
  const created = performance.now();
  const mock = createMock({ realm, clock, logError: () => {} });
  const createMockMs = performance.now() - created;
  const appMs = timeRuns(runs, () => createApp({ realm, clock, logError: () => {} }));
  const resetMs = timeRuns(runs, () => mock.reset());
  console.log(
    `${label}: createApp ${appMs.toFixed(1)} ms, mock.reset() ${resetMs.toFixed(1)} ms ` +
      `(${(appMs / resetMs).toFixed(1)}x faster); createMock once ${createMockMs.toFixed(1)} ms; median of ${runs}`,
  );
}

const dev = JSON.parse(
  readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url), 'utf8'),
) as unknown;
compare('dev realm', dev, 20);
const generated = generateRealm({ messages: MESSAGES, seed: 1 });
compare(`generated realm, ${MESSAGES} messages`, generated, 3);
