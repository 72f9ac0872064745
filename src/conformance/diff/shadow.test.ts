import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../adapters/node/server.js';
import { createMock } from '../../mock/create-mock.js';
import { preparedDevRealm } from '../../testing/dev-realm.js';
import { createMockTarget } from '../mock-target.js';
import { runConformance, type ConformanceOptions } from '../run-conformance.js';
import { alterTarget, type Target } from '../target.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-shadow-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Sends a message and reads it back; no expectation names sender_full_name.
const scenario = join(dir, 'send-and-read.yaml');
writeFileSync(
  scenario,
  `name: a message is sent and read back
mutates: true
actors: { alice: member, boss: administrator }
steps:
  - as: alice
    request: POST /messages
    params: { type: channel, to: Verona, topic: 'shadow {run}', content: hello }
    capture: { one: /id }
  - as: alice
    request: GET /messages/{one}
    params: { apply_markdown: false }
    expect: { body: { message: { content: hello } } }
teardown:
  - { as: boss, request: 'DELETE /messages/{one}' }
`,
);

/** The mock, with every sender_full_name in answers changed (a proxy that rewrites names). */
const renaming = (): Target =>
  alterTarget(createMockTarget(), async (request, response) => {
    const text = await response.text();
    const changed = text.replace(/"sender_full_name":"[^"]*"/g, '"sender_full_name":"Someone Else"');
    return new Response(changed, { status: response.status, headers: response.headers });
  });

interface Run {
  code: number;
  json: {
    results: Array<{ outcome: string; failures: Array<{ kind: string; message: string; step: string }> }>;
  };
  err: string;
}

async function run(options: Partial<ConformanceOptions>, makeTarget?: () => Target): Promise<Run> {
  const file = join(dir, `report-${Math.random().toString(36).slice(2)}.json`);
  let err = '';
  const code = await runConformance(
    { files: [scenario], aliases: [], reporters: [{ kind: 'json', file }], runId: 'rshadow', ...options },
    { out: () => {}, err: (t) => (err += t), tty: false, colour: false, makeTarget },
  );
  return { code, err, json: code === 2 ? { results: [] } : JSON.parse(readFileSync(file, 'utf8')) };
}

describe('conformance --against mock', () => {
  it('passes a target that changed a value no expectation asserts, unless compared with the reference', async () => {
    const plain = await run({}, renaming);
    expect(plain.json.results.map((r) => r.outcome)).toEqual(['passed']);
    expect(plain.code).toBe(0);

    const compared = await run({ against: 'mock' }, renaming);
    expect(compared.code).toBe(1);
    const failures = compared.json.results[0]!.failures;
    expect(failures).toEqual([
      expect.objectContaining({
        kind: 'mismatch',
        step: 'steps[1] GET /messages/{one}',
        message: expect.stringMatching(
          /^differs from the reference \(mock\) at \/body\/message\/sender_full_name: "Someone Else" here, "[^"]+" on the reference$/,
        ),
      }),
    ]);
  }, 60_000);

  it('finds nothing to report when the target is the same mock (in process, and a server over HTTP)', async () => {
    const files = [scenario, 'scenarios/subscriptions-properties.yaml', 'scenarios/users-read.yaml'];
    const inProcess = await run({ files, against: 'mock' });
    expect(inProcess.json.results.map((r) => [r.outcome, r.failures])).toEqual(
      files.map(() => ['passed', []]),
    );
    const server = await startServer(createMock({ realm: preparedDevRealm() }), {
      port: 0,
      host: '127.0.0.1',
    });
    try {
      const overHttp = await run({ files, against: 'mock', target: server.url });
      expect(overHttp.json.results.map((r) => [r.outcome, r.failures])).toEqual(
        files.map(() => ['passed', []]),
      );
      expect(overHttp.code).toBe(0);
    } finally {
      await server.close();
    }
  }, 90_000);

  it('hides a difference an ignore rule names, and refuses another reference than mock', async () => {
    const rules = join(dir, 'ignore.yaml');
    writeFileSync(rules, '- field: sender_full_name\n  reason: the proxy rewrites names\n');
    const ignored = await run({ against: 'mock', ignore: rules }, renaming);
    expect(ignored.json.results[0]!.failures).toEqual([]);
    expect(ignored.code).toBe(0);
    const url = await run({ against: 'http://127.0.0.1:9' });
    expect([url.code, url.err]).toEqual([
      2,
      expect.stringContaining('--against takes "mock" in a plain run'),
    ]);
  }, 60_000);
});
