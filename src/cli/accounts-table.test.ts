import { afterEach, expect, it, vi } from 'vitest';
import { buildProgram } from './main.js';

afterEach(() => vi.restoreAllMocks());

/** Runs the CLI in-process and returns what it printed. */
async function printed(args: string[]): Promise<string> {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void lines.push(parts.join(' ')));
  await buildProgram().parseAsync(['node', 'svc-mock', ...args]);
  vi.restoreAllMocks();
  return lines.join('\n');
}

it('svc-mock accounts lists the accounts of --json, with the same roles and bot and active columns', async () => {
  const rows = JSON.parse(await printed(['accounts', '--json'])) as Array<Record<string, unknown>>;
  const table = (await printed(['accounts'])).split('\n');
  expect(table[0]).toMatch(/^E-mail\s+Role\s+API key\s+Password\s+Bot\s+Active$/);
  expect(table).toHaveLength(rows.length + 1);
  for (const row of rows) {
    const line = table.find((l) => l.startsWith(`${String(row.email)} `));
    expect(line?.split(/\s+/)).toEqual([
      row.email,
      row.role,
      row.api_key,
      row.password ?? '-',
      row.is_bot ? 'yes' : 'no',
      row.is_active ? 'yes' : 'no',
    ]);
  }
  // The dev realm's deactivated user and its bots (role member, as in the JSON) are in both.
  expect(rows.some((r) => !r.is_active)).toBe(true);
  expect(rows.find((r) => r.email === 'hamlet@svc.test')?.password).toBe('hamlet-svc-dev');
  expect(rows.filter((r) => r.is_bot).every((r) => r.password === undefined)).toBe(true);
  expect(rows.filter((r) => r.is_bot).map((r) => r.role)).not.toContain('bot');
  expect(table.some((l) => /\sbot\s/.test(l))).toBe(false);
});
