import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CompleteRealmFixture } from '../store/realm-fixture.js';

const RUN = new URL('./run.ts', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'svc-mock-prepare-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI from source (through tsx) until it exits; its exit code and everything it printed. */
function run(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', RUN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/**
 * Starts `serve --realm file` on a free port, reads one message as its first user with an API key and stops
 * the server; the message's content and what the server printed on standard error.
 */
async function servedContent(file: string, messageId: number): Promise<{ content: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', RUN, 'serve', '--realm', file, '--port', '0', '--host', '127.0.0.1'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const found = /Listening on (http:\/\/\S+)/.exec(stdout);
        if (found) resolve(found[1]!);
      });
      child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
    });
    const realm = JSON.parse(readFileSync(file, 'utf8')) as CompleteRealmFixture;
    // Its sender reads it (a sender keeps a row for each own message).
    const senderId = realm.messages.find((m) => m.id === messageId)!.sender_id;
    const user = realm.users.find((u) => u.user_id === senderId)!;
    const authorization = `Basic ${btoa(`${user.delivery_email}:${user.api_key}`)}`;
    const res = await fetch(`${url}/api/v1/messages/${messageId}?apply_markdown=false`, {
      headers: { authorization },
    });
    const body = (await res.json()) as { message: { content: string } };
    if (res.status !== 200) throw new Error(`GET /messages/${messageId}: ${JSON.stringify(body)}`);
    return { content: body.message.content, stderr };
  } finally {
    child.kill('SIGTERM');
  }
}

describe('svc-mock realm prepare and serve --realm', () => {
  it('serves the prepared form of a file, and the file itself once it changed', async () => {
    const file = join(dir, 'realm.json');
    const generated = await run([
      ...['realm', 'generate', '--users', '12', '--channels', '3', '--messages', '60', '--seed', '5'],
      ...['-o', file, '--prepared'],
    ]);
    expect(generated.code, generated.output).toBe(0);
    expect(generated.output).toContain(`Wrote ${file}.prepared`);
    expect(existsSync(`${file}.prepared`)).toBe(true);
    const realm = JSON.parse(readFileSync(file, 'utf8')) as CompleteRealmFixture;
    // A channel message with a content of its own, in plain ASCII (replaced in place in the form below).
    const message = realm.messages.find(
      (m) =>
        m.stream_id !== undefined &&
        /^[ -~]+$/.test(m.content) &&
        !/["\\]/.test(m.content) &&
        realm.messages.filter((o) => o.content === m.content).length === 1,
    )!;
    // The server reads the form, not the file: a content changed in the form alone is what it serves.
    const form = readFileSync(`${file}.prepared`);
    const at = form.indexOf(JSON.stringify(message.content));
    expect(at).toBeGreaterThan(0);
    const marked = `"${'X'.repeat(message.content.length)}"`;
    form.write(marked, at, 'latin1');
    writeFileSync(`${file}.prepared`, form);
    const first = await servedContent(file, message.id);
    expect(first.content).toBe('X'.repeat(message.content.length));
    expect(first.stderr).not.toContain('not using');

    message.content = `${message.content} (changed)`;
    writeFileSync(file, JSON.stringify(realm));
    const second = await servedContent(file, message.id);
    expect(second.content).toBe(message.content);
    expect(second.stderr).toContain(
      `not using ${file}.prepared: it was made from another version of ${file}`,
    );

    const prepared = await run(['realm', 'prepare', file]);
    expect(prepared.code, prepared.output).toBe(0);
    expect(prepared.output).toContain(`Wrote ${file}.prepared`);
  }, 120_000);

  it('exits 1 naming the problem for an invalid realm, writing nothing', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ format: 'svc-mock-realm/1', realm: {}, users: 'none' }));
    const prepared = await run(['realm', 'prepare', file]);
    expect(prepared.code).toBe(1);
    expect(prepared.output).toContain('Invalid realm fixture');
    expect(existsSync(`${file}.prepared`)).toBe(false);
  }, 60_000);
});
