/** A bounded HTTP load generator run in a child process, so client and server do not share one event loop. */
import { spawn } from 'node:child_process';

/** Result of one load run. */
export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  failures: number;
}

// Plain JavaScript for the child process: undici Pool, fixed request count, a hard time limit.
const CHILD = `
import { Pool } from 'undici';
const [url, path, auth, count, connections] = process.argv.slice(1);
const origin = new URL(url);
const pool = new Pool(origin, { connections: Number(connections), pipelining: 1 });
const headers = auth ? { authorization: auth } : {};
let sent = 0, failures = 0;
const deadline = Date.now() + 60000;
const started = process.hrtime.bigint();
async function worker() {
  while (sent < Number(count) && Date.now() < deadline) {
    sent++;
    const res = await pool.request({ method: 'GET', path, headers });
    await res.body.text();
    if (res.statusCode !== 200) failures++;
  }
}
await Promise.all(Array.from({ length: Number(connections) }, worker));
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
await pool.close();
console.log(JSON.stringify({ requests: sent, seconds, perSecond: sent / seconds, failures }));
`;

/** Sends `count` GET requests to `url + path` over `connections` keep-alive connections. */
export function runLoad(
  url: string,
  path: string,
  auth: string,
  count: number,
  connections = 16,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', CHILD, url, path, auth, String(count), String(connections)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as LoadResult)
        : reject(new Error(`load child exited with ${code}`)),
    );
  });
}
