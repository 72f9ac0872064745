// `serve --max-upload-storage` bounds the bytes of uploaded files the server keeps (child process).
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';

const RUN = new URL('./run.ts', import.meta.url).pathname;
const AARON = `Basic ${btoa('AARON@svc.test:aaronSvcDevApiKey0123456789abcde')}`;

let child: ChildProcess | undefined;
afterEach(async () => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child!.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
});

async function serve(...args: string[]): Promise<string> {
  child = spawn(process.execPath, ['--import', 'tsx', RUN, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise<string>((resolve, reject) => {
    child!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child!.on('exit', () => reject(new Error(`serve exited early:\n${out}`)));
  });
}

async function upload(origin: string, size: number): Promise<{ status: number; msg: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(size)]), 'zeros.bin');
  const res = await fetch(`${origin}/api/v1/user_uploads`, {
    method: 'POST',
    body: form,
    headers: { authorization: AARON },
  });
  return { status: res.status, msg: ((await res.json()) as { msg: string }).msg };
}

it('serve --max-upload-storage refuses an upload that would pass the bound', async () => {
  // The dev realm already holds one 53-byte file.
  const origin = await serve('--max-upload-storage', '100');
  expect(await upload(origin, 40)).toEqual({ status: 200, msg: '' });
  expect(await upload(origin, 40)).toEqual({
    status: 400,
    msg: "Upload would exceed your organization's upload quota.",
  });
}, 60_000);
