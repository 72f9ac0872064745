// Links between README.md and the docs pages land on a heading that exists (GitHub's heading anchors).
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { expect, it } from 'vitest';
import { docPages } from './docs-blocks.js';

const ROOT = new URL('../../', import.meta.url).pathname;

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(join(ROOT, page), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => headingAnchor(m[1]!)));
}

it('makes the anchors GitHub makes', () => {
  expect(headingAnchor("Reference: the spec's Versioning rows")).toBe('reference-the-specs-versioning-rows');
  expect(headingAnchor('`startMock`, persistence in the page')).toBe('startmock-persistence-in-the-page');
  expect(headingAnchor("A frontend's dev server")).toBe('a-frontends-dev-server');
});

it('links every README and docs anchor to a heading of its page', () => {
  const broken: string[] = [];
  let checked = 0;
  for (const page of docPages(ROOT)) {
    const text = readFileSync(join(ROOT, page), 'utf8');
    for (const [, target, anchor] of text.matchAll(/\]\(([^)#\s]*)#([^)\s]+)\)/g)) {
      if (target && !target.endsWith('.md')) continue;
      const linked = target ? normalize(join(dirname(page), target)) : page;
      checked++;
      if (!anchorsOf(linked).has(anchor!)) broken.push(`${page}: ${target}#${anchor}`);
    }
  }
  expect(checked).toBeGreaterThan(20);
  expect(broken).toEqual([]);
});

it('links every docs page from README.md, which stays the short front door', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const unlinked = docPages(ROOT)
    .filter((p) => p !== 'README.md')
    .filter((p) => !readme.includes(`](${p})`) && !readme.includes(`](${p}#`));
  expect(unlinked).toEqual([]);
  expect(readme.split('\n').length).toBeLessThanOrEqual(300);
});
