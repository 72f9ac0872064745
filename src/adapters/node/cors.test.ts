import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import realm from '../../../fixtures/minimal-realm.json' with { type: 'json' };
import { createMock } from '../../mock/create-mock.js';
import { callOverHttp as call } from '../../testing/node-http-call.js';
import { allowedOrigin, DEFAULT_CORS_ORIGINS, parseCorsOrigins, type CorsOrigins } from './cors.js';
import { startServer, type RunningServer } from './server.js';

describe('CORS on the standalone server', () => {
  const servers: Record<string, RunningServer> = {};
  const start = async (name: string, cors: CorsOrigins | undefined): Promise<void> => {
    servers[name] = await startServer(createMock({ realm }), { port: 0, cors });
  };

  beforeAll(async () => {
    await start('default', DEFAULT_CORS_ORIGINS);
    await start('any', '*');
    await start('listed', parseCorsOrigins('http://app.test:8080, https://chat.test'));
    await start('off', undefined);
  });
  afterAll(() => Promise.all(Object.values(servers).map((s) => s.close())));

  it('answers a preflight from a localhost dev server with the methods and headers a client needs', async () => {
    const answer = await call(`${servers.default!.url}/api/v1/messages`, 'OPTIONS', {
      Origin: 'http://localhost:5173',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization, content-type',
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(answer.headers['access-control-allow-methods']).toMatch(/\bPOST\b/);
    expect(answer.headers['access-control-allow-methods']).toMatch(/\bPATCH\b/);
    expect(answer.headers['access-control-allow-headers']).toBe(
      'Authorization, Content-Type, X-Svc-Mock-Inspector',
    );
    expect(answer.headers.vary).toBe('Origin');
  });

  it('marks an API answer for an allowed origin and exposes the rate-limit headers', async () => {
    const answer = await call(`${servers.default!.url}/api/v1/server_settings`, 'GET', {
      Origin: 'http://127.0.0.1:4000',
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ result: 'success' });
    expect(answer.headers['access-control-allow-origin']).toBe('http://127.0.0.1:4000');
    expect(answer.headers['access-control-expose-headers']).toContain('X-RateLimit-Remaining');
    expect(answer.headers['access-control-expose-headers']).toContain('Retry-After');
  });

  it('does not allow other origins, nor a localhost origin on https or without a port', async () => {
    for (const origin of [
      'http://evil.test',
      'https://localhost:5173',
      'http://localhost',
      'http://localhost:5x',
    ]) {
      const answer = await call(`${servers.default!.url}/api/v1/server_settings`, 'OPTIONS', {
        Origin: origin,
        'Access-Control-Request-Method': 'GET',
      });
      expect(answer.status, origin).toBe(204);
      expect(answer.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(answer.headers['access-control-allow-methods'], origin).toBeUndefined();
    }
  });

  it("allows every origin with '*' and only the listed ones with a list", async () => {
    const any = await call(`${servers.any!.url}/api/v1/server_settings`, 'GET', { Origin: 'https://x.test' });
    expect(any.headers['access-control-allow-origin']).toBe('*');
    const listed = await call(`${servers.listed!.url}/api/v1/server_settings`, 'GET', {
      Origin: 'https://chat.test',
    });
    expect(listed.headers['access-control-allow-origin']).toBe('https://chat.test');
    const other = await call(`${servers.listed!.url}/api/v1/server_settings`, 'GET', {
      Origin: 'http://app.test:8081',
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends no CORS headers when off, and OPTIONS then reaches the API', async () => {
    const answer = await call(`${servers.off!.url}/api/v1/server_settings`, 'OPTIONS', {
      Origin: 'http://localhost:5173',
      'Access-Control-Request-Method': 'GET',
    });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-methods']).toBeUndefined();
    // The API's own OPTIONS answer: the route's methods in Allow.
    expect(answer.headers.allow).toMatch(/GET/);
  });

  it('parses --cors values and rejects what is not an origin', () => {
    expect(parseCorsOrigins('*')).toBe('*');
    expect(parseCorsOrigins('http://localhost:*,http://a.test/')).toEqual([
      'http://localhost:*',
      'http://a.test',
    ]);
    expect(() => parseCorsOrigins('localhost:5173')).toThrow(/Not an origin/);
    // Subdomain patterns: realm pages such as http://r1.localhost:5173.
    const realms = parseCorsOrigins('http://*.localhost:*');
    for (const origin of ['http://r1.localhost:5173', 'http://a.b.localhost:9991'])
      expect(allowedOrigin(realms, origin), origin).toBe(origin);
    for (const origin of [
      'http://localhost:5173',
      'https://r1.localhost:5173',
      'http://r1.localhost.evil:80',
      'http://evil-localhost:1',
      'http://r1.localhost:x',
    ])
      expect(allowedOrigin(realms, origin), origin).toBeUndefined();
    expect(() => parseCorsOrigins('http://a.test/path')).toThrow(/Not an origin/);
  });
});
