// serve as a child process: --log prints one line per request, and a long poll parked at SIGTERM is
// answered with a heartbeat before the server closes instead of being cut.
import { expect, it } from 'vitest';
import { startServeProcess } from '../testing/serve-process.js';

const RUN = new URL('./run.ts', import.meta.url).pathname;
const HAMLET = `Basic ${btoa('hamlet@svc.test:hamletSvcDevApiKey0123456789abcd')}`;

it('serve --log logs each request and answers a poll parked at SIGTERM before exiting', async () => {
  const { child, url, exited, output } = await startServeProcess([
    '--import',
    'tsx',
    RUN,
    'serve',
    '--port',
    '0',
    '--log',
  ]);
  try {
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
    expect(output()).toMatch(/^POST \/api\/v1\/register hamlet@svc\.test 200 [\d.]+ms$/m);
    expect(output()).toMatch(/^GET \/api\/v1\/no_such_endpoint - 404 [\d.]+ms$/m);
    expect(output()).toMatch(/^GET \/api\/v1\/events hamlet@svc\.test 200 [\d.]+ms$/m);
  } finally {
    child.kill('SIGKILL');
  }
}, 60_000);
