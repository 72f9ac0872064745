/**
 * Benchmark: fan-out latency of long polling. 1,000 queues wait on the mock's node server (127.0.0.1); one
 * POST /messages to a channel they all receive; measured from the POST returning (and from it being sent)
 * to every waiter being answered. Baseline in the same run: a bare node:http server holding 1,000 requests
 * open and releasing them all at once when a trigger request arrives. Only the ratio means something.
 * The client runs in a child process (its own event loop), with a hard time limit.
 * Run: npx tsx src/bench/events.ts [waiters] [rounds]
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../adapters/node/server.js';
import { createApp } from '../api/app.js';

const WAITERS = Number(process.argv[2] ?? 1000);
const ROUNDS = Number(process.argv[3] ?? 7);
const TIME_LIMIT_MS = 60_000;

// Client (plain JavaScript, child process): park every request, then on "go" send the trigger and time.
const CHILD = `
import { Pool } from 'undici';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
const plan = JSON.parse(readFileSync(process.argv[1], 'utf8'));
const pool = new Pool(plan.origin, { connections: plan.waits.length + 4, pipelining: 1 });
const deadline = setTimeout(() => { console.log(JSON.stringify({ error: 'time limit' })); process.exit(1); }, ${TIME_LIMIT_MS});
let last = 0n, answered = 0, bytes = 0, failures = 0;
const waits = plan.waits.map(async (w) => {
  const res = await pool.request({ method: 'GET', path: w.path, headers: w.headers });
  const text = await res.body.text();
  if (res.statusCode !== 200) failures++;
  bytes = text.length; answered++; last = process.hrtime.bigint();
});
console.log('sent');
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line !== 'go') continue;
  const sent = process.hrtime.bigint();
  const res = await pool.request(plan.trigger);
  await res.body.text();
  const returned = process.hrtime.bigint();
  await Promise.all(waits);
  clearTimeout(deadline);
  const ms = (t) => Number(t) / 1e6;
  console.log(JSON.stringify({ fromSend: ms(last - sent), fromReturn: Math.max(0, ms(last - returned)),
    trigger: res.statusCode, answered, failures, bytes }));
  await pool.close();
  process.exit(0);
}
`;

interface Trigger {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}
interface RoundResult {
  fromSend: number;
  fromReturn: number;
  trigger: number;
  answered: number;
  failures: number;
  bytes: number;
}

/** Runs one round: the child parks every wait, `parked()` tells when the server holds them all. */
async function round(
  origin: string,
  waits: Array<{ path: string; headers: Record<string, string> }>,
  trigger: Trigger,
  parked: () => boolean,
): Promise<RoundResult> {
  const file = join(tmpdir(), `svc-bench-events-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ origin, waits, trigger }));
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD, file], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const done = new Promise<RoundResult>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.split('\n');
      const result = lines.find((l) => l.startsWith('{'));
      if (result) resolve(JSON.parse(result) as RoundResult);
    });
    child.on('exit', (code) => (code ? reject(new Error(`client exited with ${code}: ${out}`)) : undefined));
  });
  const started = Date.now();
  while (!out.includes('sent') || !parked()) {
    if (Date.now() - started > TIME_LIMIT_MS) throw new Error('waiters never parked');
    await new Promise((r) => setTimeout(r, 5));
  }
  child.stdin.write('go\n');
  return done;
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// The mock: queues spread over every active human subscribed to Verona.
const realm = JSON.parse(
  readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url), 'utf8'),
) as unknown;
const app = createApp({ realm });
const mock = await startServer(app, { port: 0, host: '127.0.0.1' });
const { state } = app.store;
const verona = [...state.channels.values()].find((c) => c.name === 'Verona')!;
const receivers = [...(state.subscribers.get(verona.stream_id) ?? [])]
  .map((id) => state.users.get(id)!)
  .filter((u) => u.is_active && !u.is_bot);
const basic = (u: { delivery_email: string; api_key: string }): string =>
  `Basic ${Buffer.from(`${u.delivery_email}:${u.api_key}`).toString('base64')}`;
const sender = receivers[0]!;

async function mockRound(): Promise<RoundResult> {
  const waits = Array.from({ length: WAITERS }, (_, i) => {
    const user = receivers[i % receivers.length]!;
    const queue = app.services.queues.register(user.user_id, { eventTypes: new Set(['message']) });
    return {
      path: `/api/v1/events?queue_id=${queue.id}&last_event_id=-1`,
      headers: { authorization: basic(user) },
    };
  });
  const ids = waits.map((w) => new URLSearchParams(w.path.split('?')[1]).get('queue_id')!);
  const body = new URLSearchParams({
    type: 'stream',
    to: 'Verona',
    topic: 'bench',
    content: 'fan-out **now**',
  });
  const result = await round(
    mock.url,
    waits,
    {
      method: 'POST',
      path: '/api/v1/messages',
      headers: { authorization: basic(sender), 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    },
    () => ids.every((id) => app.services.queues.get(id)?.waiter),
  );
  for (const id of ids) app.services.queues.remove(app.services.queues.get(id)!);
  return result;
}

// The baseline: hold every GET; a POST is answered and then releases them all at once.
let held: ServerResponse[] = [];
let payload = '{}';
const bare = createServer((req, res) => {
  if (req.method === 'GET') {
    held.push(res);
    return;
  }
  req.resume();
  req.on('end', () => {
    // Answer the trigger first, then release: "from trigger returned" is then the bare release time.
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"result":"success","msg":"","id":1}');
    for (const waiting of held) {
      waiting.writeHead(200, { 'Content-Type': 'application/json' });
      waiting.end(payload);
    }
    held = [];
  });
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

async function bareRound(): Promise<RoundResult> {
  const waits = Array.from({ length: WAITERS }, () => ({ path: '/hold', headers: {} }));
  return round(
    bareUrl,
    waits,
    { method: 'POST', path: '/release', headers: {}, body: '' },
    () => held.length === WAITERS,
  );
}

const warm = await mockRound();
if (warm.answered !== WAITERS || warm.failures || warm.trigger !== 200)
  throw new Error(`bad warm-up: ${JSON.stringify(warm)}`);
// The baseline answers bodies as long as the mock's event answers.
payload = JSON.stringify({
  result: 'success',
  msg: '',
  events: [],
  pad: 'x'.repeat(Math.max(0, warm.bytes - 50)),
});
await bareRound();
const mockRuns: RoundResult[] = [];
const bareRuns: RoundResult[] = [];
for (let i = 0; i < ROUNDS; i++) {
  mockRuns.push(await mockRound());
  bareRuns.push(await bareRound());
}
for (const r of [...mockRuns, ...bareRuns]) {
  if (r.answered !== WAITERS || r.failures) throw new Error(`incomplete round: ${JSON.stringify(r)}`);
}
const m = { send: median(mockRuns.map((r) => r.fromSend)), ret: median(mockRuns.map((r) => r.fromReturn)) };
const b = { send: median(bareRuns.map((r) => r.fromSend)), ret: median(bareRuns.map((r) => r.fromReturn)) };
console.log(
  `${WAITERS} parked requests, ${ROUNDS} rounds (medians), ${receivers.length} receiving users, ~${warm.bytes} B per answer\n`,
);
console.log(`                          from trigger sent   from trigger returned`);
console.log(
  `bare node:http (baseline) ${b.send.toFixed(1).padStart(9)} ms ${b.ret.toFixed(1).padStart(17)} ms`,
);
console.log(
  `mock POST /messages       ${m.send.toFixed(1).padStart(9)} ms ${m.ret.toFixed(1).padStart(17)} ms`,
);
console.log(
  `ratio mock / baseline     ${(m.send / b.send).toFixed(2).padStart(9)}×  ${(m.ret / b.ret).toFixed(2).padStart(16)}×`,
);
bare.close();
await mock.close();
