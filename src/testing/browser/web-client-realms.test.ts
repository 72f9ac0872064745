/**
 * The example web client's Playwright suite (examples/web-client/e2e, on the `svc-mock/playwright` fixture)
 * against one `serve`: with 4 workers, each worker in a realm of its own, and with 1 worker, the same results.
 * The config and a spec are the blocks of docs/many-realms.md's Playwright section, word for word.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeProcess, type ServeProcess } from '../serve-process.js';
import { ensureChromium } from './harness.js';

const run = promisify(execFile);
const ROOT = new URL('../../../', import.meta.url).pathname;
const SUITE = join(ROOT, 'examples/web-client/e2e');
const BUILD = join(ROOT, 'examples/web-client/build.ts');

interface Outcome {
  title: string;
  status: string;
  realm: string | undefined;
  worker: number;
  error: string | undefined;
}

interface JsonSuite {
  specs?: Array<{
    title: string;
    tests: Array<{
      annotations?: Array<{ type: string; description?: string }>;
      results: Array<{
        status: string;
        workerIndex: number;
        error?: { message?: string };
        annotations?: Array<{ type: string; description?: string }>;
      }>;
    }>;
  }>;
  suites?: JsonSuite[];
}

/** Every test's last result, with the realm it noted and its worker, sorted by title. */
function outcomes(suites: JsonSuite[]): Outcome[] {
  const found: Outcome[] = [];
  const walk = (suite: JsonSuite): void => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        const result = test.results.at(-1)!;
        const notes = [...(result.annotations ?? []), ...(test.annotations ?? [])];
        found.push({
          title: spec.title,
          status: result.status,
          realm: notes.find((a) => a.type === 'realm')?.description,
          worker: result.workerIndex,
          error: result.error?.message,
        });
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  suites.forEach(walk);
  return found.sort((a, b) => a.title.localeCompare(b.title));
}

/** The fenced block that follows `marker` in the page. */
function blockAfter(page: string, marker: string): string {
  const at = page.indexOf(marker);
  expect(at, marker).toBeGreaterThan(0);
  return /```ts[^\n]*\n([\s\S]*?)```/.exec(page.slice(at))![1]!;
}

describe('the example web client under Playwright, one realm per worker', () => {
  let serve: ServeProcess;
  let app: { origin: string; close(): Promise<void> };

  beforeAll(async () => {
    ensureChromium();
    serve = await startServeProcess([
      '--import',
      'tsx',
      join(ROOT, 'src/cli/run.ts'),
      'serve',
      '--port',
      '0',
    ]);
    const { serveWebClient } = (await import(BUILD)) as {
      serveWebClient(port?: number): Promise<{ origin: string; close(): Promise<void> }>;
    };
    app = await serveWebClient(0);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    serve?.child.kill('SIGTERM');
    await serve?.exited;
  });

  /** Runs the suite with `workers`; its JSON report's outcomes. */
  async function suite(workers: number): Promise<Outcome[]> {
    const report = join(tmpdir(), `svc-mock-e2e-${process.pid}-${workers}.json`);
    try {
      await run(
        process.execPath,
        [
          join(ROOT, 'node_modules/@playwright/test/cli.js'),
          'test',
          '-c',
          join(SUITE, 'playwright.config.ts'),
          '--workers',
          String(workers),
          '--reporter',
          'json',
          '--output',
          join(tmpdir(), `svc-mock-e2e-results-${process.pid}`),
        ],
        {
          cwd: SUITE,
          timeout: 240_000,
          env: {
            ...process.env,
            SVC_MOCK_URL: serve.url,
            WEB_CLIENT_URL: app.origin,
            CHROMIUM_PATH: '/usr/bin/chromium',
            PLAYWRIGHT_JSON_OUTPUT_NAME: report,
            PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
          },
        },
      ).catch((error: { stdout?: string; stderr?: string }) => {
        // A failed test exits 1: the report still tells which; anything else is a broken run.
        if (!existsSync(report)) throw new Error(`${error.stdout}\n${error.stderr}`);
      });
      return outcomes((JSON.parse(readFileSync(report, 'utf8')) as { suites: JsonSuite[] }).suites);
    } finally {
      rmSync(report, { force: true });
    }
  }

  it('passes with 4 workers each in its own realm, and with 1 worker gives the same results', async () => {
    const four = await suite(4);
    expect(
      four.map((o) => o.status),
      JSON.stringify(four, null, 1),
    ).toEqual(['passed', 'passed', 'passed', 'passed']);
    const workers = new Set(four.map((o) => o.worker));
    const realms = new Set(four.map((o) => o.realm));
    expect(workers.size).toBeGreaterThan(1);
    // One realm per worker: as many realms as workers, and no realm shared by two of them.
    expect(realms.size).toBe(workers.size);
    for (const realm of realms)
      expect(new Set(four.filter((o) => o.realm === realm).map((o) => o.worker)).size).toBe(1);

    const one = await suite(1);
    expect(new Set(one.map((o) => o.realm)).size).toBe(1);
    expect(one.map(({ title, status }) => ({ title, status }))).toEqual(
      four.map(({ title, status }) => ({ title, status })),
    );
    // Each worker deleted its realm when it ended.
    const listed = (await (await fetch(`${serve.url}/svc-mock/realms`)).json()) as { realms: unknown[] };
    expect(listed.realms).toEqual([]);
  }, 480_000);

  it('runs the config and the spec that docs/many-realms.md shows', () => {
    const page = readFileSync(join(ROOT, 'docs/many-realms.md'), 'utf8');
    expect(blockAfter(page, '<!-- excerpt: examples/web-client/e2e/playwright.config.ts')).toBe(
      readFileSync(join(SUITE, 'playwright.config.ts'), 'utf8'),
    );
    expect(blockAfter(page, '<!-- excerpt: examples/web-client/e2e/realm.spec.ts')).toBe(
      readFileSync(join(SUITE, 'realm.spec.ts'), 'utf8'),
    );
  });
});
