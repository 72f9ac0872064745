// serve on a port it cannot take: one line saying why and what to do, exit code 1, no stack trace. The port is
// held by a server of the test on 127.0.0.1 (port 0: any free one), closed by the test.
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { listenProblem } from './main.js';

const RUN = new URL('./run.ts', import.meta.url).pathname;

it('names the address and the fix for a port in use, one without permission and a host not of this machine', () => {
  const failure = (code: string) => Object.assign(new Error(code), { code });
  expect(listenProblem(failure('EADDRINUSE'), '127.0.0.1', 9991)).toBe(
    'cannot listen on 127.0.0.1:9991: another server is listening there (choose a free port with --port, or --port 0 for any)',
  );
  expect(listenProblem(failure('EACCES'), '::1', 80)).toMatch(/^cannot listen on \[::1\]:80: not allowed/);
  expect(listenProblem(failure('EADDRNOTAVAIL'), '10.9.9.9', 9991)).toMatch(
    /10\.9\.9\.9 is not an address of this machine \(--host\)$/,
  );
  expect(listenProblem(failure('ECONNRESET'), '127.0.0.1', 9991)).toBeUndefined();
  expect(listenProblem(new Error('no code'), '127.0.0.1', 9991)).toBeUndefined();
});

it('exits with code 1 and one line when its port is taken', async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as AddressInfo).port;
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', RUN, 'serve', '--port', String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(out).toContain(`error: cannot listen on 127.0.0.1:${port}: another server is listening there`);
    expect(out).not.toMatch(/^\s+at /m);
    expect(out).not.toContain('Listening on');
  } finally {
    await new Promise((resolve) => holder.close(resolve));
  }
}, 60_000);
