import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../adapters/node/server.js';
import { createApp } from '../api/app.js';
import { listAccounts } from '../cli/main.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { parseAccounts } from './accounts.js';
import { createHttpTarget } from './http-target.js';
import { loadScenarios } from './loader.js';
import { formatFailures } from './report.js';
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
});
