import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsFromList } from './accounts.js';
import { createHttpTarget } from './http-target.js';
import { parseScenario } from './loader.js';
import { formatFailures } from './report.js';
import { readFeatureLevel, runScenario, type RunOptions } from './runner.js';
import type { Target } from './target.js';

// A server of misbehaving routes: /hang never answers, /reset destroys the socket, /flaky/<n> answers 503 to
// the first n requests of its key, /slow answers after 150 ms; everything else is a JSON 200.
const counts = new Map<string, number>();
let server: Server;
let base: string;
const seen: string[] = [];

function handle(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '').split('?')[0]!.replace(/^\/api\/v1/, '');
  seen.push(`${req.method} ${path}`);
  if (path === '/hang') return;
  if (path === '/reset') return void req.socket.destroy();
  const flaky = /^\/flaky\/(\d+)(\/.*)?$/.exec(path);
  if (flaky) {
    const n = (counts.get(path) ?? 0) + 1;
    counts.set(path, n);
    if (n <= Number(flaky[1])) {
      res.writeHead(503, { 'content-type': 'text/plain' });
      return void res.end('busy');
    }
  }
  const answer = (): void => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ result: 'success', msg: '', svc_feature_level: 300 }));
  };
  if (path === '/slow') setTimeout(answer, 150);
  else answer();
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const book = accountsFromList([]);

const run = (yaml: string, target: Target, extra: Partial<RunOptions> = {}) =>
  runScenario(parseScenario(`name: n\nmutates: false\nactors: { visitor: none }\n${yaml}`, 'net.yaml'), {
    target,
    accounts: book,
    featureLevel: 300,
    runId: 'net',
    ...extra,
  });

// Route checks are not what these tests are about: answers of unknown paths fail the schema checks, so each
// test looks at the failures of its kind.
const kinds = (r: Awaited<ReturnType<typeof run>>) => r.failures.map((f) => f.kind);

describe('the runner on a misbehaving network', () => {
  it('reports a request without an answer as a timeout naming the step and the elapsed time', async () => {
    const target = createHttpTarget(base, { timeoutMs: 300 });
    try {
      const started = Date.now();
      const result = await run('steps:\n  - request: GET /hang\n', target);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(kinds(result)).toEqual(['timeout']);
      expect(result.failures[0]!.step).toBe('steps[0] GET /hang');
      expect(result.failures[0]!.message).toMatch(
        /^GET \/api\/v1\/hang: no answer within 300 ms \(--timeout\) after \d+ ms$/,
      );
      expect(result.steps[0]!.durationMs).toBeGreaterThanOrEqual(250);
    } finally {
      await target.close();
    }
  });

  it('reports a connection the server closes, and a refused connection, as network failures with the cause', async () => {
    const target = createHttpTarget(base, { timeoutMs: 2000 });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = createHttpTarget(`http://127.0.0.1:${port}`, { timeoutMs: 2000 });
    try {
      const reset = await run('steps:\n  - request: GET /reset\n', target);
      expect(kinds(reset)).toEqual(['network']);
      expect(reset.failures[0]!.message).toMatch(
        /^GET \/api\/v1\/reset: connection (closed by the server|reset)/,
      );
      const nobody = await run('steps:\n  - request: GET /server_settings\n', refused);
      expect(kinds(nobody)).toEqual(['network']);
      expect(nobody.failures[0]!.message).toContain('connection refused (ECONNREFUSED)');
      expect(formatFailures(nobody)).not.toContain('    at ');
    } finally {
      await target.close();
      await refused.close();
    }
  });

  it('retries GET requests answered 503 and counts the retries; the scenario is flaky', async () => {
    const target = createHttpTarget(base, { timeoutMs: 2000 });
    try {
      const result = await run('steps:\n  - request: GET /flaky/2/a\n', target, {
        retry: { retries: 3, delayMs: 1 },
      });
      expect(result.steps[0]!.attempts).toBe(3);
      expect(result.steps[0]!.response?.status).toBe(200);
      expect(result.retries).toBe(2);
      expect(kinds(result)).toEqual([]);
      expect(result.flaky).toBe(true);
      const exhausted = await run('steps:\n  - request: GET /flaky/5/b\n', target, {
        retry: { retries: 1, delayMs: 1 },
      });
      expect(exhausted.steps[0]!.attempts).toBe(2);
      expect(exhausted.steps[0]!.response?.status).toBe(503);
      expect(exhausted.flaky).toBeUndefined();
    } finally {
      await target.close();
    }
  });

  it('never retries a write unless its step says retry: true', async () => {
    const target = createHttpTarget(base, { timeoutMs: 2000 });
    try {
      const retry = { retries: 3, delayMs: 1 };
      const once = await run('steps:\n  - request: POST /flaky/1/c\n', target, { retry });
      expect(once.steps[0]!.attempts).toBeUndefined();
      expect(once.steps[0]!.response?.status).toBe(503);
      expect(seen.filter((s) => s === 'POST /flaky/1/c')).toHaveLength(1);
      const marked = await run('steps:\n  - request: POST /flaky/1/d\n    retry: true\n', target, { retry });
      expect(marked.steps[0]!.attempts).toBe(2);
      expect(marked.steps[0]!.response?.status).toBe(200);
    } finally {
      await target.close();
    }
  });

  it('fails a step answered slower than the maximum response time with kind slow', async () => {
    const target = createHttpTarget(base, { timeoutMs: 2000 });
    try {
      const result = await run('steps:\n  - request: GET /slow\n', target, { maxResponseMs: 50 });
      expect(kinds(result)).toContain('slow');
      expect(result.failures.find((f) => f.kind === 'slow')!.message).toMatch(
        /^GET \/api\/v1\/slow answered in \d+ ms, over --max-response-time 50 ms$/,
      );
    } finally {
      await target.close();
    }
  });

  it('stops a scenario that runs out of time, says so, and still runs its teardown', async () => {
    const target = createHttpTarget(base, { timeoutMs: 10_000 });
    try {
      const started = Date.now();
      const result = await run(
        'steps:\n  - request: GET /hang\n  - request: GET /never\nteardown:\n  - request: GET /teardown\n',
        target,
        { scenarioTimeoutMs: 300 },
      );
      expect(Date.now() - started).toBeLessThan(5000);
      expect(result.outcome).toBe('failed');
      expect(result.failures[0]).toMatchObject({ kind: 'timeout', step: 'steps[0] GET /hang' });
      expect(result.failures[0]!.message).toContain('ran out of time (--scenario-timeout 300 ms)');
      expect(result.steps.map((s) => `${s.section} ${s.name}`)).toEqual([
        'steps GET /hang',
        'teardown GET /teardown',
      ]);
      expect(seen).toContain('GET /teardown');
      expect(seen).not.toContain('GET /never');
    } finally {
      await target.close();
    }
  });

  it('retries the feature-level probe through a transient 503', async () => {
    const target = createHttpTarget(`${base}/flaky/2`, { timeoutMs: 2000 });
    try {
      await expect(readFeatureLevel(target)).rejects.toThrow('answered 503');
      await expect(readFeatureLevel(target, [], { retries: 2, delayMs: 1 })).resolves.toBe(300);
    } finally {
      await target.close();
    }
  });
});
