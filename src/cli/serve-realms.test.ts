import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { callOverHttp } from '../testing/node-http-call.js';
import { startServeProcess } from '../testing/serve-process.js';
import { parseRealmCount, parseRealmHost } from './serve-realms.js';

const RUN = new URL('./run.ts', import.meta.url).pathname;

describe('serve --realms and --realm-host', () => {
  it('makes r1..rN at start, serves each at its subdomain of localhost and of the realm host', async () => {
    const serve = await startServeProcess([
      '--import',
      'tsx',
      RUN,
      'serve',
      '--port',
      '0',
      '--realms',
      '2',
      '--realm-host',
      'mock.example.test',
    ]);
    try {
      const port = new URL(serve.url).port;
      await expect.poll(() => serve.output()).toContain('Realms: 2 more');
      expect(serve.output()).toContain(
        `http://r1.mock.example.test:${port} http://r2.mock.example.test:${port}`,
      );
      const listed = await callOverHttp(`${serve.url}/svc-mock/realms`, 'GET', {});
      expect(JSON.parse(listed.body).realms.map((r: { subdomain: string }) => r.subdomain)).toEqual([
        'r1',
        'r2',
      ]);
      for (const host of [`r2.localhost:${port}`, `r2.mock.example.test:${port}`, 'r2.mock.example.test']) {
        const settings = await callOverHttp(`${serve.url}/api/v1/server_settings`, 'GET', { Host: host });
        expect(JSON.parse(settings.body).realm_url, host).toBe(`http://r2.mock.example.test:${port}`);
        // The control routes answer realm hosts (the Host check allows the realm host's subdomains).
        expect((await callOverHttp(`${serve.url}/svc-mock/accounts`, 'GET', { Host: host })).status).toBe(
          200,
        );
      }
      const root = await callOverHttp(`${serve.url}/api/v1/server_settings`, 'GET', {
        Host: 'mock.example.test',
      });
      expect(JSON.parse(root.body).realm_url).toBe('http://localhost:9991');
      const missing = await callOverHttp(`${serve.url}/api/v1/server_settings`, 'GET', {
        Host: 'r3.mock.example.test',
      });
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.body).code).toBe('NONEXISTENT_SUBDOMAIN');
      // Named sources of the node server: a fixture by name, a realm file path, and an unknown name.
      const post = async (body: unknown) => {
        const answer = await request(`${serve.url}/svc-mock/realms`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: answer.statusCode, body: (await answer.body.json()) as Record<string, unknown> };
      };
      const minimal = await post({ subdomain: 'mini', source: 'minimal' });
      expect(minimal.status).toBe(200);
      expect(JSON.stringify(minimal.body.accounts)).toContain('olivia@acme.test');
      const file = await post({ subdomain: 'file', source: 'fixtures/minimal-realm.json' });
      expect(file.status).toBe(200);
      expect(file.body.realm_url).toBe(`http://file.mock.example.test:${port}`);
      const unknown = await post({ subdomain: 'none', source: 'no-such-realm' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.msg).toMatch(/Unknown realm source 'no-such-realm'/);
    } finally {
      serve.child.kill('SIGTERM');
      expect(await serve.exited).toBe(0);
    }
  });

  it('refuses a realm count out of range and a realm host that is not a host name', () => {
    expect(parseRealmCount('0')).toBe(0);
    expect(parseRealmCount('200')).toBe(200);
    for (const bad of ['-1', '1.5', 'x', '1001']) expect(() => parseRealmCount(bad)).toThrow(/realm count/);
    expect(parseRealmHost('Mock.Example.TEST')).toBe('mock.example.test');
    for (const bad of ['http://x.test', '.x.test', 'x.test:80', 'a..b', ''])
      expect(() => parseRealmHost(bad)).toThrow();
  });
});
