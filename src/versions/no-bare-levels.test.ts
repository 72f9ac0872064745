import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/**
 * Comparisons that look like feature-level checks but are not, or that must stay numeric. Each entry names
 * the file, the exact comparison (whitespace collapsed) and why it is allowed.
 */
const ALLOWED: ReadonlyArray<{ file: string; match: string; why: string }> = [
  // markdown-it's token nesting depth, not a feature level.
  { file: 'markdown/post.ts', match: 'level === 0', why: 'markdown token depth' },
  // The conformance CLI may name a real server's level, newer than the mock's newest: only the lower bound.
  { file: 'cli/conformance-options.ts', match: 'level < 0', why: 'range check of a CLI option' },
];

const ID = String.raw`(?:\b(?:fl|level|featureLevel|[A-Za-z_$]*(?:Level|_LEVEL|_level))\b)`;
const OP = String.raw`(?:<=|>=|===|!==|==|!=|<|>)`;
const NUM = String.raw`-?\d+(?:\.\d+)?\b`;
/** `store.`, `options?.`: the objects a level is read from. */
const MEMBERS = String.raw`(?:[A-Za-z_$][\w$]*\??\.)*`;
const PATTERN = new RegExp(
  `${ID}\\s*${OP}\\s*${NUM}|${NUM}\\s*${OP}\\s*${MEMBERS}${ID}|\\b[A-Z][A-Z0-9_]*_LEVEL\\s*=\\s*\\d`,
  'g',
);

/** Blanks comments (keeping line numbers) so prose about levels does not count. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' ')).replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** Numeric feature-level comparisons in one file's text: `line: comparison`. */
export function bareLevelComparisons(text: string): string[] {
  const code = withoutComments(text);
  return [...code.matchAll(PATTERN)].map(
    (m) => `${code.slice(0, m.index).split('\n').length}: ${m[0].replace(/\s+/g, ' ')}`,
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

function scan(): Array<{ file: string; line: string; match: string }> {
  return sourceFiles(SRC)
    .map((path) => relative(SRC, path).split('\\').join('/'))
    .filter((file) => !file.startsWith('versions/') && !file.startsWith('generated/'))
    .flatMap((file) =>
      bareLevelComparisons(readFileSync(join(SRC, file), 'utf8')).map((hit) => {
        const [line, match] = hit.split(': ') as [string, string];
        return { file, line, match };
      }),
    );
}

describe('feature levels are compared only in src/versions', () => {
  it('finds no numeric feature-level comparison outside src/versions/** (allow-list aside)', () => {
    const hits = scan().filter((h) => !ALLOWED.some((a) => a.file === h.file && a.match === h.match));
    expect(
      hits.map((h) => `src/${h.file}:${h.line}: ${h.match} (ask has() from src/versions instead)`),
    ).toEqual([]);
  });

  it('keeps no stale allow-list entry', () => {
    const hits = scan();
    const stale = ALLOWED.filter((a) => !hits.some((h) => h.file === a.file && h.match === a.match));
    expect(stale).toEqual([]);
  });

  it.each([
    ['if (store.featureLevel >= 300) return x;', '1: featureLevel >= 300'],
    ['const old = fl < 255;', '1: fl < 255'],
    ['return level<=2 ? a : b;', '1: level<=2'],
    ['if (300 > options.featureLevel) {}', '1: 300 > options.featureLevel'],
    ['const MULTIUSE_LEVEL = 209;', '1: MULTIUSE_LEVEL = 2'],
    ['const x = this.minLevel !== 5;', '1: minLevel !== 5'],
    ['f(\n  fl\n    < 208,\n);', '2: fl < 208'],
  ])('catches %j', (code, expected) => {
    expect(bareLevelComparisons(code)).toEqual([expected]);
  });

  it('ignores comments, has() calls and comparisons of other numbers', () => {
    const code = [
      '// before fl < 255 the word was "stream"',
      "/** Since featureLevel >= 300. */ if (has('message_ids', store.featureLevel)) x();",
      'if (count > 5 && levels.length >= 1) y();',
    ].join('\n');
    expect(bareLevelComparisons(code)).toEqual([]);
  });
});
