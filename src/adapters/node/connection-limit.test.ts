// The connection limit sheds the longest-idle connection: a connection whose request is being answered is
// busy and kept; once its answer closes it is idle again, behind the connections idle before it. The server
// listens on 127.0.0.1 port 0 and is closed by the test.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../api/route.js';
import { startServer, type RunningServer } from './server.js';

let running: RunningServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.length = 0;
  await running?.close();
  running = undefined;
});

const OK: ApiResponse = { status: 200, headers: { 'Content-Type': 'application/json' }, body: { ok: true } };

/** An open connection, with its received text and a promise of its closing. */
async function open(port: number): Promise<{ socket: Socket; text: () => string; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, text: () => text, closed };
}

/** Resolves once `read()` includes `part`. */
async function waitFor(socket: Socket, read: () => string, part: string): Promise<void> {
  while (!read().includes(part)) await new Promise<void>((resolve) => socket.once('data', () => resolve()));
}

describe('node server connection limit', () => {
  it('keeps a connection busy while its answer is pending and idle again once it closes', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const seen: string[] = [];
    running = await startServer(
      {
        handle: async (request) => {
          seen.push(request.path);
          if (request.path === '/hold') await held;
          return OK;
        },
      },
      { port: 0, limits: { maxConnections: 2 } },
    );
    const port = running.port;
    const busy = await open(port);
    busy.socket.write('GET /hold HTTP/1.1\r\nHost: x\r\n\r\n');
    const other = await open(port);
    other.socket.write('GET /quick HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor(other.socket, other.text, '{"ok":true}');
    while (seen.length < 2) await new Promise((resolve) => setImmediate(resolve));

    // A third connection: the idle one goes, the busy one stays.
    const third = await open(port);
    await other.closed;
    expect(busy.socket.destroyed).toBe(false);

    // Answered, the held connection is idle again, after the third (idle since it connected): the next
    // connection sheds the third, the one after it the once-held connection rather than the fourth.
    release();
    await waitFor(busy.socket, busy.text, '{"ok":true}');
    const fourth = await open(port);
    await third.closed;
    expect(busy.socket.destroyed).toBe(false);
    await open(port);
    await busy.closed;
    expect(fourth.socket.destroyed).toBe(false);
  });
});
