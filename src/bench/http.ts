/**
 * The server-bound benchmark harness (`npm run bench`): the mock's node server and its bare node:http
 * baselines run in their own processes on core 0, the load generator (wrk when installed, else undici in a
 * worker thread) on core 1; each row is the median of several runs with min–max, a baseline measured in the
 * same run, the ratio and its target. The table is printed and written to bench/results.json.
 * Run: npm run bench -- [--duration 5] [--runs 3] [--connections 50] [--only settings,users] [--install-wrk]
 *      [--node-generator] [--out bench/results.json] [--app] (the mock child serves createApp, the API without
 *      what serve adds: request log, realms by Host, traffic shaping)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { fanoutRow } from './harness/fanout.js';
import { generatorName, hasWrk } from './harness/generator.js';
import type { BenchQueue, MockHello } from './harness/mock-process.js';
import { mswRow } from './harness/msw.js';
import { hasTaskset, startChild } from './harness/processes.js';
import { formatTable, parseArgs, verdict } from './harness/stats.js';
import { startupRow } from './harness/startup.js';
import { realmRows } from './harness/realm-rows.js';
import { capture, mirror, mirrorPaths, throughputRow, type MeasuredRow } from './harness/throughput.js';
import { rotatingAnchors } from './harness/anchors.js';
import { startPollers } from './harness/pollers.js';

const options = parseArgs(process.argv.slice(2));
if (options.installWrk && !hasWrk()) {
  if (process.getuid?.() !== 0) throw new Error('--install-wrk runs apt-get install -y wrk and needs root');
  console.log('installing wrk: apt-get install -y wrk');
  execFileSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'inherit' });
}
const useWrk = !options.nodeGenerator && hasWrk();
const settings = { useWrk, connections: options.connections, duration: options.duration, runs: options.runs };
const wanted = (key: string): boolean =>
  options.only.length === 0 || options.only.some((w) => key.includes(w));
const started = performance.now();
const load = loadavg().map((n) => n.toFixed(2));

console.log(`generator: ${generatorName(useWrk)}`);
console.log(
  `mock: ${options.app ? 'createApp (the API alone, --app)' : 'createMock with the control API, as svc-mock serve runs'}`,
);
console.log(
  `servers: ${hasTaskset ? 'pinned to core 0' : 'unpinned (no taskset)'}; ${cpus().length} cores; load average ${load.join(' ')}`,
);
console.log(
  `${options.runs} runs × ${options.duration} s per side, ${options.connections} connections; figures are medians (min–max)\n`,
);

const mockStart = await startChild<MockHello>(
  0,
  new URL('./harness/mock-process.ts', import.meta.url),
  options.app ? ['--app'] : [],
);
const bareStart = await startChild<{ url: string }>(0, new URL('./harness/bare-process.ts', import.meta.url));
const mock = { child: mockStart.child, origin: mockStart.hello.url };
const bare = { child: bareStart.child, origin: bareStart.hello.url };
const hello = mockStart.hello;
const rows: MeasuredRow[] = [];
const report = (row: MeasuredRow): void => {
  rows.push(row);
  const cpu = row.cpu
    ? `; generator ${pct(row.cpu.generator.mock.max)} / ${pct(row.cpu.generator.baseline.max)} of its core (max, mock / bare), server ${pct(row.cpu.server.mock.median)} / ${pct(row.cpu.server.baseline.median)}`
    : '';
  const micros = row.cpuPerRequest
    ? ` by CPU per request (${us(row.cpuPerRequest.baseline.median)} bare / ${us(row.cpuPerRequest.mock.median)} mock)`
    : '';
  console.log(`  ${row.name}: ${row.ratio.toFixed(2)}×${micros} (${verdict(row)})${cpu}`);
};
const pct = (share: number): string => `${Math.round(share * 100)}%`;
const us = (micros: number): string => `${micros.toFixed(1)} µs`;

try {
  const narrow = (terms: object[]): string => encodeURIComponent(JSON.stringify(terms));
  const channel = { operator: 'channel', operand: hello.channel };
  const get = (path: string, auth = true) => ({
    method: 'GET' as const,
    path: `/api/v1/${path}`,
    headers: (auth ? { authorization: hello.auth } : {}) as Record<string, string>,
  });
  const atLeast = (value: number) => ({ op: '>=' as const, value });
  const search = { operator: 'search', operand: 'benchmark markup' };
  const page = (before: number, terms: object[]): string =>
    `messages?anchor=newest&num_before=${before}&num_after=0&narrow=${narrow(terms)}`;
  const http = [
    {
      key: 'settings',
      name: 'GET /server_settings',
      spec: get('server_settings', false),
      target: atLeast(0.75),
    },
    { key: 'users-me', name: 'GET /users/me (Basic auth)', spec: get('users/me'), target: atLeast(0.75) },
    { key: 'users-all', name: 'GET /users', spec: get('users'), target: atLeast(0.75) },
    { key: 'streams', name: 'GET /streams', spec: get('streams'), target: atLeast(0.75) },
    {
      key: 'subscriptions',
      name: 'GET /users/me/subscriptions',
      spec: get('users/me/subscriptions'),
      target: atLeast(0.75),
    },
    {
      key: 'messages-get',
      name: 'GET /messages (100 newest, channel narrow)',
      spec: get(page(100, [channel])),
      target: atLeast(0.6),
    },
    {
      key: 'messages-get-1000',
      name: 'GET /messages (1,000 newest, channel narrow)',
      spec: get(page(1000, [channel])),
      target: atLeast(0.6),
    },
    {
      key: 'messages-search',
      name: 'GET /messages (100 newest, channel + search narrow)',
      spec: get(page(100, [channel, search])),
      target: atLeast(0.6),
    },
  ];
  for (const { spec, ...row } of http) {
    if (!wanted(row.key)) continue;
    const bytes = await mirror(mock.origin, bare.child, spec);
    report(
      await throughputRow(
        settings,
        { ...row, notes: [`${bytes} B answer; the bare server sends the same bytes and headers`] },
        mock,
        bare,
        spec,
      ),
    );
  }
  // The rows above repeat one query, so GET /messages answers them from the page kept per query and viewer
  // (src/api/page-memo.ts). These name a different anchor per request, in a rotation longer than the queries
  // kept, so every request misses it and assembles its page of 100 from the per-message bytes.
  const assembled = [
    {
      key: 'messages-get-assembled',
      name: 'GET /messages, 100 of a channel narrow, page assembled (anchor varies)',
      terms: [channel],
    },
    {
      key: 'messages-search-assembled',
      name: 'GET /messages, 100 of a channel + search narrow, page assembled (anchor varies)',
      terms: [channel, search],
    },
  ].filter((row) => wanted(row.key));
  if (assembled.length) {
    const history = await capture({ ...get(page(1000, [channel])), origin: mock.origin });
    const ids = (JSON.parse(history.body.toString()) as { messages: { id: number }[] }).messages.map(
      (m) => m.id,
    );
    const anchors = rotatingAnchors(ids, 300, 99);
    for (const { terms, ...row } of assembled) {
      const paths = anchors.map(
        (a) => `/api/v1/messages?anchor=${a}&num_before=99&num_after=0&narrow=${narrow(terms)}`,
      );
      const spec = { ...get('messages'), path: paths[0]!, paths };
      const sizes = await mirrorPaths(mock.origin, bare.child, spec);
      const notes = [
        `${paths.length} anchors in turn (page cache keeps 256 queries), ${Math.min(...sizes)}–${Math.max(...sizes)} B ` +
          'answers; the bare server sends the bytes and headers captured for each path',
      ];
      report(await throughputRow(settings, { ...row, target: atLeast(0.6), notes }, mock, bare, spec));
    }
  }
  if (wanted('messages-post')) {
    const spec = {
      method: 'POST' as const,
      path: '/api/v1/messages',
      headers: { authorization: hello.auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: hello.form,
    };
    const bytes = await mirror(mock.origin, bare.child, spec);
    const answer = `${bytes} B answer; the bare server parses the same urlencoded form`;
    report(
      await throughputRow(
        settings,
        {
          key: 'messages-post-unqueued',
          name: `POST /messages (channel of ${hello.subscribers} subscribers, no registered queue)`,
          target: { op: '>=', value: 0.6 },
          notes: [answer],
        },
        mock,
        bare,
        spec,
      ),
    );
    // The row: one registered queue per subscriber, not polled during the timed run (every send still
    // appends its event to each queue); the queues are acknowledged once a second over IPC so memory stays
    // bounded. Delivery to polls is the fan-out row's; the polled variant follows for information.
    const ids = (await mock.child.ask<BenchQueue[]>({ cmd: 'queues', count: hello.subscribers })).map(
      (q) => q.id,
    );
    const prune = (): Promise<{ pending: number; rss: number; messages: number }> =>
      mock.child.ask({ cmd: 'prune', ids });
    const first = await prune();
    let pending = 0;
    let last = first;
    let rss = first.rss;
    const acks = setInterval(
      () =>
        void prune().then((r) => {
          pending = Math.max(pending, r.pending);
          rss = Math.max(rss, r.rss);
          last = r;
        }),
      1000,
    );
    try {
      const row = await throughputRow(
        settings,
        {
          key: 'messages-post',
          name: `POST /messages (channel of ${hello.subscribers} subscribers, one registered queue each)`,
          target: { op: '>=', value: 0.6 },
          notes: [answer],
        },
        mock,
        bare,
        spec,
      );
      const mb = (n: number): string => `${Math.round(n / 2 ** 20)} MB`;
      row.notes.push(
        `the ${ids.length} queues are not polled during the row; each send appends an event to each, ` +
          `acknowledged once a second over IPC (at most ${pending} pending in a queue; ` +
          `mock RSS ${mb(first.rss)} before, at most ${mb(rss)} during, growing with the messages sent and ` +
          `kept: ${first.messages} stored before, ${last.messages} at the last acknowledgement)`,
      );
      report(row);
    } finally {
      clearInterval(acks);
      await mock.child.ask({ cmd: 'drop', ids });
    }
    const pollers = await startPollers(mock, hello.subscribers);
    try {
      const row = await throughputRow(
        settings,
        {
          key: 'messages-post-polled',
          name: `POST /messages with its ${hello.subscribers} queues long-polled (informational, no target)`,
          notes: [answer, 'informational: every send also answers a GET /events per queue; no target'],
        },
        mock,
        bare,
        spec,
      );
      row.notes.push(
        `${pollers.polls()} long polls of the ${hello.subscribers} queues answered during the row`,
      );
      report(row);
    } finally {
      await pollers.stop();
    }
  }
  if (wanted('events')) report(await fanoutRow(settings, mock, bare, hello));
  if (wanted('msw')) report(await mswRow(settings));
  if (wanted('startup')) report(await startupRow(settings));
  for (const row of await realmRows(settings, wanted)) report(row);
} finally {
  await mock.child.stop();
  await bare.child.stop();
}

const table = formatTable(rows);
const seconds = (performance.now() - started) / 1000;
console.log(`\n${table}\n`);
const judged = rows.filter((r) => r.target);
const passed = judged.filter((r) => r.pass).length;
console.log(`${passed} of ${judged.length} rows meet their targets; ${seconds.toFixed(0)} s`);
const headroom = rows.flatMap((r) => (r.cpu ? [r.cpu.generator.mock.max, r.cpu.generator.baseline.max] : []));
if (headroom.length) {
  const worst = Math.max(...headroom);
  console.log(
    worst < 0.8
      ? `the generator used at most ${pct(worst)} of its core: under 80%, so it was not the limit`
      : `the generator used up to ${pct(worst)} of its core: at or above 80% it may be the limit (baselines first)`,
  );
}
const served = rows.flatMap((r) => (r.cpu ? [r.cpu.server.mock.median, r.cpu.server.baseline.median] : []));
if (served.length && Math.min(...served) < 0.9) {
  console.log(
    `the servers used ${pct(Math.min(...served))}–${pct(Math.max(...served))} of core 0 (medians): ` +
      'other processes on the machine took the rest, so absolute figures are low; compare the ratios',
  );
}
mkdirSync(dirname(options.out), { recursive: true });
writeFileSync(
  options.out,
  JSON.stringify(
    {
      command: ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(
        ' ',
      ),
      generator: generatorName(useWrk),
      pinned: hasTaskset,
      cores: cpus().length,
      loadAverage: load,
      options: settings,
      seconds: Math.round(seconds),
      rows,
      table,
    },
    null,
    2,
  ) + '\n',
);
console.log(`written to ${options.out}`);
