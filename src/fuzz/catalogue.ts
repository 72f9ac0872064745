/** The error catalogue's codes, read from src/api/errors (every code an error envelope may carry). */
import { readdirSync, readFileSync } from 'node:fs';

const ERRORS_DIR = new URL('../api/errors/', import.meta.url);

let cached: ReadonlySet<string> | undefined;

/** Every `code` string the catalogue's factories can produce (upper-case string literals of its modules). */
export function catalogueCodes(): ReadonlySet<string> {
  if (cached) return cached;
  const codes = new Set<string>();
  for (const file of readdirSync(ERRORS_DIR)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const text = readFileSync(new URL(file, ERRORS_DIR), 'utf8');
    for (const match of text.matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})'/g)) codes.add(match[1]!);
  }
  cached = codes;
  return codes;
}
