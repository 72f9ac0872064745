/**
 * Runs the vitest recipe of docs/many-realms.md (this folder) with two workers: one server from the global
 * setup, each worker in the realm named after its pool id, neither seeing the other's messages. The recipe's
 * files are the page's blocks word for word.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const HERE = new URL('.', import.meta.url).pathname;
const ROOT = join(HERE, '../..');

describe('the vitest recipe: one server, a realm per worker', () => {
  it('passes with two workers, each in the realm worker-<pool id>', async () => {
    // The child vitest gets its own worker variables, not this worker's.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')),
    );
    const { stdout, stderr } = await run(
      join(ROOT, 'node_modules/.bin/vitest'),
      ['run', '--config', 'vitest.repo.config.ts'],
      { cwd: HERE, env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' }, timeout: 120_000 },
    ).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`the recipe failed:\n${error.stdout}\n${error.stderr}`);
    });
    const output = `${stdout}${stderr}`;
    expect(output).toMatch(/Tests\s+2 passed \(2\)/);
    const realms = [...output.matchAll(/(\w+)@svc\.test in realm (worker-\d+)/g)].map((m) => [m[1], m[2]]);
    expect(realms.map(([who]) => who).sort()).toEqual(['hamlet', 'iago']);
    expect(new Set(realms.map(([, realm]) => realm)).size).toBe(2);
  }, 150_000);

  it('is the code docs/many-realms.md shows', () => {
    const page = readFileSync(join(ROOT, 'docs/many-realms.md'), 'utf8');
    for (const file of ['vitest.config.ts', 'global-setup.ts', 'worker-realm.ts', 'hamlet.spec.ts']) {
      const at = page.indexOf(`<!-- excerpt: examples/vitest-realms/${file}`);
      expect(at, file).toBeGreaterThan(0);
      const block = /```ts[^\n]*\n([\s\S]*?)```/.exec(page.slice(at))![1];
      expect(block, file).toBe(readFileSync(join(HERE, file), 'utf8'));
    }
  });
});
