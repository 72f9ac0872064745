import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildProgram } from './main.js';

const RUN = new URL('./run.ts', import.meta.url).pathname;

/** Runs the CLI from source (through tsx) and collects its output. */
function cli(args: string[]): { child: ReturnType<typeof spawn>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', RUN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { child, output: () => out };
}

const exitOf = (child: ReturnType<typeof spawn>): Promise<number | null> =>
  new Promise((resolve) => child.on('exit', (code) => resolve(code)));

describe('svc-mock CLI', () => {
  it('serve --port 0 prints the address and accounts, answers requests and stops on SIGTERM', async () => {
    const { child, output } = cli(['serve', '--port', '0']);
    const exited = exitOf(child);
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
        if (match) {
          clearInterval(timer);
          resolve(match[1]!);
        }
      }, 50);
      child.on('exit', () => reject(new Error(`exited early: ${output()}`)));
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(output()).toMatch(/iago@svc\.test\s+administrator\s+iagoSvcDevApiKey0123456789abcdef/);
    const res = await fetch(`${url}/api/v1/server_settings`);
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('accounts --json prints every account with its key', async () => {
    const { child, output } = cli(['accounts', '--json']);
    expect(await exitOf(child)).toBe(0);
    const accounts = JSON.parse(output()) as Array<Record<string, unknown>>;
    expect(accounts.find((a) => a.email === 'iago@svc.test')).toMatchObject({
      role: 'administrator',
      is_bot: false,
      api_key: 'iagoSvcDevApiKey0123456789abcdef',
      user_id: expect.any(Number),
      full_name: 'Iago',
    });
  });

  it('refuses a broken realm file with a message naming the bad field', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'svc-mock-')), 'realm.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'svc-mock-realm/1',
        realm: {},
        users: [],
        channels: [],
        subscriptions: [],
        user_groups: [],
        messages: [],
      }),
    );
    const { child, output } = cli(['accounts', '--realm', file]);
    expect(await exitOf(child)).toBe(1);
    expect(output()).toMatch(/Invalid realm fixture/);
    expect(output()).toMatch(/\/realm: must have required property 'id'/);
  });
});

describe('buildProgram for one command', () => {
  it('adds only the command named, with the same options and help as the whole program', () => {
    const whole = buildProgram();
    const names = whole.commands.map((command) => command.name());
    expect(names).toEqual(['serve', 'accounts', 'routes', 'conformance', 'realm']);
    for (const name of names) {
      const one = buildProgram(name);
      expect(one.commands.map((command) => command.name())).toContain(name);
      expect(one.commands.length).toBeLessThan(names.length);
      const alone = one.commands.find((command) => command.name() === name)!;
      const inWhole = whole.commands.find((command) => command.name() === name)!;
      expect(alone.helpInformation()).toBe(inWhole.helpInformation());
      for (const sub of inWhole.commands)
        expect(alone.commands.find((c) => c.name() === sub.name())?.helpInformation()).toBe(
          sub.helpInformation(),
        );
    }
  });

  it('adds every command for no argument, an option or an unknown command', () => {
    for (const first of [undefined, '--help', 'serv', 'constructor'])
      expect(buildProgram(first).commands.map((command) => command.name())).toEqual([
        'serve',
        'accounts',
        'routes',
        'conformance',
        'realm',
      ]);
  });
});
