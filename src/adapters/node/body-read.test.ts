// Reading a node request body: one chunk is given as it came, several are joined, the limit is kept while
// chunks arrive, and the reader leaves no listeners behind. A stream stands in for node's request here; the
// last test goes through a server on 127.0.0.1 port 0, closed by the test.
import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BodyAbortedError, BodyTooLargeError } from '../../api/route.js';
import { readNodeBody } from './limits.js';
import { startServer } from './server.js';

/** A stream dressed as a node request with the given raw header pairs. */
function fakeRequest(rawHeaders: string[] = [], method = 'POST'): PassThrough & IncomingMessage {
  const stream = new PassThrough() as PassThrough & IncomingMessage;
  const headers: Record<string, string> = {};
  for (let i = 0; i < rawHeaders.length; i += 2) headers[rawHeaders[i]!.toLowerCase()] = rawHeaders[i + 1]!;
  Object.assign(stream, { method, rawHeaders, headers });
  return stream;
}

function listeners(req: IncomingMessage): number[] {
  return [req.listenerCount('data'), req.listenerCount('end'), req.listenerCount('error')];
}

describe('readNodeBody', () => {
  it('takes a declared body already buffered with one read, listening for nothing', async () => {
    const req = fakeRequest(['Content-Length', '5']);
    const chunk = Buffer.from('a=b&c');
    const reading = readNodeBody(req, 100);
    req.end(chunk);
    const body = await reading;
    expect(body).toBe(chunk);
    expect(req.readableLength).toBe(0);
    expect(listeners(req)).toEqual([0, 0, 0]);
  });

  it('listens for a declared body still on its way, gives one chunk as it came, and removes its listeners', async () => {
    const req = fakeRequest(['Content-Length', '5']);
    const reading = readNodeBody(req, 100);
    await Promise.resolve();
    expect(listeners(req)).toEqual([1, 1, 1]);
    const chunk = Buffer.from('a=b&c');
    req.end(chunk);
    expect(await reading).toBe(chunk);
    expect(listeners(req)).toEqual([0, 0, 0]);
  });

  it('listens when part of a declared body is buffered, and joins the parts', async () => {
    const req = fakeRequest(['Content-Length', '9']);
    const reading = readNodeBody(req, 100);
    req.write(Buffer.from('a=b&'));
    await Promise.resolve();
    expect(listeners(req)).toEqual([1, 1, 1]);
    req.end(Buffer.from('c=def'));
    expect(Buffer.from((await reading)!).toString()).toBe('a=b&c=def');
  });

  it('rejects a request gone before its declared body arrived', async () => {
    const req = fakeRequest(['Content-Length', '5']);
    const reading = readNodeBody(req, 100);
    req.destroy();
    await expect(reading).rejects.toBeInstanceOf(BodyAbortedError);
    expect(listeners(req)).toEqual([0, 0, 0]);
  });

  it('joins several chunks in order', async () => {
    const req = fakeRequest();
    const reading = readNodeBody(req, 100);
    req.write(Buffer.from('content='));
    req.write(Buffer.from('hello'));
    req.end(Buffer.from('&to=x'));
    expect(Buffer.from((await reading)!).toString()).toBe('content=hello&to=x');
    expect(listeners(req)).toEqual([0, 0, 0]);
  });

  it('gives null for an empty body and for GET', async () => {
    const empty = fakeRequest();
    const reading = readNodeBody(empty, 100);
    empty.end();
    expect(await reading).toBeNull();
    expect(await readNodeBody(fakeRequest([], 'GET'), 100)).toBeNull();
  });

  it('refuses a declared length over the limit before reading, from the raw header pairs', async () => {
    const req = fakeRequest(['content-LENGTH', '101']);
    await expect(readNodeBody(req, 100)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(listeners(req)).toEqual([0, 0, 0]);
    const fits = fakeRequest(['Content-Length', '100']);
    const reading = readNodeBody(fits, 100);
    fits.end(Buffer.alloc(100));
    expect((await reading)!.length).toBe(100);
  });

  it('stops at the chunk that passes the limit, pauses the request and keeps no listener', async () => {
    const req = fakeRequest();
    const reading = readNodeBody(req, 10);
    req.write(Buffer.alloc(6));
    req.write(Buffer.alloc(6));
    await expect(reading).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(req.isPaused()).toBe(true);
    expect(listeners(req)).toEqual([0, 0, 0]);
  });

  it('rejects with the stream error', async () => {
    const req = fakeRequest();
    const reading = readNodeBody(req, 10);
    req.destroy(new Error('torn'));
    await expect(reading).rejects.toThrow('torn');
  });

  it('reads two requests at once apart', async () => {
    const one = fakeRequest();
    const two = fakeRequest();
    const first = readNodeBody(one, 100);
    const second = readNodeBody(two, 100);
    two.write(Buffer.from('two-'));
    one.write(Buffer.from('one-'));
    two.end(Buffer.from('b'));
    one.end(Buffer.from('a'));
    expect(Buffer.from((await first)!).toString()).toBe('one-a');
    expect(Buffer.from((await second)!).toString()).toBe('two-b');
  });

  it('keeps a body intact while later requests arrive on the same connection', async () => {
    const kept: Uint8Array[] = [];
    const running = await startServer(
      {
        handle: async (request) => {
          kept.push((await request.readBody!(1000))!);
          return { status: 200, headers: {}, body: { n: kept.length } };
        },
      },
      { port: 0 },
    );
    try {
      const socket = connect(running.port, '127.0.0.1');
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      const bodies = ['a'.repeat(300), 'b'.repeat(300), 'c'.repeat(300)];
      for (const [i, body] of bodies.entries()) {
        socket.write(`POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
        while (!text.includes(`{"n":${i + 1}}`))
          await new Promise<void>((resolve) => socket.once('data', () => resolve()));
      }
      socket.destroy();
      expect(kept.map((body) => Buffer.from(body).toString())).toEqual(bodies);
    } finally {
      await running.close();
    }
  });

  it('reads a chunked body sent in pieces through the server', async () => {
    const running = await startServer(
      {
        handle: async (request) => {
          const body = await request.readBody!(1000);
          return { status: 200, headers: {}, body: { got: Buffer.from(body!).toString() } };
        },
      },
      { port: 0 },
    );
    try {
      const text = await new Promise<string>((resolve, reject) => {
        const req = httpRequest(`${running.url}/x`, { method: 'POST' }, (res) => {
          let out = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (out += chunk));
          res.on('end', () => resolve(out));
        });
        req.on('error', reject);
        req.write('first,');
        setImmediate(() => req.end('second'));
      });
      expect(JSON.parse(text)).toEqual({ got: 'first,second' });
    } finally {
      await running.close();
    }
  });
});
