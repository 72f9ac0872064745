import { describe, expect, it } from 'vitest';
import { buildProgram } from './main.js';
import { trafficFromFlags, describeTraffic } from './traffic-options.js';

/** Parses `serve <args>` without starting a server: only bad values reach the end (commander throws). */
async function serveError(args: string[]): Promise<string> {
  const program = buildProgram();
  const serve = program.commands.find((c) => c.name() === 'serve')!;
  let stderr = '';
  for (const c of [program, serve]) c.exitOverride().configureOutput({ writeErr: (s) => (stderr += s) });
  await expect(program.parseAsync(['node', 'svc-mock', 'serve', ...args])).rejects.toThrow();
  return stderr;
}

describe('serve traffic flags', () => {
  it.each([
    [['--latency', 'soon'], /Invalid latency 'soon'/],
    [['--latency', '300..50'], /Invalid latency 300..50/],
    [['--fail-rate', '1.5'], /Invalid fail rate '1.5'/],
    [['--fail-kinds', '500,teapot'], /each must be one of 500, 502, 503, 504, drop/],
    [['--rate-limit', 'lots'], /Invalid rate limit 'lots'/],
    [['--seed', '-1'], /Not a seed/],
  ])('refuses %j with a clear message', async (args, message) => {
    expect(await serveError(args)).toMatch(message);
  });

  it('builds a seeded Traffic from the flags, all off without them', () => {
    expect(trafficFromFlags({}).get()).toEqual({ endpoints: {}, users: {} });
    const traffic = trafficFromFlags({
      latency: '50..300',
      failRate: '0.01',
      failKinds: '500,503,drop',
      rateLimit: '200/60s',
      seed: 3,
    });
    expect(traffic.get()).toEqual({
      latency: { min: 50, max: 300 },
      failRate: 0.01,
      failKinds: ['500', '503', 'drop'],
      rateLimit: { limit: 200, windowSeconds: 60 },
      endpoints: {},
      users: {},
    });
    expect(describeTraffic(traffic)).toBe(
      'Traffic: latency 50..300 ms; fail rate 0.01 (500, 503, drop); rate limit 200/60s per user',
    );
  });
});
