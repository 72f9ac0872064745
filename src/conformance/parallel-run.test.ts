import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../adapters/node/server.js';
import { createTraffic } from '../api/traffic/index.js';
import { runMerge } from '../cli/conformance-merge.js';
import { createMock } from '../mock/create-mock.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { runConformance, type ConformanceOptions } from './run-conformance.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-parallel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A small selection of quick scenarios (reads, writes, events), so every run of this file takes seconds.
const GREP =
  '^scenarios/(server-settings|auth-unauthorized|users-read|message-errors|reactions|channel-message-events|channels-list-flags|flags-read-star)\\.yaml$';

const sink = () => {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t), tty: false, colour: false },
  };
};

async function run(extra: Partial<ConformanceOptions>, name: string): Promise<Record<string, string>> {
  const file = join(dir, `${name}.json`);
  const { err, io } = sink();
  const code = await runConformance(
    { files: [], aliases: [], grep: GREP, runId: 'par', reporters: [{ kind: 'json', file }], ...extra },
    io,
  );
  expect(err.join('')).toBe('');
  expect(code).toBeLessThan(2);
  return outcomes(file);
}

/** The report of shard k of 2: the first test's, or made here when this file's tests run in another order. */
async function shardReport(k: 1 | 2): Promise<string> {
  const file = join(dir, `shard${k}.json`);
  if (!existsSync(file)) await run({ shard: `${k}/2` }, `shard${k}`);
  return file;
}

const outcomes = (file: string): Record<string, string> =>
  Object.fromEntries(
    (
      JSON.parse(readFileSync(file, 'utf8')) as { results: Array<{ name: string; outcome: string }> }
    ).results.map((r) => [r.name, r.outcome]),
  );

describe('parallel and sharded runs against the mock', () => {
  it('--jobs 4, and --shard 1/2 + --shard 2/2 merged, give the same scenario results as a serial run', async () => {
    const serial = await run({}, 'serial');
    expect(Object.keys(serial)).toHaveLength(8);
    expect(await run({ jobs: 4 }, 'jobs')).toEqual(serial);
    const first = await run({ shard: '1/2' }, 'shard1');
    const second = await run({ shard: '2/2' }, 'shard2');
    expect(Object.keys(first)).toHaveLength(4);
    expect(Object.keys(second)).toHaveLength(4);
    const { out, err, io } = sink();
    const merged = join(dir, 'merged.json');
    const junit = join(dir, 'merged.xml');
    const code = await runMerge(
      [join(dir, 'shard1.json'), join(dir, 'shard2.json')],
      { output: merged, junit },
      io,
    );
    expect(err.join('')).toBe('');
    expect(code).toBe(Object.values(serial).includes('failed') ? 1 : 0);
    expect(out.join('')).toContain('merged 2 reports: 8 scenarios against mock');
    expect(outcomes(merged)).toEqual(serial);
    // The merged report has the shape of one run's, names in the serial order.
    const mergedJson = JSON.parse(readFileSync(merged, 'utf8')) as Record<string, unknown>;
    const serialJson = JSON.parse(readFileSync(join(dir, 'serial.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(mergedJson).sort()).toEqual(Object.keys(serialJson).sort());
    expect(Object.keys(outcomes(merged))).toEqual(Object.keys(serial));
    expect(mergedJson.summary).toEqual(serialJson.summary);
    expect(readFileSync(junit, 'utf8')).toMatch(
      /<testsuite name="scenarios\/server-settings.yaml" tests="1"/,
    );
  }, 120_000);

  it('--jobs 4 against a served mock runs each job in a dev realm of its own, deleted after, with the serial results', async () => {
    // As on `serve`, where the source 'dev' is the dev realm whatever the server started from.
    const mock = createMock({ realm: preparedDevRealm(), realmSources: { dev: preparedDevRealm() } });
    const server = await startServer(mock, { port: 0, host: '127.0.0.1' });
    const made: Array<string | undefined> = [];
    const create = mock.realms.create.bind(mock.realms);
    mock.realms.create = (options) => {
      made.push(options?.subdomain);
      return create(options);
    };
    try {
      const writes = (since = 0) =>
        mock.requests({ since }).filter((r) => r.method !== 'GET' && r.path.startsWith('/api/v1/'));
      const serial = await run({ target: server.url }, 'http-serial');
      expect(made).toEqual([]);
      expect(Object.keys(serial)).toHaveLength(8);
      expect(writes().length).toBeGreaterThan(0);
      const last = mock.requests().at(-1)!.id;
      expect(await run({ target: server.url, jobs: 4 }, 'http-jobs')).toEqual(serial);
      expect(made).toEqual([1, 2, 3, 4].map((k) => `conformance-par-${k}`));
      expect(mock.realms.list()).toEqual([]);
      // The scenarios wrote in the realms: the default realm saw only the runner's reads.
      expect(writes(last)).toEqual([]);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('refuses to merge reports of different targets, exit 2', async () => {
    const { err, io } = sink();
    const other = join(dir, 'other.json');
    const text = readFileSync(await shardReport(1), 'utf8').replace(
      '"target": "mock"',
      '"target": "http://x"',
    );
    writeFileSync(other, text);
    expect(await runMerge([await shardReport(2), other], {}, io)).toBe(2);
    expect(err.join('')).toContain('target http://x, but');
  });

  it('passes with retries counted, or fails naming step and cause, against a server dropping 10% of connections', async () => {
    const traffic = createTraffic({ seed: 3, settings: { failRate: 0.1, failKinds: ['drop'] } });
    const server = await startServer(createMock({ realm: preparedDevRealm(), traffic }), {
      port: 0,
      host: '127.0.0.1',
    });
    try {
      const file = join(dir, 'drop.json');
      const { out, err, io } = sink();
      const code = await runConformance(
        {
          files: [],
          aliases: [],
          grep: GREP,
          target: server.url,
          retries: 3,
          timeoutMs: 5000,
          reporters: [{ kind: 'console' }, { kind: 'json', file }],
        },
        io,
      );
      const text = out.join('') + err.join('');
      expect(text).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
      expect(text).not.toContain('fetch failed');
      const results = (
        JSON.parse(readFileSync(file, 'utf8')) as {
          results: Array<{
            outcome: string;
            retries?: number;
            failures: Array<{ kind: string; step: string; message: string }>;
          }>;
        }
      ).results;
      expect(results).toHaveLength(8);
      // Dropped connections happened: either retried (counted) or failures of kind network naming the step.
      const retried = results.reduce((n, r) => n + (r.retries ?? 0), 0);
      const network = results.flatMap((r) => r.failures).filter((f) => f.kind === 'network');
      expect(retried + network.length).toBeGreaterThan(0);
      for (const f of network) {
        expect(f.step).toMatch(/^(setup|(steps|teardown)\[\d+\] .+)$/);
        expect(f.message).toMatch(/: connection (closed by the server|reset)/);
      }
      expect(code).toBe(results.some((r) => r.outcome === 'failed') ? 1 : 0);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('svc-mock conformance on a closed pipe', () => {
  it('--list writes no EPIPE stack when the reader goes away', async () => {
    const child = spawn('npx', ['tsx', 'src/cli/run.ts', 'conformance', '--list'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Like `| head -0`: the reader is gone before the list is written.
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(0);
  }, 60_000);
});
