import { describe, expect, it } from 'vitest';
import { createMockTarget } from '../mock-target.js';
import type { Feature, Target } from '../target.js';
import { probeServerClock } from './clock-probe.js';

function server(features: Feature[], answer: (path: string) => Response): Target {
  return {
    name: 'http://server.test',
    baseUrl: 'http://server.test',
    features: new Set(features),
    session: () =>
      Promise.resolve({
        fetch: (request: Request) => Promise.resolve(answer(new URL(request.url).pathname)),
        close: () => Promise.resolve(),
      }),
    close: () => Promise.resolve(),
  };
}

describe('probeServerClock', () => {
  it("reads a svc-mock server's control clock, which scenarios may have moved", async () => {
    const target = server(['control'], (path) =>
      path === '/svc-mock/clock'
        ? Response.json({ now: 1_900_000_000.25 })
        : new Response('', { status: 404 }),
    );
    expect(await probeServerClock(target)).toBe(1_900_000_000_250);
  });

  it("reads another server's Date header, taking the middle of its second", async () => {
    const target = server([], (path) =>
      path === '/api/v1/server_settings'
        ? Response.json({}, { headers: { date: 'Tue, 15 Jan 2030 08:00:00 GMT' } })
        : new Response('', { status: 404 }),
    );
    expect(await probeServerClock(target)).toBe(Date.parse('2030-01-15T08:00:00Z') + 500);
  });

  it('knows nothing of a server without either, or of the in-process mock', async () => {
    expect(await probeServerClock(server([], () => new Response('', { status: 404 })))).toBeUndefined();
    const failing = server([], () => {
      throw new Error('unreachable');
    });
    expect(await probeServerClock(failing)).toBeUndefined();
    expect(await probeServerClock(createMockTarget())).toBeUndefined();
  });
});
