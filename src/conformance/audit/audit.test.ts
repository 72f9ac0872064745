// The "done when": the whole bundled suite, run twice with --audit against `serve --no-control`, leaves no
// drift, and a scenario without its teardown is caught by the audit.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeProcess, type ServeProcess } from '../../testing/serve-process.js';
import { runConformance, type ConformanceOptions } from '../run-conformance.js';

const RUN = new URL('../../cli/run.ts', import.meta.url).pathname;
const SEEDED = new URL('./fixtures/seeded-defect.yaml', import.meta.url).pathname;

let serve: ServeProcess;
let dir: string;
let accountsFile: string;

beforeAll(async () => {
  serve = await startServeProcess(['--import', 'tsx', RUN, 'serve', '--no-control', '--port', '0']);
  dir = mkdtempSync(join(tmpdir(), 'svc-audit-'));
  accountsFile = join(dir, 'accounts.json');
  // The accounts file exactly as a user makes it for a server: `svc-mock accounts --json`.
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--import',
    'tsx',
    RUN,
    'accounts',
    '--json',
  ]);
  writeFileSync(accountsFile, stdout);
}, 60_000);

afterAll(async () => {
  serve?.child.kill('SIGTERM');
  await serve?.exited;
  rmSync(dir, { recursive: true, force: true });
});

/** One `svc-mock conformance --audit` run against the server: exit code and console output. */
async function audited(files: string[]): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const options: ConformanceOptions = {
    files,
    target: serve.url,
    accounts: accountsFile,
    audit: true,
    aliases: [],
    reporters: [{ kind: 'console' }],
  };
  const code = await runConformance(options, {
    out: (t) => out.push(t),
    err: (t) => out.push(t),
    tty: false,
    colour: false,
  });
  return { code, out: out.join('') };
}

const lines = (out: string, pattern: RegExp): string[] => out.split('\n').filter((l) => pattern.test(l));

describe('--audit against serve --no-control', () => {
  it('finds no drift after each of two runs of the whole suite, and reports a scenario without teardown', async () => {
    for (const round of [1, 2]) {
      const { out } = await audited(['scenarios']);
      expect(lines(out, /^(PASS|FAIL) audit: /), `round ${round}: ${out.slice(-600)}`).toEqual([
        expect.stringMatching(/^PASS audit: /),
      ]);
      // Soft: a failing scenario fails the test too, but the audit's own checks still run to the end.
      expect.soft(lines(out, /^FAIL /), `round ${round}: scenarios that failed`).toEqual([]);
    }
    const seeded = await audited([SEEDED]);
    expect(seeded.code).toBe(1);
    expect(lines(seeded.out, /^(PASS|FAIL) /)).toEqual([
      expect.stringMatching(/^PASS a seeded defect/),
      expect.stringMatching(/^FAIL audit: /),
    ]);
    expect(seeded.out).toContain('/accounts/AARON@svc.test/user_settings/enter_sends: false → true');
    expect(seeded.out).toMatch(/\/linkifiers\/\d+: \(absent\) → \{[^\n]*SEEDED-/);
  }, 400_000);
});
