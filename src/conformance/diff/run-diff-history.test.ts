import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../adapters/node/server.js';
import { createMock } from '../../mock/create-mock.js';
import { preparedDevRealm } from '../../testing/dev-realm.js';
import { createMockTarget } from '../mock-target.js';
import { createTarget } from '../run-conformance.js';
import type { DiffReport } from './report.js';
import { runConformanceDiff, type DiffOptions } from './run-diff.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-diff-history-'));
let servers: RunningServer[] = [];

const start = async (control = true): Promise<RunningServer> => {
  const server = await startServer(createMock({ realm: preparedDevRealm(), control }), {
    port: 0,
    host: '127.0.0.1',
  });
  servers.push(server);
  return server;
};

beforeAll(() => {
  servers = [];
});
afterAll(async () => {
  for (const server of servers) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

// Scenarios whose answers show what earlier ones left: channels, topics followed, users, a reset.
const HISTORY = [
  'scenarios/subscriptions-create-channel.yaml',
  'scenarios/topics-list-and-visibility.yaml',
  'scenarios/users-deactivate-reactivate.yaml',
  'scenarios/legacy-aliases.yaml',
  'scenarios/control-reset-restore.yaml',
  'scenarios/users-read.yaml',
  'scenarios/control-accounts-requests.yaml',
];

async function diff(
  options: Partial<DiffOptions>,
  makeTarget?: Parameters<typeof runConformanceDiff>[1]['makeTarget'],
): Promise<{ code: number; report?: DiffReport; err: string }> {
  let report: DiffReport | undefined;
  let err = '';
  const code = await runConformanceDiff(
    { files: HISTORY, against: 'mock', aliases: [], reporters: [], ...options },
    { out: () => {}, err: (t) => (err += t), onReport: (r) => (report = r), makeTarget },
  );
  return { code, report, err };
}

const differences = (report: DiffReport): number =>
  report.scenarios.reduce((n, s) => n + s.entries.length, 0);

describe('--against mock keeps the history of a server target', () => {
  it('finds no difference between a svc-mock server and the reference mock: one realm for the whole run', async () => {
    const server = await start();
    const result = await diff({ target: server.url });
    expect(result.err).toBe('');
    expect(result.report!.scenarios.map((s) => [s.file, s.a.outcome, s.b.outcome])).toEqual(
      HISTORY.map((file) => [file, 'passed', 'passed']),
    );
    expect(result.report!.scenarios.flatMap((s) => s.entries)).toEqual([]);
    expect(result.code).toBe(0);
  }, 120_000);

  it('a reference with a fresh realm per scenario differs from the same server (what one realm fixes)', async () => {
    const server = await start();
    const result = await diff({ target: server.url }, (spec, _side, level) =>
      spec === 'mock' ? createMockTarget({ featureLevel: level }) : createTarget(spec),
    );
    expect(differences(result.report!)).toBeGreaterThan(0);
    expect(result.code).toBe(1);
  }, 120_000);
});

describe('--learn-noise', () => {
  // A fixed topic name: a second run on the first run's state finds the topic already followed.
  const fixedTopic = join(dir, 'fixed-topic.yaml');
  writeFileSync(
    fixedTopic,
    `name: a message to a fixed topic
mutates: true
actors: { alice: member, boss: administrator }
steps:
  - as: alice
    request: POST /messages
    params: { type: channel, to: Verona, topic: fixed noise topic, content: hello }
    # A first send into a topic makes the sender follow it; a second send on the same state does not say so.
    expect: { body: { automatic_new_visibility_policy: { $type: integer } } }
    capture: { one: /id }
teardown:
  - { as: boss, request: 'DELETE /messages/{one}' }
`,
  );

  it('runs B twice from the same state (snapshot restored), so a first send into a topic is not noise', async () => {
    const [a, b] = [await start(), await start()];
    const result = await diff({ files: [fixedTopic], target: a.url, against: b.url, learnNoise: true });
    expect(result.err).toBe('');
    expect(result.report!.volatile).toEqual([]);
    expect(result.report!.scenarios[0]!.entries).toEqual([]);
    expect(result.report!.scenarios[0]!.b).toMatchObject({ outcome: 'passed' });
    expect(result.code).toBe(0);
    // Run again on the state the first run left (A and B alike), the send no longer carries the field.
    const again = await diff({ files: [fixedTopic], target: a.url, against: b.url });
    expect(again.report!.scenarios[0]!.a.failures.map((f) => f.path)).toEqual([
      '/automatic_new_visibility_policy',
    ]);
  }, 120_000);

  it('refuses (exit 2, with the reason) a reference that cannot put its state back', async () => {
    const [a, b] = [await start(), await start(false)];
    const accounts = join(dir, 'accounts.json');
    const res = await fetch(`${a.url}/svc-mock/accounts`);
    writeFileSync(accounts, JSON.stringify(((await res.json()) as { accounts: unknown }).accounts));
    const result = await diff({
      files: [fixedTopic],
      target: a.url,
      against: b.url,
      againstAccounts: accounts,
      learnNoise: true,
    });
    expect(result.code).toBe(2);
    expect(result.err).toContain('--learn-noise runs B twice from the same state');
    expect(result.err).toContain('offers no snapshot and restore');
  }, 60_000);
});
