// The standalone server's mock-only routes against pages of other sites and DNS rebinding: a foreign Host or a
// cross-origin form is refused with the error envelope and changes nothing; the inspector, same-origin pages,
// allowed dev-server origins and clients without an Origin keep working.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock } from '../../mock/create-mock.js';
import { preparedDevRealm } from '../../testing/dev-realm.js';
import { createHostCheck, parseAllowedHosts } from './control-guard.js';
import { DEFAULT_CORS_ORIGINS } from './cors.js';
import { startServer, type RunningServer } from './server.js';

let running: RunningServer;
let mock: ReturnType<typeof createMock>;
beforeAll(async () => {
  mock = createMock({ realm: preparedDevRealm(), logError: () => {} });
  running = await startServer(mock, {
    port: 0,
    cors: DEFAULT_CORS_ORIGINS,
    allowedHosts: ['mock.example.com', '*.ci.example.com'],
  });
});
afterAll(() => running.close());

interface Answer {
  status: number;
  body: string;
}

/** One request with exactly these headers (Host included), over node:http. */
function call(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: running.port, method, path, headers, setHost: false },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const own = (): string => `127.0.0.1:${running.port}`;
const FORM = { 'Content-Type': 'text/plain' };

/** Sends a channel message through the API, so that a reset would be seen: its id is then unknown. */
async function sendMessage(): Promise<number> {
  const key = 'Basic ' + btoa('hamlet@svc.test:hamletSvcDevApiKey0123456789abcd');
  const answer = await call(
    'POST',
    '/api/v1/messages',
    { Host: own(), Authorization: key, 'Content-Type': 'application/x-www-form-urlencoded' },
    'type=stream&to=Verona&topic=guard&content=still%20here',
  );
  return (JSON.parse(answer.body) as { id: number }).id;
}
const messageExists = (id: number): boolean => mock.store.state.messages.has(id);

describe('mock-only routes of the standalone server', () => {
  it('refuses a cross-origin text/plain POST /svc-mock/reset (a form on any site) and keeps the realm', async () => {
    const id = await sendMessage();
    const answer = await call('POST', '/svc-mock/reset', {
      Host: own(),
      Origin: 'https://evil.example',
      ...FORM,
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect(JSON.parse(answer.body).msg).toMatch(/Origin 'https:\/\/evil.example'/);
    expect(messageExists(id)).toBe(true);
  });

  it('refuses a foreign Host (DNS rebinding) on GET /svc-mock/accounts and the inspector, without any key', async () => {
    for (const path of ['/svc-mock/accounts', '/svc-mock/']) {
      const answer = await call('GET', path, { Host: 'evil.example' });
      expect(answer.status).toBe(403);
      expect(answer.body).not.toMatch(/SvcDevApiKey/);
      expect(JSON.parse(answer.body).msg).toMatch(/Host 'evil.example'/);
    }
  });

  it('refuses a form POST from an allowed dev-server origin that carries no X-Svc-Mock header', async () => {
    const id = await sendMessage();
    const answer = await call('POST', '/svc-mock/reset', {
      Host: own(),
      Origin: 'http://localhost:5173',
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(403);
    expect(messageExists(id)).toBe(true);
  });

  it('answers the inspector and its same-origin calls, an allowed origin with the inspector header, and plain clients', async () => {
    expect((await call('GET', '/svc-mock/', { Host: own() })).status).toBe(200);
    const sameOrigin = { Host: own(), Origin: `http://${own()}`, 'X-Svc-Mock-Inspector': '1' };
    expect((await call('GET', '/svc-mock/accounts', sameOrigin)).status).toBe(200);
    let id = await sendMessage();
    const fromDevServer = { Host: own(), Origin: 'http://localhost:5173', 'X-Svc-Mock-Inspector': '1' };
    expect((await call('POST', '/svc-mock/reset', fromDevServer)).status).toBe(200);
    expect(messageExists(id)).toBe(false);
    id = await sendMessage();
    expect((await call('POST', '/svc-mock/reset', { Host: own(), ...FORM })).status).toBe(200);
    expect(messageExists(id)).toBe(false);
    const json = { Host: own(), Origin: `http://${own()}`, 'Content-Type': 'application/json' };
    expect((await call('POST', '/svc-mock/clock', json, '{"advance":"1s"}')).status).toBe(200);
  });

  it('answers loopback names, *.localhost and the --allowed-hosts names; leaves the API alone', async () => {
    for (const host of [
      `localhost:${running.port}`,
      `realm1.localhost:${running.port}`,
      `[::1]:${running.port}`,
      'mock.example.com',
      'a.ci.example.com:8080',
    ])
      expect((await call('GET', '/svc-mock/clock', { Host: host })).status, host).toBe(200);
    expect((await call('GET', '/svc-mock/clock', { Host: 'ci.example.com.evil' })).status).toBe(403);
    expect((await call('GET', '/api/v1/server_settings', { Host: 'evil.example' })).status).toBe(200);
  });
});

describe('--allowed-hosts', () => {
  it('parses host names, *.domain patterns and *, and refuses what is not a host name', () => {
    expect(parseAllowedHosts('Mock.Example.com, *.ci.example.com')).toEqual([
      'mock.example.com',
      '*.ci.example.com',
    ]);
    expect(parseAllowedHosts('*')).toBe('*');
    expect(() => parseAllowedHosts('http://x/')).toThrow(/Not a host name/);
  });

  it('accepts every interface address when listening on all of them, and any name with *', () => {
    expect(createHostCheck('0.0.0.0')('127.0.0.1:80')).toBe(true);
    expect(createHostCheck('0.0.0.0')('evil.example')).toBe(false);
    expect(createHostCheck('127.0.0.1', '*')('evil.example')).toBe(true);
  });
});
