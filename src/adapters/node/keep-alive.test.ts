import { request, Agent } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { preparedDevRealm } from '../../testing/dev-realm.js';
import { basicAuth } from '../../testing/transports.js';
import { startServer, type RunningServer } from './server.js';

let server: RunningServer;
const app = createApp({ realm: preparedDevRealm(), logError: () => {} });
beforeAll(async () => {
  server = await startServer(app, {
    port: 0,
    host: '127.0.0.1',
  });
});
afterAll(async () => {
  await server.close();
});

/** One request on a keep-alive agent: status, Connection header and whether the socket was reused. */
function send(agent: Agent, method: string, path: string, body?: string, authorization?: string) {
  return new Promise<{ status: number; connection: string | undefined; reused: boolean }>(
    (resolve, reject) => {
      const req = request(`${server.url}${path}`, { method, agent }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode!, connection: res.headers.connection, reused: req.reusedSocket }),
        );
      });
      req.on('error', reject);
      if (body !== undefined) req.setHeader('content-type', 'application/x-www-form-urlencoded');
      if (authorization !== undefined) req.setHeader('authorization', authorization);
      req.end(body);
    },
  );
}

it('says Connection: close when it refuses a request before reading its body, so keep-alive clients do not reuse it', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const refused = await send(agent, 'POST', '/api/v1/users/me/pointer', 'pointer=1');
    expect([refused.status, refused.connection]).toEqual([404, 'close']);
    const next = await send(agent, 'GET', '/api/v1/server_settings');
    expect([next.status, next.reused]).toEqual([200, false]);
    const again = await send(agent, 'GET', '/api/v1/server_settings');
    expect([again.status, again.connection, again.reused]).toEqual([200, 'keep-alive', true]);
  } finally {
    agent.destroy();
  }
});

it('keeps the connection of a POST whose body it read whole (taken from the buffer before node saw its end)', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const auth = basicAuth(app, 'iago@svc.test');
  try {
    const first = await send(agent, 'POST', '/api/v1/typing', 'op=start&type=direct&to=%5B10%5D', auth);
    expect([first.status, first.connection]).toEqual([200, 'keep-alive']);
    const sent = await send(
      agent,
      'POST',
      '/api/v1/messages',
      'type=stream&to=Denmark&topic=t&content=hi',
      auth,
    );
    expect([sent.status, sent.connection, sent.reused]).toEqual([200, 'keep-alive', true]);
  } finally {
    agent.destroy();
  }
});
