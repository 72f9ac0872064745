/**
 * `npx tsx src/bench/uploads-memory.ts [--uploads 16] [--mb 24] [--budget 64mb]`: starts `serve` in a child
 * process, sends that many uploads of that size at once (POST /user_uploads, one member), samples the child's
 * RSS every 20 ms, and prints the peak growth against the server's body budget plus 100 MB (the bound:
 * exit 1 past it) with the answers' statuses. Linux only (reads /proc).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    uploads: { type: 'string', default: '16' },
    mb: { type: 'string', default: '24' },
    budget: { type: 'string', default: '64mb' },
  },
});
const MB = 1024 * 1024;
const uploads = Number(values.uploads);
const size = Number(values.mb) * MB;
const budgetMb = Number(/^(\d+)mb$/i.exec(values.budget)?.[1] ?? NaN);
if (!Number.isFinite(budgetMb)) throw new Error('--budget takes a size in mb, e.g. 64mb');

const RUN = new URL('../cli/run.ts', import.meta.url).pathname;
const AUTH = `Basic ${btoa('hamlet@svc.test:hamletSvcDevApiKey0123456789abcd')}`;
const child = spawn(
  process.execPath,
  ['--import', 'tsx', RUN, 'serve', '--port', '0', '--max-body-memory', values.budget!],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const port = await new Promise<number>((resolve, reject) => {
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const match = /Listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
    if (match) resolve(Number(match[1]));
  });
  child.on('exit', () => reject(new Error(`serve exited early:\n${out}`)));
});
const rss = (): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) * 1024;

/** One multipart upload of `bytes` bytes; resolves with the answer's status. */
function upload(bytes: number): Promise<number> {
  const boundary = 'svcmockbenchboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + bytes + tail.length;
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve(Number(answer.slice(9, 12)) || 0));
    socket.write(
      `POST /api/v1/user_uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${AUTH}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n` +
        'Connection: close\r\n\r\n',
    );
    socket.write(head);
    const piece = Buffer.alloc(256 * 1024, 0x61);
    let sent = 0;
    const pump = (): void => {
      while (sent < bytes && !socket.destroyed) {
        const n = Math.min(piece.length, bytes - sent);
        sent += n;
        if (!socket.write(n === piece.length ? piece : piece.subarray(0, n)))
          return void socket.once('drain', pump);
      }
      if (!socket.destroyed) socket.write(tail);
    };
    pump();
  });
}

try {
  await upload(MB); // warm-up: code paths compile, the heap grows once
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
  const statuses = await Promise.all(Array.from({ length: uploads }, () => upload(size)));
  clearInterval(sampler);
  peak = Math.max(peak, rss());
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  const grown = (peak - before) / MB;
  const bound = budgetMb + 100;
  console.log(`${uploads} uploads of ${values.mb} MB at once, body budget ${values.budget}`);
  console.log(`answers: ${[...counts].map(([s, n]) => `${n} x ${s}`).join(', ')}`);
  console.log(
    `RSS before ${(before / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB: grown ${grown.toFixed(0)} MB ` +
      `(bound: budget + 100 MB = ${bound} MB) ${grown <= bound ? 'OK' : 'OVER'}`,
  );
  process.exitCode = grown <= bound ? 0 : 1;
} finally {
  child.kill();
}
