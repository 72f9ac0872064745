/**
 * Cost of mock.reset() against building a new app with createApp from the parsed fixture, on the dev realm and
 * on a generated realm of 100,000 messages (override with the first argument), and of the first message sent
 * after a reset to the channel with the most subscribers (it copies their shared personal rows). Reset seeds
 * the store from a realm prepared once, sharing its records copy-on-write; createApp validates and renders the
 * whole fixture each time. Target (performance issue): reset of the 100,000-message realm ≤ 50 ms.
 * Run: npm run bench:reset [-- messages]
 */
import { readFileSync } from 'node:fs';
import { createApp } from '../api/app.js';
import { generateRealm } from '../fixtures/generate/index.js';
import { createMock, type Mock } from '../mock/create-mock.js';
import { createManualClock } from '../store/clock.js';
import { sendMessage } from '../store/messages/send.js';

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

/** Sends one message to the channel with the most subscribers, as its busiest sender would. */
function sendToBiggestChannel(mock: Mock): void {
  const { state } = mock.store;
  const [streamId, subscribers] = [...state.subscribers].reduce((a, b) => (b[1].size > a[1].size ? b : a));
  const sender = state.users.get([...subscribers][0]!)!;
  sendMessage(mock.store, sender, {
    type: 'stream',
    streamId,
    topic: 'bench',
    content: 'hi',
    client: 'website',
  });
}

function compare(label: string, realm: unknown, appRuns: number, target?: number): void {
  const clock = createManualClock(Date.UTC(2025, 0, 1));
  const created = performance.now();
  const mock = createMock({ realm, clock, logError: () => {} });
  const createMockMs = performance.now() - created;
  const appMs = timeRuns(appRuns, () => createApp({ realm, clock, logError: () => {} }));
  const resetMs = timeRuns(20, () => mock.reset());
  const sends: number[] = [];
  for (let i = 0; i < 5; i++) {
    mock.reset();
    sends.push(timeRuns(1, () => sendToBiggestChannel(mock)));
  }
  const goal =
    target === undefined ? '' : ` (target ≤ ${target} ms: ${resetMs <= target ? 'met' : 'NOT met'})`;
  console.log(
    `${label}:\n  mock.reset() ${resetMs.toFixed(1)} ms${goal}, median of 20\n` +
      `  createApp ${appMs.toFixed(1)} ms, median of ${appRuns}: reset is ${(appMs / resetMs).toFixed(0)}x faster\n` +
      `  first send after a reset to the biggest channel ${median(sends).toFixed(1)} ms; ` +
      `createMock once ${createMockMs.toFixed(1)} ms`,
  );
}

const dev = JSON.parse(
  readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url), 'utf8'),
) as unknown;
compare('dev realm', dev, 20);
const generated = generateRealm({ messages: MESSAGES, seed: 1 });
compare(`generated realm, ${MESSAGES} messages`, generated, 3, 50);
