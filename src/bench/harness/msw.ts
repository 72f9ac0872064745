/** MSW row: fetch through setupServer to the mock's handlers against a bare msw handler of the same bytes. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { pinned } from './processes.js';
import { makeRow } from './stats.js';
import type { MeasuredRow, RunSettings } from './throughput.js';

const run = promisify(execFile);
const CONCURRENCY = 8;

async function once(mode: 'mock' | 'bare', seconds: number): Promise<{ perSecond: number; bytes: number }> {
  const script = new URL('./msw-process.ts', import.meta.url).pathname;
  const [command, argv] = pinned(0, [
    process.execPath,
    '--import',
    'tsx',
    script,
    mode,
    String(seconds),
    String(CONCURRENCY),
  ]);
  const { stdout } = await run(command, argv, { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as { perSecond: number; bytes: number };
}

/** Measures the MSW row: alternating processes (pinned to core 0) for the mock's handlers and the bare one. */
export async function mswRow(settings: RunSettings): Promise<MeasuredRow> {
  const m: number[] = [];
  const b: number[] = [];
  let bytes = 0;
  for (let i = 0; i < settings.runs; i++) {
    const mock = await once('mock', settings.duration);
    bytes = mock.bytes;
    m.push(mock.perSecond);
    b.push((await once('bare', settings.duration)).perSecond);
  }
  return makeRow(
    {
      key: 'msw',
      name: 'MSW in process: fetch GET /users/me via setupServer',
      unit: 'req/s',
      target: { op: '>=', value: 0.5 },
      notes: [
        `${CONCURRENCY} concurrent fetch loops in one process; the bare handler answers the same ${bytes} B and headers`,
      ],
    },
    m,
    b,
  );
}
