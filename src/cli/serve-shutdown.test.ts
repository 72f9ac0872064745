// serve as a child process: --log prints one line per request, and a long poll parked at SIGTERM is
// answered with a heartbeat before the server closes instead of being cut.
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';

const RUN = new URL('./run.ts', import.meta.url).pathname;
const HAMLET = `Basic ${btoa('hamlet@svc.test:hamletSvcDevApiKey0123456789abcd')}`;

it('serve --log logs each request and answers a poll parked at SIGTERM before exiting', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', RUN, 'serve', '--port', '0', '--log'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (): void => {
        const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) resolve(match[1]!);
      };
      child.stdout.on('data', onData);
      child.on('exit', () => reject(new Error(`serve exited early:\n${out}`)));
    });

    const registered = await fetch(`${url}/api/v1/register`, {
      method: 'POST',
      headers: { authorization: HAMLET },
    });
    const { queue_id } = (await registered.json()) as { queue_id: string };
    expect((await fetch(`${url}/api/v1/no_such_endpoint`)).status).toBe(404);
    const poll = fetch(`${url}/api/v1/events?queue_id=${queue_id}&last_event_id=-1`, {
      headers: { authorization: HAMLET },
    });
    // Let the poll reach the server and park (nothing is timed: the assertions wait for the answer).
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill('SIGTERM');

    const answer = await poll;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      result: 'success',
      msg: '',
      events: [{ type: 'heartbeat', id: 0 }],
      queue_id,
    });
    expect(await exited).toBe(0);
    expect(out).toMatch(/^POST \/api\/v1\/register hamlet@svc\.test 200 [\d.]+ms$/m);
    expect(out).toMatch(/^GET \/api\/v1\/no_such_endpoint - 404 [\d.]+ms$/m);
    expect(out).toMatch(/^GET \/api\/v1\/events hamlet@svc\.test 200 [\d.]+ms$/m);
  } finally {
    child.kill('SIGKILL');
  }
}, 60_000);
