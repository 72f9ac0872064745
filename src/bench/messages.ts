/**
 * Benchmark: GET /messages on a realm of 100,000 messages. Times fetching 100 messages around an anchor in a
 * channel+topic narrow and in the full history, against a bare loop that only formats 100 messages, all in the
 * same run (the machines are shared and noisy, so only the ratios mean something). Also shows a naive full scan.
 * Run: npx tsx src/bench/messages.ts [messages]
 */
import { readFileSync } from 'node:fs';
import { createApp } from '../api/app.js';
import type { ApiRequest } from '../api/route.js';
import { createManualClock } from '../store/clock.js';
import { formatMessageWithFlags } from '../store/messages/format.js';
import { sendMessage } from '../store/messages/send.js';

const COUNT = Number(process.argv[2] ?? 100_000);
const realm = JSON.parse(
  readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url), 'utf8'),
) as unknown;
const clock = createManualClock(Date.UTC(2025, 0, 1));
const app = createApp({ realm, clock, logError: () => {} });
const { store } = app;
const hamlet = store.state.usersByEmail.get('hamlet@svc.test')!;
const senders = [...store.state.users.values()].filter((u) => u.is_active && !u.is_bot);
const channels = [...store.state.subscriptions.get(hamlet.user_id)!.values()]
  .filter((s) => s.active)
  .map((s) => s.stream_id);

const built = performance.now();
for (let i = 0; i < COUNT; i++) {
  const sender = senders[i % senders.length]!;
  const streamId = channels[i % channels.length]!;
  if (!store.state.subscribers.get(streamId)!.has(sender.user_id))
    store.state.subscribers.get(streamId)!.add(sender.user_id);
  sendMessage(store, sender, {
    type: 'stream',
    streamId,
    topic: `topic ${i % 50}`,
    content: `message ${i}`,
    client: 'website',
  });
  if (i % 1000 === 0) clock.advance(1000);
}
console.log(`built ${COUNT} messages in ${((performance.now() - built) / 1000).toFixed(1)} s`);

const auth = `Basic ${btoa(`${hamlet.delivery_email}:${hamlet.api_key}`)}`;
const request = (query: Record<string, string>): ApiRequest => ({
  method: 'GET',
  path: '/api/v1/messages',
  query: new URLSearchParams(query).toString(),
  header: (name) => (name === 'authorization' ? auth : undefined),
  body: null,
});

const topicIds = store.state.index.byTopic.get(`${channels[0]}\u0000topic 0`)!;
const topicAnchor = topicIds[Math.floor(topicIds.length / 2)]!;
const history = store.state.index.byUser.get(hamlet.user_id)!;
const historyAnchor = history[Math.floor(history.length / 2)]!;
const narrowed = request({
  anchor: String(topicAnchor),
  num_before: '50',
  num_after: '49',
  narrow: JSON.stringify([
    { operator: 'channel', operand: channels[0] },
    { operator: 'topic', operand: 'topic 0' },
  ]),
});
const full = request({ anchor: String(historyAnchor), num_before: '50', num_after: '49' });

async function time(label: string, runs: number, fn: () => unknown): Promise<number> {
  for (let i = 0; i < Math.min(runs, 20); i++) await fn();
  const start = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  const perRun = (performance.now() - start) / runs;
  console.log(`${label.padEnd(46)} ${perRun.toFixed(3)} ms`);
  return perRun;
}

const options = { applyMarkdown: true, clientExtavatar: true, allowEmptyTopicName: false };
const baselineIds = history.slice(0, 100);
const baseline = await time('bare loop: format 100 messages', 500, () =>
  baselineIds.map((id) =>
    formatMessageWithFlags(store.state, store.state.messages.get(id)!, hamlet, options, 435),
  ),
);
const topic = await time('GET /messages channel+topic narrow, 100 msgs', 300, async () => {
  const res = await app.handle(narrowed);
  if ((res.body as { messages: unknown[] }).messages.length !== 100) throw new Error('expected 100 messages');
});
const whole = await time('GET /messages full history, 100 msgs', 300, async () => {
  const res = await app.handle(full);
  if ((res.body as { messages: unknown[] }).messages.length !== 100) throw new Error('expected 100 messages');
});
const scan = await time(
  'naive scan of every message (for contrast)',
  20,
  () =>
    [...store.state.messages.values()].filter((m) => m.stream_id === channels[0] && m.topic === 'topic 0')
      .length,
);
console.log(
  `\nratios to the bare loop: channel+topic ${(topic / baseline).toFixed(2)}x, full history ${(whole / baseline).toFixed(2)}x, naive scan ${(scan / baseline).toFixed(2)}x`,
);
