// Hostile HTTP against the node server: malformed framing and credentials, oversized URLs, slow and idle
// clients, clients that leave mid-body or mid-poll. Every server listens on 127.0.0.1 and is closed here.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../api/app.js';
import { createManualClock, type ManualClock } from '../../store/clock.js';
import { MEMBER } from '../../testing/accounts.js';
import { preparedDevRealm } from '../../testing/dev-realm.js';
import { basicAuth, TEST_START_MS } from '../../testing/transports.js';
import { startServer, type RunningServer } from './server.js';
import type { ServerLimits } from './limits.js';

let running: RunningServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await running?.close();
  running = undefined;
});

async function start(limits: Partial<ServerLimits> = {}): Promise<{ app: App; clock: ManualClock }> {
  const clock = createManualClock(TEST_START_MS);
  const app = createApp({ realm: preparedDevRealm(), clock, logError: () => {} });
  running = await startServer(app, { port: 0, limits });
  return { app, clock };
}

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(running!.port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
    sockets.push(socket);
  });
}

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/** Sends raw bytes and reads until the server closes the connection. */
async function raw(request: string | Buffer): Promise<RawAnswer> {
  const socket = await open();
  socket.on('error', () => {});
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(request);
  await closed;
  const text = Buffer.concat(chunks).toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  const head = text.slice(0, split);
  let body = text.slice(split + 4);
  if (/\r\ntransfer-encoding: chunked/i.test(head)) body = dechunk(body);
  return { status: Number(text.slice(9, 12)), head, body };
}

function dechunk(text: string): string {
  let out = '';
  for (let at = 0; at < text.length;) {
    const eol = text.indexOf('\r\n', at);
    const size = parseInt(text.slice(at, eol), 16);
    if (!size) break;
    out += text.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
  return out;
}

const get = (path: string, headers = ''): string =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`;

async function serves(): Promise<boolean> {
  const res = await fetch(`${running!.url}/api/v1/server_settings`);
  return res.status === 200 && ((await res.json()) as { result: string }).result === 'success';
}

describe('the node server under hostile HTTP', () => {
  it('answers malformed Basic credentials with the 401 envelope', async () => {
    await start();
    const cases = {
      'no colon': `Basic ${btoa('hamlet@svc.test')}`,
      'bad base64': 'Basic !!!not base64***',
      'non-ASCII': `Basic ${Buffer.from('hämlet@svc.test:ключ✓', 'utf8').toString('base64')}`,
      '10 KB': `Basic ${'QUFB'.repeat(2560)}`,
    };
    for (const [name, value] of Object.entries(cases)) {
      const answer = await raw(get('/api/v1/users/me', `Authorization: ${value}\r\n`));
      expect(answer.status, name).toBe(401);
      expect(JSON.parse(answer.body), name).toMatchObject({ result: 'error', code: 'UNAUTHORIZED' });
    }
    // Raw UTF-8 bytes in the header itself (not base64): node passes them on as latin-1 text.
    const bytes = Buffer.concat([
      Buffer.from('GET /api/v1/users/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Basic '),
      Buffer.from('hämlet✓', 'utf8'),
      Buffer.from('\r\n\r\n'),
    ]);
    expect((await raw(bytes)).status).toBe(401);
    expect(await serves()).toBe(true);
  });

  it('answers a bad percent-escape with a 400 envelope and an overlong path with a 431 envelope', async () => {
    await start();
    const bad = await raw(get('/api/v1/users/%zz'));
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Malformed URL path: invalid percent-encoding',
    });
    const long = await raw(get(`/api/v1/${'a'.repeat(20_000)}`));
    expect(long.status).toBe(431);
    expect(long.head).toMatch(/\r\nConnection: close/i);
    expect(long.head).toMatch(/\r\nContent-Type: application\/json/i);
    expect(JSON.parse(long.body)).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Request URL or headers too large (limit: 16384 bytes)',
    });
    const headers = await raw(get('/api/v1/server_settings', `X-Big: ${'b'.repeat(20_000)}\r\n`));
    expect(headers.status).toBe(431);
    expect(await serves()).toBe(true);
  });

  it('refuses both Content-Length and Transfer-Encoding with a 400 envelope and goes on serving', async () => {
    await start();
    const answer = await raw(
      'POST /api/v1/messages HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n' +
        '0\r\n\r\nGET /api/v1/users/me HTTP/1.1\r\nHost: x\r\n\r\n',
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    // One answer only: the smuggled second request was never served.
    expect(answer.body.match(/HTTP\/1\.1/g)).toBeNull();
    expect(await serves()).toBe(true);
  });

  it('serves other clients while a slow client sends a byte a second, and times the slow one out', async () => {
    await start({ headersTimeout: 2000, requestTimeout: 3000 });
    const slow = await open();
    let slowAnswer = '';
    slow.on('data', (chunk: Buffer) => (slowAnswer += chunk.toString()));
    const slowClosed = new Promise<void>((resolve) => slow.on('close', () => resolve()));
    const line = 'GET /api/v1/server_settings HTTP/1.1\r\nHost: x\r\n';
    let sent = 0;
    const drip = setInterval(() => {
      if (!slow.destroyed && sent < line.length) slow.write(line[sent++]!);
    }, 1000);
    try {
      // While the slow client drips, twenty ordinary requests are answered.
      const answers = await Promise.all(Array.from({ length: 20 }, () => serves()));
      expect(answers.every(Boolean)).toBe(true);
      expect(slowAnswer).toBe('');
      await slowClosed;
    } finally {
      clearInterval(drip);
    }
    // The slow client never completed its headers: it got the 408 envelope instead of holding the socket.
    expect(slowAnswer).toMatch(/^HTTP\/1\.1 408/);
    expect(slowAnswer).toContain('"code":"BAD_REQUEST"');
    expect(sent).toBeLessThan(line.length);
  });

  it('sheds idle connections past the connection limit and still serves (2,000 idle sockets, limit 200)', async () => {
    await start({ maxConnections: 200 });
    let closedByServer = 0;
    for (let batch = 0; batch < 20; batch++) {
      const opened = await Promise.all(Array.from({ length: 100 }, () => open()));
      for (const socket of opened) socket.on('close', () => closedByServer++);
    }
    expect(await serves()).toBe(true);
    const count = await new Promise<number>((resolve, reject) =>
      running!.server.getConnections((error, n) => (error ? reject(error) : resolve(n))),
    );
    expect(count).toBeLessThanOrEqual(200);
    await new Promise<void>((resolve) => {
      const check = (): void => (closedByServer >= 1800 ? resolve() : void setTimeout(check, 20));
      check();
    });
    expect(closedByServer).toBeGreaterThanOrEqual(1800);
  });

  it('forgets a client that leaves mid-body and goes on serving', async () => {
    const { app } = await start();
    const before = app.store.state.messages.size;
    const socket = await open();
    socket.on('error', () => {});
    socket.write(
      `POST /api/v1/messages HTTP/1.1\r\nHost: x\r\nAuthorization: ${basicAuth(app, MEMBER)}\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\ntype=stream&to=Verona&',
    );
    socket.destroy();
    expect(await serves()).toBe(true);
    expect(app.store.state.messages.size).toBe(before);
  });

  it('frees the queue of a client that leaves mid-poll: it expires 10 minutes later', async () => {
    const { app, clock } = await start();
    const auth = basicAuth(app, MEMBER);
    const registered = await fetch(`${running!.url}/api/v1/register`, {
      method: 'POST',
      headers: { authorization: auth },
    });
    const queueId = ((await registered.json()) as { queue_id: string }).queue_id;
    const queue = app.services.queues.get(queueId)!;
    const socket = await open();
    socket.write(get(`/api/v1/events?queue_id=${queueId}&last_event_id=-1`, `Authorization: ${auth}\r\n`));
    // The poll parks (no events yet); then the client goes away.
    await new Promise<void>((resolve) => {
      const check = (): void => (queue.waiter ? resolve() : void setTimeout(check, 5));
      check();
    });
    socket.destroy();
    await new Promise<void>((resolve) => {
      const check = (): void => (queue.waiter ? void setTimeout(check, 5) : resolve());
      check();
    });
    await clock.advance(10 * 60_000 + 60_000);
    expect(app.services.queues.get(queueId)).toBeUndefined();
    const res = await fetch(`${running!.url}/api/v1/events?queue_id=${queueId}&last_event_id=-1`, {
      headers: { authorization: auth },
    });
    expect(((await res.json()) as { code: string }).code).toBe('BAD_EVENT_QUEUE_ID');
  });
});

describe('a client that leaves in the middle of its body', () => {
  const shapes: Record<string, [framing: string, body: string, leave: (socket: Socket) => void]> = {
    'declared length, part sent, then FIN': ['Content-Length: 1000', 'type=stream', (s) => s.end()],
    'declared length, part sent, then close': ['Content-Length: 1000', 'type=stream', (s) => s.destroy()],
    'declared length, part sent, then RST': [
      'Content-Length: 1000',
      'type=stream',
      (s) => s.resetAndDestroy(),
    ],
    'chunked, part sent, then close': ['Transfer-Encoding: chunked', '5\r\ntype=', (s) => s.destroy()],
    'chunked, part sent, then FIN': ['Transfer-Encoding: chunked', '5\r\ntype=', (s) => s.end()],
    'headers only, then close': ['Content-Length: 10', '', (s) => s.destroy()],
  };

  it.each(Object.entries(shapes))(
    'is logged as one line without a stack: %s',
    async (_name, [framing, body, leave]) => {
      const logged: Array<[string, unknown]> = [];
      const app = createApp({
        realm: preparedDevRealm(),
        clock: createManualClock(TEST_START_MS),
        logError: (message, error) => logged.push([message, error]),
      });
      running = await startServer(app, { port: 0 });
      const socket = await open();
      socket.on('error', () => {});
      socket.resume(); // reads (and drops) what the server answers, so that its close is seen
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(
        `POST /api/v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basicAuth(app, MEMBER)}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\n${framing}\r\n\r\n${body}`,
      );
      // The server must have the request (and be waiting for the rest of its body) before the client leaves.
      await new Promise((resolve) => setTimeout(resolve, 100));
      leave(socket);
      await closed;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(logged).toEqual([
        ['svc-mock: client left before its body arrived: POST /api/v1/messages', undefined],
      ]);
    },
  );
});
