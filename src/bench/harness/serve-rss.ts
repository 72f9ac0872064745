/**
 * Resident set of `svc-mock serve --realm FILE` (the built CLI, as a user runs it) when it answers its first
 * request: spawned pinned to core 0, polled every 20 ms, RSS read from /proc/<pid>/status, then stopped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { untilFirstAnswer } from './first-answer.js';

const BIN = fileURLToPath(new URL('../../../bin/svc-mock.js', import.meta.url));
const BUILT = fileURLToPath(new URL('../../../dist/cli/run.js', import.meta.url));

/** What the served process used by its first answer. */
export interface ServeFigures {
  /** Milliseconds from spawn to the first 200 (node start-up, imports and loading the realm). */
  ms: number;
  /** Resident set in bytes (VmRSS). */
  rss: number;
}

/** VmRSS of a live process in bytes (NaN without /proc). */
function rssOf(pid: number): number {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return Number.NaN;
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(file, 'utf8'))?.[1];
  return kb === undefined ? Number.NaN : Number(kb) * 1024;
}

/** Starts `svc-mock serve --realm file`, waits for its first answer, measures it and stops it. */
export async function serveFigures(file: string, timeoutMs = 120_000): Promise<ServeFigures> {
  if (!existsSync(BUILT)) throw new Error('the serve rows run the built CLI: run `npm run build` first');
  const argv = (port: number): string[] => [
    process.execPath,
    BIN,
    'serve',
    '--realm',
    file,
    '--port',
    String(port),
  ];
  const { ms, read } = await untilFirstAnswer(argv, '/api/v1/server_settings', {
    timeoutMs,
    pollMs: 20,
    onAnswer: rssOf,
  });
  return { ms, rss: read! };
}
