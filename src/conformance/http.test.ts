import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../adapters/node/server.js';
import { createApp } from '../api/app.js';
import { createMock } from '../mock/create-mock.js';
import { listAccounts } from '../cli/main.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { parseAccounts } from './accounts.js';
import { createHttpTarget } from './http-target.js';
import { loadScenarios } from './loader.js';
import { formatFailures } from './report.js';
import { runConformance } from './run-conformance.js';
import { readFeatureLevel, runScenarios } from './runner.js';

let server: RunningServer;
let accountsJson: string;

beforeAll(async () => {
  const app = createApp({ realm: preparedDevRealm() });
  // The accounts file exactly as `svc-mock accounts --json` prints it.
  accountsJson = JSON.stringify(listAccounts(app), null, 2);
  server = await startServer(app, { port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await server.close();
});

describe('scenarios over real HTTP', () => {
  it('pass against the node server with accounts from `svc-mock accounts --json`', async () => {
    const target = createHttpTarget(server.url);
    try {
      const featureLevel = await readFeatureLevel(target);
      const scenarios = loadScenarios([
        'scenarios/server-settings.yaml',
        'scenarios/channel-message-events.yaml',
        'scenarios/message-errors.yaml',
      ]);
      const results = await runScenarios(scenarios, {
        target,
        accounts: parseAccounts(accountsJson),
        featureLevel,
        runId: 'http',
        pollIntervalMs: 20,
      });
      expect(results.map((r) => [r.file, r.outcome, formatFailures(r)])).toEqual(
        scenarios.map((s) => [s.file, 'passed', '']),
      );
      expect(results[1]!.steps.find((s) => s.events)?.events?.received).toHaveLength(1);
    } finally {
      await target.close();
    }
  });

  it('run the whole suite against a svc-mock server, accounts and control API found by the runner', async () => {
    const mock = await startServer(createMock({ realm: preparedDevRealm() }), { port: 0, host: '127.0.0.1' });
    const out: string[] = [];
    const err: string[] = [];
    try {
      const code = await runConformance(
        { target: mock.url, files: ['scenarios'], aliases: [], reporters: [{ kind: 'console' }] },
        { out: (t) => out.push(t), err: (t) => err.push(t), tty: false, colour: false },
      );
      expect(err.join('')).toBe('');
      expect(out.join('')).not.toMatch(/^(FAIL|SKIP) /m);
      expect(code).toBe(0);
    } finally {
      await mock.close();
    }
  }, 300_000);
});
