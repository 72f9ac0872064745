// The node server's request record: the abort signal and peer address are built only when read, and still
// tell the truth when read late. The server listens on 127.0.0.1 port 0 and is closed here.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../api/route.js';
import { startServer, type RunningServer } from './server.js';

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const OK: ApiResponse = { status: 200, headers: { 'Content-Type': 'application/json' }, body: { ok: true } };

/** Starts a server whose dispatcher hands each request record to `seen` and answers when `answer` settles. */
async function serveWith(seen: (request: ApiRequest) => Promise<ApiResponse>): Promise<RunningServer> {
  running = await startServer({ handle: seen }, { port: 0 });
  return running;
}

describe('node server request record', () => {
  it('reports the peer address when the dispatcher asks for it', async () => {
    let ip: string | undefined;
    const server = await serveWith(async (request) => {
      ip = request.ip;
      return OK;
    });
    const res = await fetch(`${server.url}/api/v1/server_settings`);
    expect(res.status).toBe(200);
    expect(ip).toBe('127.0.0.1');
  });

  it('gives a signal that is not aborted while the client waits for its answer', async () => {
    let aborted: boolean | undefined;
    const server = await serveWith(async (request) => {
      aborted = request.signal?.aborted;
      return OK;
    });
    await (await fetch(`${server.url}/x`)).text();
    expect(aborted).toBe(false);
  });

  it('aborts a signal read before the client leaves, when it leaves', async () => {
    let reached!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    let left!: () => void;
    const gone = new Promise<void>((resolve) => (left = resolve));
    const server = await serveWith((request) => {
      request.signal!.addEventListener('abort', () => left(), { once: true });
      reached();
      return gone.then(() => OK);
    });
    const socket = connect(server.port, '127.0.0.1', () =>
      socket.write('GET /x HTTP/1.1\r\nHost: x\r\n\r\n'),
    );
    await arrived;
    socket.destroy();
    await gone;
  });

  it('gives an already aborted signal when it is first read after the client left', async () => {
    let reached!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    let closed!: () => void;
    const serverSideClosed = new Promise<void>((resolve) => (closed = resolve));
    let aborted: boolean | undefined;
    const server = await serveWith(async (request) => {
      reached();
      // Read the signal for the first time only once the server has seen the connection close.
      await serverSideClosed;
      aborted = request.signal?.aborted;
      return OK;
    });
    server.server.on('connection', (socket) => socket.on('close', () => setImmediate(closed)));
    const socket = connect(server.port, '127.0.0.1', () =>
      socket.write('GET /x HTTP/1.1\r\nHost: x\r\n\r\n'),
    );
    await arrived;
    socket.destroy();
    await serverSideClosed;
    for (let i = 0; i < 100 && aborted === undefined; i++) await new Promise((r) => setImmediate(r));
    expect(aborted).toBe(true);
  });

  it('reads headers by lower-case name as node gives them: one value as sent, repeats by node rules', async () => {
    const seen: Array<Record<string, string | undefined>> = [];
    const server = await serveWith(async (request) => {
      const names = ['authorization', 'x-list', 'user-agent', 'x-missing', 'X-List'];
      seen.push(Object.fromEntries(names.map((name) => [name, request.header(name)])));
      return OK;
    });
    const raw = await new Promise<string>((resolve) => {
      let text = '';
      const socket = connect(server.port, '127.0.0.1', () =>
        socket.write(
          'GET /x HTTP/1.1\r\nHost: x\r\nAUTHORIZATION: Basic first\r\nX-List: a\r\nUser-Agent:  spaced  \r\n' +
            'authorization: Basic second\r\nx-list: b\r\nConnection: close\r\n\r\n',
        ),
      );
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('close', () => resolve(text));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw).toMatch(/\r\nContent-Length: 11\r\n/);
    expect(seen).toEqual([
      {
        authorization: 'Basic first',
        'x-list': 'a, b',
        'user-agent': 'spaced',
        'x-missing': undefined,
        'X-List': undefined,
      },
    ]);
  });
});
