import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const RUN = new URL('./run.ts', import.meta.url).pathname;

/** Starts `svc-mock serve` from source on a free loopback port; resolves its URL and a stop function. */
async function serve(
  args: string[],
): Promise<{ url: string; output: () => string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', RUN, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match && out.includes('Control API')) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 50);
    child.on('exit', () => {
      clearInterval(timer);
      reject(new Error(`exited early: ${out}`));
    });
  });
  return {
    url,
    output: () => out,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('serve and the control API', () => {
  it('on a loopback host the control API answers; the clock jumps and requests are logged', async () => {
    const server = await serve([]);
    try {
      expect(server.output()).toContain(`Control API: ${server.url}/svc-mock/`);
      expect(server.output()).toContain(`Inspector: open ${server.url}/svc-mock/ in a browser`);
      const inspector = await fetch(`${server.url}/svc-mock/`);
      expect([inspector.status, inspector.headers.get('content-type')]).toEqual([
        200,
        'text/html; charset=utf-8',
      ]);
      expect(await inspector.text()).toContain('<title>svc-mock inspector</title>');
      const before = (await (await fetch(`${server.url}/svc-mock/clock`)).json()) as { now: number };
      const res = await fetch(`${server.url}/svc-mock/clock`, {
        method: 'POST',
        body: new URLSearchParams({ advance: '1d' }),
      });
      const after = (await res.json()) as { now: number };
      expect(after.now - before.now).toBeGreaterThanOrEqual(86_400);
      expect(after.now - before.now).toBeLessThan(86_400 + 60);
      const log = (await (await fetch(`${server.url}/svc-mock/requests?limit=2`)).json()) as {
        requests: Array<{ method: string; path: string; status: number }>;
      };
      expect(log.requests.at(-1)).toMatchObject({ method: 'POST', path: '/svc-mock/clock', status: 200 });
      expect((await fetch(`${server.url}/svc-mock/reset`, { method: 'POST' })).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('--no-control answers 404 with the error envelope on the control routes', async () => {
    const server = await serve(['--no-control']);
    try {
      expect(server.output()).toContain('Control API: off');
      const res = await fetch(`${server.url}/svc-mock/reset`, { method: 'POST' });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
      expect((await fetch(`${server.url}/svc-mock/`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/v1/server_settings`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
