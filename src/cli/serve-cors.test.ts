import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { callOverHttp } from '../testing/node-http-call.js';

const RUN = new URL('./run.ts', import.meta.url).pathname;

/** Runs `svc-mock serve --port 0 ARGS` from source; for each origin, the Access-Control-Allow-Origin it gets. */
async function allowOriginWith(args: string[], origins: string[]): Promise<Array<string | undefined>> {
  const child = spawn(process.execPath, ['--import', 'tsx', RUN, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) {
          clearInterval(timer);
          resolve(match[1]!);
        }
      }, 50);
      void exited.then(() => {
        clearInterval(timer);
        reject(new Error(`exited early: ${out}`));
      });
    });
    const allowed: Array<string | undefined> = [];
    for (const origin of origins) {
      const answer = await callOverHttp(`${url}/api/v1/server_settings`, 'GET', { Origin: origin });
      expect(answer.status).toBe(200);
      allowed.push(answer.headers['access-control-allow-origin'] as string | undefined);
    }
    return allowed;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

describe('serve --cors', () => {
  it('allows localhost dev servers by default, the given origins with --cors, none with --no-cors', async () => {
    const origins = ['http://localhost:5173', 'http://other.test:5173'];
    expect(await allowOriginWith([], origins)).toEqual(['http://localhost:5173', undefined]);
    expect(await allowOriginWith(['--cors', 'http://other.test:5173'], origins)).toEqual([
      undefined,
      'http://other.test:5173',
    ]);
    expect(await allowOriginWith(['--cors', '*'], origins)).toEqual(['*', '*']);
    expect(await allowOriginWith(['--no-cors'], origins)).toEqual([undefined, undefined]);
  }, 120_000);
});
