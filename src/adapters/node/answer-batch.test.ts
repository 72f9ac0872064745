// Answers made ready in one turn of the event loop are written together at its end: each still reaches its own
// client, in request order on a connection, and a lingering (refused) answer is written at once. The servers
// listen on 127.0.0.1 port 0 and are closed here.
import { connect } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../api/route.js';
import { startServer, type RunningServer } from './server.js';

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** A dispatcher that holds every request until `count` have arrived, then answers them all in one turn. */
function heldUntil(count: number, order: (held: number) => number[] = (n) => [...Array(n).keys()]) {
  const waiting: Array<{ request: ApiRequest; resolve: (response: ApiResponse) => void }> = [];
  return {
    handle(request: ApiRequest): Promise<ApiResponse> {
      return new Promise((resolve) => {
        waiting.push({ request, resolve });
        if (waiting.length < count) return;
        for (const i of order(waiting.length)) {
          const { request: r, resolve: answer } = waiting[i]!;
          answer({ status: 200, headers: { 'Content-Type': 'application/json' }, body: { path: r.path } });
        }
      });
    },
  };
}

/** Sends `raw` on a new connection and reads until `answers` HTTP answers with bodies have arrived. */
function exchange(url: string, raw: string, answers: number): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(raw));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.split('{"path":').length - 1 === answers) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('error', reject);
  });
}

it('writes answers settled in the same turn each to its own client', async () => {
  running = await startServer(heldUntil(12), { port: 0 });
  const url = running.url;
  const bodies = await Promise.all(
    Array.from({ length: 12 }, async (_, i) => {
      const text = await exchange(url, `GET /n/${i} HTTP/1.1\r\nHost: x\r\n\r\n`, 1);
      return text.slice(text.indexOf('\r\n\r\n') + 4);
    }),
  );
  expect(bodies).toEqual(Array.from({ length: 12 }, (_, i) => JSON.stringify({ path: `/n/${i}` })));
});

it('keeps request order on a connection when later requests are answered first', async () => {
  // Node hands pipelined requests to the dispatcher together; they are answered last first.
  running = await startServer(
    heldUntil(3, (n) => [...Array(n).keys()].reverse()),
    { port: 0 },
  );
  const raw = ['a', 'b', 'c'].map((p) => `GET /${p} HTTP/1.1\r\nHost: x\r\n\r\n`).join('');
  const text = await exchange(running.url, raw, 3);
  const paths = [...text.matchAll(/\{"path":"([^"]+)"\}/g)].map((m) => m[1]);
  expect(paths).toEqual(['/a', '/b', '/c']);
  expect(text.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(3);
});

it('answers a refused body at once and closes, while other answers of the turn still go out', async () => {
  let refusals = 0;
  running = await startServer(
    {
      async handle(request) {
        if (request.method === 'POST') {
          refusals++;
          return { status: 413, headers: { 'Content-Type': 'application/json' }, body: { path: 'refused' } };
        }
        return { status: 200, headers: { 'Content-Type': 'application/json' }, body: { path: request.path } };
      },
    },
    { port: 0 },
  );
  const [refused, fine] = await Promise.all([
    // The body is announced but never sent: the answer is written while it is unread.
    exchange(running.url, 'POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n', 1),
    exchange(running.url, 'GET /g HTTP/1.1\r\nHost: x\r\n\r\n', 1),
  ]);
  expect(refusals).toBe(1);
  expect(refused).toMatch(/^HTTP\/1\.1 413 [\s\S]*Connection: close\r\n[\s\S]*\{"path":"refused"\}$/);
  expect(fine).toMatch(/^HTTP\/1\.1 200 [\s\S]*\{"path":"\/g"\}$/);
});
