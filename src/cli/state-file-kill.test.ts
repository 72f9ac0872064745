import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PreparedRealm } from '../store/load-realm.js';

const RUN = new URL('./run.ts', import.meta.url).pathname;
/** Large enough that writing the state takes a while (about 3 MB of JSON), small enough to restart often. */
const REALM = 'users=100,channels=15,messages=8000,seed=5';
/**
 * Kill cycles: four in the suite (two at a seeded random moment, two aimed at a write under way; the same
 * moments on every run). The long version, ten or more, is the same test with SVC_STATE_KILLS set:
 * `SVC_STATE_KILLS=10 npx vitest run src/cli/state-file-kill.test.ts`. Each cycle starts a server on a
 * generated realm, about 6 s of CPU, which made this file the slowest of the suite at ten.
 */
const KILLS = Number(process.env.SVC_STATE_KILLS ?? 4);

const dir = mkdtempSync(join(tmpdir(), 'svc-mock-kill-'));
/** The server of the current cycle, killed here if a failed assertion left it running. */
let live: ChildProcess | undefined;
afterAll(() => {
  if (live && live.exitCode === null && live.signalCode === null) live.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** A small seeded generator (mulberry32), so the kill moments are the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts serve with the state file; resolves the child, its URL and output once it listens. */
async function start(file: string) {
  const args = ['--import', 'tsx', RUN, 'serve', '--port', '0', '--state', file, '--save-every', '50ms'];
  const child = spawn(process.execPath, [...args, '--generate', REALM], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live = child;
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  let failed = false;
  void exited.then(() => (failed = true));
  while (!/Listening on http:\/\/127\.0\.0\.1:\d+/.test(out) || !out.includes('Control API')) {
    if (failed) throw new Error(`serve exited early:\n${out}`);
    await sleep(20);
  }
  const url = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
  // The generated realm's owner posts to its "general" channel.
  const { accounts } = (await (await fetch(`${url}/svc-mock/accounts`)).json()) as {
    accounts: Array<{ email: string; api_key: string; role: string; is_bot: boolean }>;
  };
  const owner = accounts.find((a) => a.role === 'owner' && !a.is_bot)!;
  const auth = `Basic ${btoa(`${owner.email}:${owner.api_key}`)}`;
  return { child, url, auth, exited, output: () => out };
}

/** The contents of this test's messages in a state file, in id order. */
function killMessages(file: string): string[] {
  const realm = JSON.parse(readFileSync(file, 'utf8')) as { messages: Array<{ content: string }> };
  return realm.messages.map((m) => m.content).filter((c) => c.startsWith('kill-'));
}

/** Temporary files next to the state file, except those of a running server (`live`, a process id). */
const temps = (live?: number) =>
  readdirSync(dir).filter((name) => name.includes('.tmp-') && !name.includes(`.tmp-${live}-`));
/** Whether the server with this process id is writing a temporary file right now. */
const writing = (pid: number | undefined) => readdirSync(dir).some((name) => name.includes(`.tmp-${pid}-`));

describe('serve --state under SIGKILL', () => {
  it('leaves the old or the new state, never a broken file, and restarts cleanly after each kill', async () => {
    const file = join(dir, 'state.json');
    const random = seeded(20261123);
    let kept: string[] = [];
    let killedMidWrite = 0;
    for (let cycle = 0; cycle < KILLS; cycle++) {
      const server = await start(file);
      expect(server.output()).toContain(`State: ${file} (${cycle === 0 ? 'new' : 'loaded'})`);
      // A restart removes what a killed writer left behind.
      expect(temps(server.child.pid)).toEqual([]);
      while (!existsSync(file)) await sleep(10);
      const loadedFile = statSync(file).ino;
      let sent = 0;
      let stopped = false;
      const sending = (async () => {
        while (!stopped) {
          const res = await fetch(`${server.url}/api/v1/messages`, {
            method: 'POST',
            headers: { Authorization: server.auth, 'User-Agent': 'SvcTest/1.0' },
            body: new URLSearchParams({
              type: 'stream',
              to: 'general',
              topic: 'kill',
              content: `kill-${cycle}-${sent}`,
            }),
          }).catch(() => undefined);
          if (!res) return;
          expect(res.status).toBe(200);
          sent++;
        }
      })();
      let done = false;
      void sending.finally(() => (done = true));
      // First one save of this cycle's changes (each save renames a new file into place)...
      for (let polls = 0; polls < 5000 && statSync(file).ino === loadedFile && !done; polls++) await sleep(2);
      // ...then, in even cycles, a random moment while changes flow; in odd cycles, as soon as a temporary file
      // shows that the next write is under way, plus a random few milliseconds, to aim at the middle of a write.
      if (cycle % 2 === 0) await sleep(Math.floor(random() * 300));
      else {
        // Bounded: a server that never writes a temporary file is killed after a few thousand polls anyway.
        for (let polls = 0; polls < 3000 && !writing(server.child.pid) && !done; polls++) await sleep(1);
        await sleep(Math.floor(random() * 5));
      }
      stopped = true;
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      await sending;
      if (temps().length) killedMidWrite++;

      // The file parses, loads, and holds what the server loaded plus a prefix of this cycle's messages.
      const messages = killMessages(file);
      expect(() => PreparedRealm.from(JSON.parse(readFileSync(file, 'utf8')))).not.toThrow();
      expect(messages.slice(0, kept.length)).toEqual(kept);
      const added = messages.slice(kept.length);
      expect(added.length).toBeGreaterThan(0);
      expect(added.length).toBeLessThanOrEqual(sent + 1);
      expect(added).toEqual(added.map((_, i) => `kill-${cycle}-${i}`));
      kept = messages;
    }
    const last = await start(file);
    expect(temps(last.child.pid)).toEqual([]);
    last.child.kill('SIGTERM');
    expect(await last.exited).toBe(0);
    expect(killMessages(file)).toEqual(kept);
    expect(kept.length).toBeGreaterThan(0);
    console.log(
      `${KILLS} kills, ${killedMidWrite} left a temporary file (killed mid-write), ${kept.length} messages kept`,
    );
  }, 300_000);
});
