// close() lets an answer being written reach its client before it cuts the connections: the server counts its
// answers in flight and waits for that count to drop to zero. The server listens on 127.0.0.1 port 0 and is closed
// by the test.
import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { startServer } from './server.js';

// Larger than what the loopback socket buffers take in while the client does not read.
const SIZE = 24 * 1024 * 1024;

it('close() waits until an answer being written has reached a slow client', async () => {
  const text = 'x'.repeat(SIZE);
  const running = await startServer(
    { handle: async () => ({ status: 200, headers: { 'Content-Type': 'text/plain' }, body: text }) },
    { port: 0 },
  );
  const socket = connect(running.port, '127.0.0.1');
  let received = 0;
  let paused = false;
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  // The first bytes arrive: the client stops reading, so the rest of the answer waits in the server.
  const started = new Promise<void>((resolve) =>
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (paused) return;
      paused = true;
      socket.pause();
      resolve();
    }),
  );
  socket.write('GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await started;
  let resumed = false;
  const closed = running.close().then(() => resumed);
  // Give close() turns to finish early if it does not wait for the answer.
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  resumed = true;
  socket.resume();
  expect(await closed).toBe(true);
  await ended;
  // The head, then every byte of the body.
  expect(received).toBeGreaterThan(SIZE);
});
