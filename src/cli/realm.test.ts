import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../api/app.js';
import { generateRealm } from '../fixtures/generate/index.js';
import type { RealmFixture } from '../generated/types.js';
import { progressBar } from './realm.js';

const RUN = new URL('./run.ts', import.meta.url).pathname;

/** Runs the CLI from source (through tsx); resolves with the exit code and everything it printed. */
function cli(args: string[]): {
  child: ReturnType<typeof spawn>;
  output: () => string;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', RUN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

const basic = (u: { delivery_email: string; api_key: string }): string =>
  `Basic ${btoa(`${u.delivery_email}:${u.api_key}`)}`;

describe('svc-mock realm generate', () => {
  it('writes the same realm generateRealm builds, and createApp serves it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-mock-gen-')), 'realm.json');
    const run = cli([
      'realm',
      'generate',
      '--users',
      '30',
      '--channels',
      '8',
      '--messages',
      '400',
      '--seed',
      '9',
      '--start',
      '2024-06-01',
      '-o',
      file,
    ]);
    expect(await run.exit, run.output()).toBe(0);
    expect(run.output()).toMatch(/Wrote .*realm\.json: \d+ users, 8 channels, 400 messages/);
    const text = readFileSync(file, 'utf8');
    const expected = generateRealm({ users: 30, channels: 8, messages: 400, seed: 9, start: 1717200000 });
    expect(text).toBe(`${JSON.stringify(expected)}\n`);
    const realm = JSON.parse(text) as RealmFixture;
    const owner = realm.users.find((u) => u.role === 100)!;
    const app = createApp({ realm });
    const res = await app.fetch(
      new Request('http://localhost/api/v1/users/me', { headers: { authorization: basic(owner) } }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user_id: owner.user_id, full_name: owner.full_name, role: 100 });
  });

  it('refuses bad option values with exit code 2 and a message naming the option', async () => {
    const cases = [
      ['--messages', '-5'],
      ['--users', '0'],
      ['--start', 'soon'],
    ];
    const runs = cases.map((args) => cli(['realm', 'generate', ...args]));
    for (const [i, run] of runs.entries()) {
      expect(await run.exit).toBe(2);
      expect(run.output()).toContain(cases[i]![0]!);
    }
  });
});

describe('progressBar', () => {
  const stream = (isTTY: boolean) => {
    let written = '';
    return { isTTY, write: (text: string) => ((written += text), true), written: () => written };
  };

  it('draws a bar on a terminal and clears it when done', () => {
    const tty = stream(true);
    const draw = progressBar(tty as unknown as NodeJS.WriteStream)!;
    draw({ phase: 'messages', done: 5000, total: 10000 });
    expect(tty.written()).toContain('[###############---------------]  50% messages 5000/10000');
    draw({ phase: 'done', done: 10000, total: 10000 });
    expect(tty.written().endsWith('\r\x1b[K')).toBe(true);
  });

  it('stays silent when stderr is not a terminal', () => {
    expect(progressBar(stream(false) as unknown as NodeJS.WriteStream)).toBeUndefined();
  });
});

describe('svc-mock serve --generate', () => {
  it('serves a realm generated in memory', async () => {
    const spec = 'users=12,channels=5,messages=300,seed=7';
    const run = cli(['serve', '--port', '0', '--generate', spec]);
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(run.output());
        if (match) {
          clearInterval(timer);
          resolve(match[1]!);
        }
      }, 50);
      void run.exit.then(() => reject(new Error(`exited early: ${run.output()}`)));
    });
    try {
      const realm = generateRealm({ users: 12, channels: 5, messages: 300, seed: 7 });
      const guest = realm.users.find((u) => u.role === 600 && u.is_active !== false)!;
      const res = await fetch(`${url}/api/v1/users/me`, { headers: { authorization: basic(guest) } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ user_id: guest.user_id, is_guest: true });
      const messages = await fetch(`${url}/api/v1/messages?anchor=newest&num_before=5&num_after=0`, {
        headers: { authorization: basic(guest) },
      });
      expect(messages.status).toBe(200);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exit).toBe(0);
    expect(run.output()).toContain(`generated: ${spec}`);
  });

  it('refuses a bad spec with exit code 2', async () => {
    const run = cli(['serve', '--port', '0', '--generate', 'users=many']);
    expect(await run.exit).toBe(2);
    expect(run.output()).toMatch(/--generate: users must be an integer/);
  });
});
