/** The accounts table of `svc-mock accounts` and `serve`: the rows of `accounts --json`, one line each. */

const COLUMNS = [
  ['E-mail', (r: Record<string, unknown>) => String(r.email)],
  ['Role', (r: Record<string, unknown>) => String(r.role)],
  ['API key', (r: Record<string, unknown>) => String(r.api_key)],
  ['Password', (r: Record<string, unknown>) => (typeof r.password === 'string' ? r.password : '-')],
  ['Bot', (r: Record<string, unknown>) => (r.is_bot ? 'yes' : 'no')],
  ['Active', (r: Record<string, unknown>) => (r.is_active ? 'yes' : 'no')],
] as const;

/**
 * Lines of an aligned table with every account (deactivated ones and bots included) and the same role
 * as the JSON rows.
 * @example
 * formatAccountsTable(listAccounts(store)).forEach((line) => console.log(line));
 */
export function formatAccountsTable(rows: ReadonlyArray<Record<string, unknown>>): string[] {
  const cells = [COLUMNS.map(([title]) => title), ...rows.map((r) => COLUMNS.map(([, cell]) => cell(r)))];
  const widths = COLUMNS.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  return cells.map((line) =>
    line
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
}
