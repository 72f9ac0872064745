/**
 * Child process of the harness for the generated-realm rows; argv names the task, the first IPC message is the
 * result (figures in ms, RSS in bytes), then the process exits.
 *   generate N USERS CHANNELS FILE  generateRealm timed, the fixture written to FILE for `load`
 *   load FILE                       read + parse + prepare + createMock as `serve --realm FILE` does, then RSS
 *                                   and 20 × mock.reset()
 *   page N USERS CHANNELS           a generated realm in memory; GET /messages (channel + topic narrow, 100
 *                                   before an anchor) through app.handle, and the store's lookup against a
 *                                   linear scan over every message with the same narrow
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ApiRequest } from '../../api/route.js';
import type * as Generate from '../../fixtures/generate/index.js';
import type * as CreateMock from '../../mock/create-mock.js';
import type * as Clock from '../../store/clock.js';
import type * as LoadRealm from '../../store/load-realm.js';
import type * as Fetch from '../../store/narrow/fetch.js';
import type * as Parse from '../../store/narrow/parse.js';
import type * as Resolve from '../../store/narrow/resolve.js';
import type { MessageRecord } from '../../store/state.js';
import { built } from './built.js';

const { generateRealm } = await built<typeof Generate>('fixtures/generate/index.js');
const { createMock } = await built<typeof CreateMock>('mock/create-mock.js');
const { createManualClock } = await built<typeof Clock>('store/clock.js');
const { PreparedRealm } = await built<typeof LoadRealm>('store/load-realm.js');
const { fetchRange } = await built<typeof Fetch>('store/narrow/fetch.js');
const { parseNarrow } = await built<typeof Parse>('store/narrow/parse.js');
const { compileNarrow } = await built<typeof Resolve>('store/narrow/resolve.js');

/** Result of `generate`. */
export interface GenerateResult {
  ms: number;
  bytes: number;
}

/** Result of `load`. */
export interface LoadResult {
  ms: number;
  /** CPU milliseconds of the load (all threads of the process): what the wall-clock figure would be alone. */
  cpuMs: number;
  rss: number;
  messages: number;
  resets: number[];
}

/** Result of `page`: per-run figures (each the mean of a batch). */
export interface PageResult {
  messages: number;
  topicMessages: number;
  handle: number[];
  lookup: number[];
  scan: number[];
}

const [task, ...args] = process.argv.slice(2);
const START = Date.UTC(2025, 0, 1);

/** Mean milliseconds per call of `work` over `count` calls, for `runs` runs (after three warm-up batches). */
async function batches(runs: number, count: number, work: () => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let run = -3; run < runs; run++) {
    const started = performance.now();
    for (let i = 0; i < count; i++) await work();
    if (run >= 0) out.push((performance.now() - started) / count);
  }
  return out;
}

function generate(n: number, users: number, channels: number): ReturnType<typeof generateRealm> {
  return generateRealm({ messages: n, users, channels, seed: 42 });
}

async function run(): Promise<unknown> {
  if (task === 'generate') {
    const [n, users, channels, file] = args;
    const started = performance.now();
    const realm = generate(Number(n), Number(users), Number(channels));
    const ms = performance.now() - started;
    const json = JSON.stringify(realm);
    writeFileSync(file!, json);
    return { ms, bytes: Buffer.byteLength(json) } satisfies GenerateResult;
  }
  if (task === 'load') {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const parsed = JSON.parse(readFileSync(args[0]!, 'utf8')) as unknown;
    const mock = createMock({
      realm: PreparedRealm.from(parsed, { owned: true }),
      journalSize: 0,
      logError: () => {},
    });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    const rss = process.memoryUsage().rss;
    const resets: number[] = [];
    // Five unmeasured resets first: the garbage the load left is collected during them.
    for (let i = -5; i < 20; i++) {
      const t = performance.now();
      mock.reset();
      if (i >= 0) resets.push(performance.now() - t);
    }
    return { ms, cpuMs, rss, messages: mock.store.state.messages.size, resets } satisfies LoadResult;
  }
  if (task === 'page') {
    const [n, users, channels] = args.map(Number) as [number, number, number];
    const realm = generate(n, users, channels);
    const clock = createManualClock(START);
    const mock = createMock({
      realm: PreparedRealm.from(realm, { owned: true }),
      clock,
      journalSize: 0,
      logError: () => {},
    });
    const { state } = mock.store;
    // The busiest topic of the realm, and a subscriber of its channel to read it.
    let key = '';
    let ids: readonly number[] = [];
    for (const [k, list] of state.index.byTopic) {
      const channel = state.channels.get(state.messages.get(list[0]!)?.stream_id ?? -1);
      if (list.length > ids.length && channel && !channel.invite_only) [key, ids] = [k, list];
    }
    const first = state.messages.get(ids[0]!)!;
    const viewer = state.users.get([...state.subscribers.get(first.stream_id!)!][0]!)!;
    const anchor = ids[Math.max(100, Math.floor(ids.length * 0.75))] ?? ids[ids.length - 1]!;
    const terms = [
      { operator: 'channel', operand: first.stream_id! },
      { operator: 'topic', operand: first.topic },
    ];
    const auth = `Basic ${Buffer.from(`${viewer.delivery_email}:${viewer.api_key}`).toString('base64')}`;
    const request: ApiRequest = {
      method: 'GET',
      path: '/api/v1/messages',
      query: new URLSearchParams({
        anchor: String(anchor),
        num_before: '100',
        num_after: '0',
        narrow: JSON.stringify(terms),
      }).toString(),
      header: (name) => (name === 'authorization' ? auth : undefined),
      body: null,
    };
    // Finish collecting what building the realm left (gigabytes at 1M) before timing, for every realm size:
    // otherwise its marking and sweeping run during the first measured requests.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    gc();
    const handle = await batches(9, 200, async () => {
      const res = await mock.handle(request);
      if (res.status !== 200) throw new Error(`GET /messages answered ${res.status}`);
    });
    const options = { featureLevel: mock.store.featureLevel, allowHistory: true };
    const range = { anchor, numBefore: 100, numAfter: 0, includeAnchor: false };
    const lookup = (): MessageRecord[] => {
      const narrow = compileNarrow(state, viewer, parseNarrow(terms), options);
      return fetchRange(state, narrow, range).messages;
    };
    // The same answer without the indexes: every message tested against the narrow, the last 100 kept.
    const scan = (): MessageRecord[] => {
      const narrow = compileNarrow(state, viewer, parseNarrow(terms), options);
      const found: MessageRecord[] = [];
      for (const m of state.messages.values()) if (m.id < anchor && narrow.matches(m)) found.push(m);
      return found.sort((a, b) => a.id - b.id).slice(-100);
    };
    const a = lookup().map((m) => m.id);
    const b = scan().map((m) => m.id);
    if (a.length !== 100 || a.join() !== b.join())
      throw new Error(`lookup and scan disagree (${a.length} / ${b.length} messages in ${key})`);
    return {
      messages: state.messages.size,
      topicMessages: ids.length,
      handle,
      lookup: await batches(9, 200, lookup),
      scan: await batches(5, 2, scan),
    } satisfies PageResult;
  }
  throw new Error(`unknown task ${task}`);
}

run().then(
  (result) => process.send!(result, () => process.exit(0)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
