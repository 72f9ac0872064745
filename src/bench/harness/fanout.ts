/**
 * Event fan-out row: 1,000 long polls parked on the mock's node server, answered after one POST /messages to
 * the channel their users share; timed from the trigger being sent to the last answer. Baseline in the same
 * run: the bare server holding 1,000 requests and releasing them when a POST arrives, with answers of the
 * same size. The client runs in its own process on the generator's core.
 */
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENERATOR_CORE } from './generator.js';
import type { BenchQueue, MockHello } from './mock-process.js';
import { pinned, type BenchChild } from './processes.js';
import { makeRow, spread } from './stats.js';
import type { MeasuredRow, RunSettings } from './throughput.js';

const WAITERS = 1000;
const TIME_LIMIT_MS = 60_000;

// Client (plain JavaScript): park every request, then on "go" send the trigger and time the answers.
const CLIENT = `
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
for await (const line of createInterface({ input: process.stdin })) {
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
type Wait = { path: string; headers: Record<string, string> };

/** One round: the client parks every wait, `parked()` tells when the server holds them all, then "go". */
async function round(
  origin: string,
  waits: Wait[],
  trigger: Trigger,
  parked: () => Promise<boolean>,
): Promise<RoundResult> {
  const file = join(tmpdir(), `svc-bench-fanout-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ origin, waits, trigger }));
  const [command, argv] = pinned(GENERATOR_CORE, [
    process.execPath,
    '--input-type=module',
    '-e',
    CLIENT,
    file,
  ]);
  const child = spawn(command, argv, { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const done = new Promise<RoundResult>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const result = out.split('\n').find((l) => l.startsWith('{'));
      if (result) resolve(JSON.parse(result) as RoundResult);
    });
    child.on('exit', (code) =>
      code ? reject(new Error(`fan-out client exited with ${code}: ${out}`)) : undefined,
    );
  });
  try {
    const started = performance.now();
    while (!out.includes('sent') || !(await parked())) {
      if (performance.now() - started > TIME_LIMIT_MS) throw new Error('waiters never parked');
      await new Promise((r) => setTimeout(r, 5));
    }
    child.stdin.write('go\n');
    const result = await done;
    if (result.answered !== waits.length || result.failures || result.trigger !== 200)
      throw new Error(`incomplete fan-out round: ${JSON.stringify(result)}`);
    return result;
  } finally {
    rmSync(file, { force: true });
  }
}

/** Measures the fan-out row: a warm-up round of each side, then alternating rounds (medians). */
export async function fanoutRow(
  settings: RunSettings,
  mock: { child: BenchChild; origin: string },
  bare: { child: BenchChild; origin: string },
  hello: MockHello,
): Promise<MeasuredRow> {
  const trigger: Trigger = {
    method: 'POST',
    path: '/api/v1/messages',
    headers: { authorization: hello.auth, 'content-type': 'application/x-www-form-urlencoded' },
    body: hello.form,
  };
  const mockRound = async (): Promise<RoundResult> => {
    const queues = await mock.child.ask<BenchQueue[]>({ cmd: 'queues', count: WAITERS });
    const ids = queues.map((q) => q.id);
    try {
      const waits = queues.map((q) => ({
        path: `${q.path}&last_event_id=-1`,
        headers: { authorization: q.auth },
      }));
      return await round(mock.origin, waits, trigger, () => mock.child.ask<boolean>({ cmd: 'parked', ids }));
    } finally {
      await mock.child.ask({ cmd: 'drop', ids });
    }
  };
  const bareRound = (): Promise<RoundResult> =>
    round(
      bare.origin,
      Array.from({ length: WAITERS }, () => ({ path: '/hold', headers: {} })),
      { method: 'POST', path: '/release', headers: {}, body: '' },
      async () => (await bare.child.ask<number>({ cmd: 'held' })) === WAITERS,
    );
  const warm = await mockRound();
  // The bare server answers the trigger like the mock's POST and releases answers as long as the events.
  const json = (text: string) => ({
    status: 200,
    headers: ['Content-Type', 'application/json'],
    body: Buffer.from(text).toString('base64'),
  });
  await bare.child.ask({
    cmd: 'answer',
    key: 'POST /release',
    ...json('{"result":"success","msg":"","id":1}'),
  });
  const pad = JSON.stringify({ result: 'success', msg: '', events: [], pad: '' }).length;
  await bare.child.ask({
    cmd: 'answer',
    key: 'HOLD',
    ...json(
      JSON.stringify({
        result: 'success',
        msg: '',
        events: [],
        pad: 'x'.repeat(Math.max(0, warm.bytes - pad)),
      }),
    ),
  });
  await bareRound();
  const rounds = Math.max(5, settings.runs * 2 + 1);
  const m: RoundResult[] = [];
  const b: RoundResult[] = [];
  for (let i = 0; i < rounds; i++) {
    m.push(await mockRound());
    b.push(await bareRound());
  }
  const fromReturn = (rs: RoundResult[]): string => spread(rs.map((r) => r.fromReturn)).median.toFixed(1);
  return makeRow(
    {
      key: 'events',
      name: `event fan-out: ${WAITERS} parked polls answered after one POST /messages`,
      unit: 'ms',
      target: { op: '<=', value: 1.5 },
      notes: [
        `${rounds} rounds, from the trigger sent to the last answer; ~${warm.bytes} B per answer`,
        `from the trigger answered: mock ${fromReturn(m)} ms, bare ${fromReturn(b)} ms`,
      ],
    },
    m.map((r) => r.fromSend),
    b.map((r) => r.fromSend),
  );
}
