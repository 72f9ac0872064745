// The node server's budget of request-body bytes held at once: a body that does not fit beside the ones being
// received is answered 429 with the error envelope before it is read, and the budget is given back once the
// answers are written.
import { connect, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { createManualClock } from '../../store/clock.js';
import { MEMBER } from '../../testing/accounts.js';
import { preparedDevRealm } from '../../testing/dev-realm.js';
import { basicAuth, TEST_START_MS } from '../../testing/transports.js';
import { BodyBudget } from './body-budget.js';
import { startServer, type RunningServer } from './server.js';

let running: RunningServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await running?.close();
  running = undefined;
});

const KB = 1024;

async function start(maxBodyMemory: number): Promise<string> {
  const app = createApp({
    realm: preparedDevRealm(),
    clock: createManualClock(TEST_START_MS),
    logError: () => {},
  });
  running = await startServer(app, { port: 0, limits: { maxBodyMemory } });
  return basicAuth(app, MEMBER);
}

/** Opens a connection, sends `head` and `body`, and resolves with the whole answer once the server ends it. */
function exchange(
  head: string,
  body: Buffer | string,
  hold = false,
): { socket: Socket; answer: Promise<string> } {
  const socket = connect(running!.port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => {});
  let text = '';
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (/\r\n\r\n[\s\S]*\}$/.test(text)) resolve(text);
    });
    socket.on('close', () => resolve(text));
  });
  socket.write(head);
  if (!hold) socket.write(body);
  return { socket, answer };
}

const message = (auth: string, framing: string): string =>
  `POST /api/v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\n` +
  `Content-Type: application/x-www-form-urlencoded\r\n${framing}\r\n\r\n`;

function form(size: number): string {
  const head = 'type=stream&to=Verona&topic=budget&content=';
  return head + 'a'.repeat(size - head.length);
}

it('answers 429 with Retry-After before reading a body that does not fit beside one being received', async () => {
  // A body of 64 KB or more is counted twice (its buffer and the socket chunks it came in): 160 KB of 200.
  const auth = await start(200 * KB);
  const first = exchange(message(auth, `Content-Length: ${80 * KB}`), form(80 * KB), true);
  // The first body is declared and counted; the server waits for its bytes.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const second = await exchange(message(auth, `Content-Length: ${50 * KB}`), form(50 * KB)).answer;
  expect(second).toMatch(/^HTTP\/1\.1 429 /);
  expect(second).toMatch(/\r\nRetry-After: 1\r\n/i);
  expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toMatchObject({
    result: 'error',
    code: 'RATE_LIMIT_HIT',
    'retry-after': 1,
  });
  first.socket.write(form(80 * KB));
  expect(await first.answer).toMatch(/^HTTP\/1\.1 200 /);
  // Both answers are written: the budget is whole again, and the same body now fits.
  const third = await exchange(message(auth, `Content-Length: ${50 * KB}`), form(50 * KB)).answer;
  expect(third).toMatch(/^HTTP\/1\.1 200 /);
});

it('counts a chunked body as it arrives and refuses it once it stops fitting', async () => {
  const auth = await start(50 * KB);
  const piece = 'a'.repeat(20 * KB);
  const chunks = ['type=stream&to=Verona&topic=budget&content=', piece, piece, piece]
    .map((c) => `${c.length.toString(16)}\r\n${c}\r\n`)
    .join('');
  const answer = await exchange(message(auth, 'Transfer-Encoding: chunked'), `${chunks}0\r\n\r\n`).answer;
  expect(answer).toMatch(/^HTTP\/1\.1 429 /);
  const fits = `${['type=stream&to=Verona&topic=budget&content=', piece].map((c) => `${c.length.toString(16)}\r\n${c}\r\n`).join('')}0\r\n\r\n`;
  expect(await exchange(message(auth, 'Transfer-Encoding: chunked'), fits).answer).toMatch(
    /^HTTP\/1\.1 200 /,
  );
});

it('reserves only what fits and gives back what it counted', () => {
  const budget = new BodyBudget(100);
  expect(budget.reserve(60)).toBe(true);
  expect(budget.reserve(50)).toBe(false);
  expect(budget.used).toBe(60);
  budget.release(60);
  expect(budget.reserve(100)).toBe(true);
});
