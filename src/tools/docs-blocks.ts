/**
 * The code blocks of README.md and docs/*.md, each with the way the docs test runs it. A block that cannot run
 * as pasted says so: ```` ```ts excerpt ```` or an HTML comment `<!-- excerpt: why -->` just before it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How the docs test treats a block. */
export type BlockKind =
  | 'ts-script' // type-checked, then run with tsx in the consumer project
  | 'ts-test' // type-checked, then run with vitest in the consumer project (first line `// NAME.test.ts`)
  | 'ts-browser' // type-checked with the DOM library; needs a page and a service worker to run
  | 'sh' // run line by line with bash in the consumer project
  | 'json' // a realm fixture: loaded as the mock loads realms
  | 'yaml' // a scenario or a diff ignore file: loaded by the conformance runner's own loader
  | 'synopsis' // a command-line synopsis: every flag is in that command's --help
  | 'output' // output the page shows: produced by the docs test and compared
  | 'vite' // run word for word in a new Vite project by src/testing/browser/vite-readme.test.ts
  | 'excerpt'; // a fragment, named as such on the page

/** One fenced code block of a page. */
export interface DocBlock {
  /** The page, relative to the repository root. */
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  /** Words of the info string after the language (`excerpt`, `browser`). */
  words: string[];
  /** The HTML comment right before the block, without `<!--` and `-->`. */
  marker?: string;
  /** The `## ` heading the block is under. */
  section: string;
  code: string;
  kind: BlockKind;
}

/** The sections whose blocks another test runs (page, heading, test file). */
export const RUN_ELSEWHERE = [
  {
    page: 'docs/browser.md',
    section: '## In a Vite app',
    test: 'src/testing/browser/vite-readme.test.ts',
  },
] as const;

function kindOf(block: Omit<DocBlock, 'kind'>): BlockKind | undefined {
  if (block.words.includes('excerpt') || block.marker?.startsWith('excerpt')) return 'excerpt';
  if (RUN_ELSEWHERE.some((r) => r.page === block.page && r.section === block.section)) return 'vite';
  switch (block.lang) {
    case 'ts':
      if (block.words.includes('browser')) return 'ts-browser';
      return /^\/\/ [\w-]+\.test\.ts\n/.test(block.code) ? 'ts-test' : 'ts-script';
    case 'sh':
      return 'sh';
    case 'json':
      return 'json';
    case 'yaml':
      return 'yaml';
    case 'text':
      return /^svc-mock \w/.test(block.code) ? 'synopsis' : 'output';
    default:
      return undefined;
  }
}

/** The blocks of one page's text; a block of a language the test does not know throws. */
export function parseBlocks(page: string, text: string): DocBlock[] {
  const lines = text.split('\n');
  const blocks: DocBlock[] = [];
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('## ')) section = line;
    const fence = /^```(\w*)(.*)$/.exec(line);
    if (!fence) continue;
    const start = i;
    let end = i + 1;
    while (end < lines.length && lines[end] !== '```') end++;
    let before = start - 1;
    while (before >= 0 && lines[before]!.trim() === '') before--;
    const comment = /^<!--\s*(.*?)\s*-->$/.exec(lines[before] ?? '');
    const partial = {
      page,
      line: start + 1,
      lang: fence[1]!,
      words: fence[2]!.trim().split(/\s+/).filter(Boolean),
      marker: comment?.[1],
      section,
      code: `${lines.slice(start + 1, end).join('\n')}\n`,
    };
    const kind = kindOf(partial);
    if (!kind)
      throw new Error(`${page}:${start + 1}: a \`\`\`${partial.lang} block the docs test cannot run`);
    blocks.push({ ...partial, kind });
    i = end;
  }
  return blocks;
}

/** README.md and every docs/*.md page of the repository at `root`. */
export function docPages(root: string): string[] {
  const pages = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...pages];
}

/** Every block of every page. */
export function allBlocks(root: string): DocBlock[] {
  return docPages(root).flatMap((page) => parseBlocks(page, readFileSync(join(root, page), 'utf8')));
}

/** Counts of blocks by kind, in a fixed order (for the test's report). */
export function countByKind(blocks: readonly DocBlock[]): Record<BlockKind, number> {
  const counts = {} as Record<BlockKind, number>;
  const kinds: BlockKind[] = [
    'ts-script',
    'ts-test',
    'ts-browser',
    'sh',
    'json',
    'yaml',
    'synopsis',
    'output',
    'vite',
    'excerpt',
  ];
  for (const kind of kinds) counts[kind] = blocks.filter((b) => b.kind === kind).length;
  return counts;
}
