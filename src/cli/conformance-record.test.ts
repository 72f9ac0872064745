import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../adapters/node/server.js';
import { resolveActors, type Account } from '../conformance/accounts.js';
import { loadScenarioFile } from '../conformance/loader.js';
import { devRealmAccounts } from '../conformance/mock-target.js';
import { createMock } from '../mock/create-mock.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { runRecord } from './conformance-record.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-record-cli-'));
const HAMLET = `Basic ${Buffer.from('hamlet@svc.test:hamletSvcDevApiKey0123456789abcd').toString('base64')}`;
let server: RunningServer;

beforeAll(async () => {
  server = await startServer(createMock({ realm: preparedDevRealm(), logError: () => {} }), {
    port: 0,
    host: '127.0.0.1',
  });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const io = (signal: AbortSignal, onListening?: (url: string) => void) => {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t), signal, onListening },
  };
};

describe('svc-mock conformance record', () => {
  it('records until SIGTERM when run as a command, then writes a scenario that loads and exits 0', async () => {
    const file = join(dir, 'spawned.yaml');
    // node itself (not npx) so that the signal reaches the command.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli/run.ts',
        'conformance',
        'record',
        '--target',
        server.url,
        '--port',
        '0',
        '-o',
        file,
      ],
      { env: { ...process.env, NO_COLOR: '1' } },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
        if (found) resolve(found[1]!);
      });
      child.once('exit', () => reject(new Error(`exited early: ${stdout} ${stderr}`)));
    });
    expect(stdout).toContain(`-> ${server.url}`);
    const me = await fetch(`${url}/api/v1/users/me`, { headers: { authorization: HAMLET } });
    expect(me.status).toBe(200);
    const sent = await fetch(`${url}/api/v1/messages`, {
      method: 'POST',
      headers: { authorization: HAMLET, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'cli', content: 'recorded' }),
    });
    expect(sent.status).toBe(200);
    const code = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    child.kill('SIGTERM');
    expect(await code).toBe(0);
    expect(stdout).toContain(`Wrote ${file}: 2 steps from 2 exchanges.`);
    const { scenario } = loadScenarioFile(file);
    // Hamlet is not the first member of the dev realm: earlier places are declared so a replay gives him back.
    const accounts = resolveActors(scenario.actors, devRealmAccounts()) as Record<string, Account | null>;
    expect(accounts[scenario.steps[0]!.as!]?.email).toBe('hamlet@svc.test');
    expect(new Set(Object.values(scenario.actors))).toEqual(new Set(['member']));
    expect(scenario.steps.map((s) => s.request)).toEqual(['GET /users/me', 'POST /messages']);
    expect(scenario.steps[1]!.capture).toEqual({ msg1: '/id' });
  }, 60_000);

  it('stops by itself after --max-requests and names actors from an accounts file', async () => {
    const file = join(dir, 'limited.yaml');
    const accounts = join(dir, 'accounts.yaml');
    writeFileSync(accounts, 'alice: { email: hamlet@svc.test, api_key: hamletSvcDevApiKey0123456789abcd }\n');
    const never = new AbortController();
    const run = io(never.signal, (url) => {
      void (async () => {
        for (let i = 0; i < 2; i++)
          await fetch(`${url}/api/v1/users/me`, { headers: { authorization: HAMLET } });
      })();
    });
    const code = await runRecord(
      { target: server.url, output: file, port: 0, accounts, maxRequests: 2, name: 'two looks at myself' },
      run.io,
    );
    expect([code, run.err.join('')]).toEqual([0, '']);
    expect(run.out.join('')).toContain('Accounts: the accounts file.');
    const { scenario } = loadScenarioFile(file);
    expect(scenario.name).toBe('two looks at myself');
    expect(scenario.mutates).toBe(false);
    expect(scenario.actors).toEqual({ alice: 'member' });
    expect(readFileSync(file, 'utf8')).not.toContain('hamlet');
  });

  it('exits 1 without writing when nothing was recorded, and 2 on a bad target or accounts file', async () => {
    const file = join(dir, 'empty.yaml');
    const stopped = new AbortController();
    stopped.abort();
    const empty = io(stopped.signal);
    expect(await runRecord({ target: server.url, output: file, port: 0 }, empty.io)).toBe(1);
    expect(empty.err.join('')).toContain('nothing to write: 0 exchanges');
    expect(existsSync(file)).toBe(false);
    const badTarget = io(stopped.signal);
    expect(await runRecord({ target: 'mock', output: file, port: 0 }, badTarget.io)).toBe(2);
    expect(badTarget.err.join('')).toContain('--target takes an http(s) URL');
    const badAccounts = io(stopped.signal);
    const accounts = join(dir, 'bad-accounts.yaml');
    writeFileSync(accounts, '42\n');
    expect(await runRecord({ target: server.url, output: file, port: 0, accounts }, badAccounts.io)).toBe(2);
    expect(badAccounts.err.join('')).toContain(`--accounts ${accounts}`);
  });
});
