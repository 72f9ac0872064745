/** Keeps README.md's endpoint table in step with the route table (the table is generated, never hand-edited). */
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import type { Route } from '../api/route.js';

const START = '<!-- routes:start -->';
const END = '<!-- routes:end -->';
/** Path of the README. */
export const readmePath = new URL('../../README.md', import.meta.url);

/** The Markdown table of every route. */
export function routeTable(routes: readonly Route[]): string {
  const rows = [...routes]
    .map((r) => ({ path: r.root ? r.path : `/api/v1${r.path}`, r }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.r.method.localeCompare(b.r.method))
    .map(({ path, r }) => {
      const auth = r.auth === 'user' ? 'user' : r.auth === 'optional' ? 'optional' : 'none';
      return `| \`${r.method}\` | \`${path}\` | ${auth} | ${r.summary} |`;
    });
  return ['| Method | Path | Auth | What it does |', '|---|---|---|---|', ...rows].join('\n');
}

/** README text with the generated table between the markers, formatted as prettier formats the file. */
export async function withRouteTable(readme: string, routes: readonly Route[]): Promise<string> {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the ${START} … ${END} markers`);
  const text = `${readme.slice(0, start + START.length)}\n${routeTable(routes)}\n${readme.slice(end)}`;
  const options = await resolveConfig(readmePath);
  return format(text, { ...options, parser: 'markdown' });
}

/** Rewrites README.md in place. */
export async function updateReadme(routes: readonly Route[]): Promise<void> {
  writeFileSync(readmePath, await withRouteTable(readFileSync(readmePath, 'utf8'), routes));
}
