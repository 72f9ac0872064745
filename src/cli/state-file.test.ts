import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PreparedRealm } from '../store/load-realm.js';
import { createMock } from '../mock/create-mock.js';
import { createManualClock } from '../store/clock.js';
import { devRealm, preparedDevRealm } from '../testing/dev-realm.js';
import {
  StateFileError,
  parseSaveEvery,
  readStateFile,
  removeStaleTemps,
  startPersistence,
  writeFileAtomic,
} from './state-file.js';

const RUN = new URL('./run.ts', import.meta.url).pathname;
const HAMLET = `Basic ${btoa('hamlet@svc.test:hamletSvcDevApiKey0123456789abcd')}`;
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-mock-state-'));
  dirs.push(dir);
  return dir;
}

interface Served {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `svc-mock serve` from source on a free loopback port; resolves once it listens. */
async function serve(args: string[]): Promise<Served> {
  const child = spawn(process.execPath, ['--import', 'tsx', RUN, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match && out.includes('Control API')) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 20);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited early: ${out}`));
    });
  });
  return { child, url, output: () => out, exited };
}

/** Runs `svc-mock serve` expecting it to refuse to start; resolves its exit code and output. */
async function refused(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', RUN, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  return { code, output: out };
}

async function send(url: string, content: string, topic = 'persistence'): Promise<number> {
  const res = await fetch(`${url}/api/v1/messages`, {
    method: 'POST',
    headers: { Authorization: HAMLET, 'User-Agent': 'SvcTest/1.0' },
    body: new URLSearchParams({ type: 'stream', to: 'Verona', topic, content }),
  });
  const body = (await res.json()) as { id: number };
  expect(res.status).toBe(200);
  return body.id;
}

/** Waits until `check` holds (polling; the test's own timeout bounds it). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('state files', () => {
  it('writes atomically and reads back; a corrupt or invalid file is refused naming the problem', () => {
    const dir = tempDir();
    const file = join(dir, 'state.json');
    expect(readStateFile(file)).toBeUndefined();
    writeFileAtomic(file, JSON.stringify(devRealm()));
    expect(readStateFile(file)).toBeInstanceOf(PreparedRealm);
    expect(readdirSync(dir)).toEqual(['state.json']);
    writeFileSync(file, '{"format": "svc-mock-realm/1", "realm": ');
    expect(() => readStateFile(file)).toThrow(StateFileError);
    expect(() => readStateFile(file)).toThrow(/state\.json is not valid JSON/);
    writeFileSync(file, JSON.stringify({ ...(devRealm() as object), users: 'nobody' }));
    expect(() => readStateFile(file)).toThrow(/state\.json is not a valid realm: .*\/users/s);
  });

  it('removes temporary files of dead servers only', () => {
    const dir = tempDir();
    const file = join(dir, 'state.json');
    const dead = join(dir, '.state.json.tmp-999999999-1');
    const live = join(dir, `.state.json.tmp-${process.ppid}-3`);
    writeFileSync(dead, '{"half": ');
    writeFileSync(live, '{"half": ');
    expect(removeStaleTemps(file)).toEqual(['.state.json.tmp-999999999-1']);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });

  it('saves only when the store counted a change or was replaced (reset, restore)', async () => {
    const file = join(tempDir(), 'state.json');
    const mock = createMock({ realm: preparedDevRealm(), clock: createManualClock(Date.UTC(2025, 10, 21)) });
    const persistence = startPersistence(mock, { path: file, everyMs: 3_600_000, upToDate: true });
    try {
      expect(persistence.save()).toBe(false);
      expect(existsSync(file)).toBe(false);
      const res = await mock.fetch(
        new Request('http://localhost/api/v1/messages', {
          method: 'POST',
          headers: { Authorization: HAMLET, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 't', content: 'counted' }),
        }),
      );
      expect(res.status).toBe(200);
      expect(persistence.save()).toBe(true);
      expect(readFileSync(file, 'utf8')).toContain('counted');
      expect(persistence.save()).toBe(false);
      // Reading changes nothing, so it does not make the next save write.
      await mock.fetch(
        new Request('http://localhost/api/v1/users/me', { headers: { Authorization: HAMLET } }),
      );
      expect(persistence.save()).toBe(false);
      mock.reset();
      expect(persistence.save()).toBe(true);
      expect(readFileSync(file, 'utf8')).not.toContain('counted');
      expect(persistence.save(true)).toBe(true);
    } finally {
      persistence.stop();
    }
  });

  it('--save-every takes a duration with its unit', () => {
    expect(parseSaveEvery('5s')).toBe(5000);
    expect(parseSaveEvery('50ms')).toBe(50);
    expect(() => parseSaveEvery('5')).toThrow(/duration/);
    expect(() => parseSaveEvery('0s')).toThrow(/duration/);
  });
});

describe('serve --state', () => {
  it('saves on SIGTERM and a restart with the same file has the change', async () => {
    const file = join(tempDir(), 'state.json');
    const first = await serve(['--state', file]);
    expect(first.output()).toContain(`State: ${file} (new)`);
    const id = await send(first.url, 'kept across a restart');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = await serve(['--state', file]);
    try {
      expect(second.output()).toContain(`State: ${file} (loaded)`);
      const res = await fetch(`${second.url}/api/v1/messages/${id}`, { headers: { Authorization: HAMLET } });
      expect(((await res.json()) as { raw_content: string }).raw_content).toBe('kept across a restart');
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });

  it('a snapshot saved from GET /svc-mock/snapshot serves with --realm and keeps the change', async () => {
    const file = join(tempDir(), 'snapshot.json');
    const first = await serve([]);
    let id: number;
    try {
      id = await send(first.url, 'in the snapshot');
      writeFileSync(file, await (await fetch(`${first.url}/svc-mock/snapshot`)).text());
    } finally {
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    }
    const second = await serve(['--realm', file]);
    try {
      const res = await fetch(`${second.url}/api/v1/messages/${id}`, { headers: { Authorization: HAMLET } });
      expect(((await res.json()) as { raw_content: string }).raw_content).toBe('in the snapshot');
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });

  it('saves a changed state periodically, without a shutdown', async () => {
    const file = join(tempDir(), 'state.json');
    const server = await serve(['--state', file, '--save-every', '100ms']);
    try {
      await send(server.url, 'saved while running');
      await until(() => existsSync(file) && readFileSync(file, 'utf8').includes('saved while running'));
      expect(PreparedRealm.from(JSON.parse(readFileSync(file, 'utf8')))).toBeInstanceOf(PreparedRealm);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  });

  it('refuses a corrupt or invalid state file with exit code 2 and leaves it untouched', async () => {
    const dir = tempDir();
    const corrupt = join(dir, 'corrupt.json');
    writeFileSync(corrupt, '{"format": "svc-mock-realm/1", "users": [');
    const result = await refused(['--state', corrupt]);
    expect(result.code).toBe(2);
    expect(result.output).toContain(`State file ${corrupt} is not valid JSON`);
    expect(readFileSync(corrupt, 'utf8')).toBe('{"format": "svc-mock-realm/1", "users": [');
    const invalid = join(dir, 'invalid.json');
    const text = JSON.stringify({ ...(devRealm() as object), format: 'other/1' });
    writeFileSync(invalid, text);
    const second = await refused(['--state', invalid]);
    expect(second.code).toBe(2);
    expect(second.output).toMatch(/State file .*invalid\.json is not a valid realm: .*\/format/s);
    expect(readFileSync(invalid, 'utf8')).toBe(text);
    expect(readdirSync(dir).sort()).toEqual(['corrupt.json', 'invalid.json']);
  });
});
