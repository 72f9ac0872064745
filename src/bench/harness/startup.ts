/**
 * Start-up row: time from spawning `svc-mock serve` (dist build, dev realm) to its first 200 answer, against
 * a bare node:http server spawned the same way; both pinned to core 0 and polled every 2 ms from here.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { untilFirstAnswer } from './first-answer.js';
import { makeRow } from './stats.js';
import type { MeasuredRow, RunSettings } from './throughput.js';

const BIN = fileURLToPath(new URL('../../../bin/svc-mock.js', import.meta.url));
const BARE = `require('node:http').createServer((q, s) => s.end('{}')).listen(Number(process.argv[1]), '127.0.0.1')`;

/** Milliseconds from spawn to the first 200 of `path`. */
const timeToFirst = async (argv: (port: number) => string[], path: string): Promise<number> =>
  (await untilFirstAnswer(argv, path, { timeoutMs: 30_000, pollMs: 2 })).ms;

/** Measures the start-up row: alternating spawns of `svc-mock serve` and a bare server (medians). */
export async function startupRow(settings: RunSettings): Promise<MeasuredRow> {
  if (!existsSync(fileURLToPath(new URL('../../../dist/cli/run.js', import.meta.url))))
    throw new Error('the start-up row runs the built CLI: run `npm run build` first');
  const mock = (port: number): string[] => [process.execPath, BIN, 'serve', '--port', String(port)];
  const bare = (port: number): string[] => [process.execPath, '-e', BARE, String(port)];
  await timeToFirst(mock, '/api/v1/server_settings');
  await timeToFirst(bare, '/');
  // Spawns are cheap next to the throughput rows: enough of them that the median is not one noisy start.
  const rounds = Math.max(11, settings.runs * 3 + 2);
  const m: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < rounds; i++) {
    m.push(await timeToFirst(mock, '/api/v1/server_settings'));
    b.push(await timeToFirst(bare, '/'));
  }
  return makeRow(
    {
      key: 'startup',
      name: 'start-up to first answered request (dev realm)',
      unit: 'ms',
      target: { op: '<=', value: 1.5 },
      notes: [`${rounds} spawns each of \`node bin/svc-mock.js serve\` (dist) and a bare node:http server`],
    },
    m,
    b,
  );
}
