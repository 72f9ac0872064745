/** Keeps the endpoint table of docs/endpoints.md in step with the route table (generated, never hand-edited). */
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import type { Route } from '../api/route.js';

const START = '<!-- routes:start -->';
const END = '<!-- routes:end -->';
/** Path of the page that holds the endpoint table. */
export const endpointsPagePath = new URL('../../docs/endpoints.md', import.meta.url);
/** Path of the page that holds the dev realm's accounts table. */
export const realmsPagePath = new URL('../../docs/realms.md', import.meta.url);

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

/** The page's text with the generated table between the markers, formatted as prettier formats the file. */
export async function withRouteTable(page: string, routes: readonly Route[]): Promise<string> {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/endpoints.md lacks the ${START} … ${END} markers`);
  const text = `${page.slice(0, start + START.length)}\n${routeTable(routes)}\n${page.slice(end)}`;
  const options = await resolveConfig(endpointsPagePath);
  return format(text, { ...options, parser: 'markdown' });
}

/** Rewrites docs/endpoints.md in place. */
export async function updateReadme(routes: readonly Route[]): Promise<void> {
  writeFileSync(endpointsPagePath, await withRouteTable(readFileSync(endpointsPagePath, 'utf8'), routes));
}
