import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('.', import.meta.url).pathname;
const NODE_BUILTINS = new Set(builtinModules);

/** Layers from the bottom up; a file may import only its own layer and the ones listed as allowed. */
const LAYERS: Record<string, { browser: boolean; mayImport: string[] }> = {
  generated: { browser: true, mayImport: [] },
  versions: { browser: true, mayImport: [] },
  schema: { browser: true, mayImport: ['generated', 'versions'] },
  markdown: { browser: true, mayImport: ['generated', 'schema', 'versions'] },
  store: { browser: true, mayImport: ['generated', 'schema', 'markdown', 'versions'] },
  api: { browser: true, mayImport: ['generated', 'schema', 'markdown', 'store', 'versions'] },
  'adapters/msw': { browser: true, mayImport: ['api'] },
};

function layerOf(file: string): string | undefined {
  const rel = relative(SRC, file);
  return Object.keys(LAYERS).find((layer) => rel === layer || rel.startsWith(`${layer}/`));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

function importsOf(text: string): string[] {
  const specs: string[] = [];
  const pattern =
    /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(pattern)) specs.push((m[1] ?? m[2] ?? m[3])!);
  return specs;
}

/** Problems of one file: node imports or globals in browser layers, and imports of higher layers. */
export function layerProblems(file: string, text: string): string[] {
  const layer = layerOf(file);
  if (!layer) return [];
  const rule = LAYERS[layer]!;
  const problems: string[] = [];
  for (const spec of importsOf(text)) {
    if (spec.startsWith('node:') || NODE_BUILTINS.has(spec.split('/')[0]!)) problems.push(`imports ${spec}`);
    if (!spec.startsWith('.')) continue;
    const target = layerOf(resolve(file, '..', spec));
    if (target && target !== layer && !rule.mayImport.includes(target))
      problems.push(`imports higher layer ${target} (${spec})`);
    if (!target && !relative(SRC, resolve(file, '..', spec)).startsWith('..')) {
      problems.push(`imports ${spec}, which belongs to no lower layer`);
    }
  }
  if (
    rule.browser &&
    /\b(process\.|Buffer\b|__dirname|require\()/.test(text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''))
  ) {
    problems.push('uses a Node.js global (process, Buffer, __dirname or require)');
  }
  return problems.map((p) => `${relative(SRC, file)}: ${p}`);
}

/**
 * Relative imports that exist when the code runs: static and dynamic imports and re-exports. `import type` and
 * `export type` are left out: TypeScript erases them (verbatimModuleSyntax keeps every other import, even one
 * of inline `type` names only, as a side-effect import), so they cannot change the order modules are evaluated
 * in, and types that refer to each other across files (a Mock holds its RealmRegistry, which hands out Mocks)
 * are a design TypeScript supports; a runtime circle makes one module run while another is half-initialised.
 */
export function valueImportsOf(text: string): string[] {
  const specs: string[] = [];
  const pattern =
    /(?:^|\n)\s*(import|export)(\s+type\b)?\s[^'"]*?from\s+['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(pattern)) {
    if (m[2]) continue;
    const spec = m[3] ?? m[4] ?? m[5];
    if (spec?.startsWith('.')) specs.push(spec);
  }
  return specs;
}

/** The source file an import names (`./x.js` is `./x.ts`, a folder its index.ts), or undefined. */
function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(from, '..', spec).replace(/\.js$/, '');
  return [`${base}.ts`, join(base, 'index.ts')].find((f) => existsSync(f));
}

/** Every circle of a graph (file → files it imports), one per strongly connected part, as a path a → … → a. */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || graph.get(v)?.includes(v)) parts.push(part);
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  // One concrete circle per part: a breadth-first path back to its first file, inside the part.
  return parts.map((part) => {
    const members = new Set(part);
    const start = [...part].sort()[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const v = queue.shift()!;
      for (const w of graph.get(v) ?? []) {
        if (!members.has(w)) continue;
        if (w === start) {
          const path = [start];
          for (let u = v; u !== start; u = previous.get(u)!) path.splice(1, 0, u);
          return [...path, start];
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    return [start, start];
  });
}

/** The runtime import graph of every non-test source file under src/. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const targets = valueImportsOf(readFileSync(file, 'utf8')).flatMap(
      (spec) => resolveImport(file, spec) ?? [],
    );
    graph.set(file, targets);
  }
  return graph;
}

describe('import circles', () => {
  it('has none among the runtime imports of src/ (type-only imports are erased and left out)', () => {
    const circles = importCircles(importGraph()).map((c) => c.map((f) => relative(SRC, f)).join(' → '));
    expect(circles).toEqual([]);
  });

  it('finds a circle through dynamic imports and re-exports, and not through import type', () => {
    expect(valueImportsOf("import type { A } from './a.js';\nexport type { B } from './b.js';")).toEqual([]);
    expect(
      valueImportsOf(
        "import { type A } from './a.js';\nexport { b } from './b.js';\nawait import('./c.js');",
      ),
    ).toEqual(['./a.js', './b.js', './c.js']);
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(importCircles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ]);
  });
});

describe('layering', () => {
  it('keeps store, api, markdown, schema and the MSW adapter free of Node.js and of higher layers', () => {
    const problems = sourceFiles(SRC).flatMap((file) => layerProblems(file, readFileSync(file, 'utf8')));
    expect(problems).toEqual([]);
  });

  it('notices a node import, a node global and an upward import', () => {
    expect(layerProblems(join(SRC, 'store/x.ts'), "import { readFileSync } from 'node:fs';")).toHaveLength(1);
    expect(layerProblems(join(SRC, 'api/x.ts'), "import fs from 'fs';")).toHaveLength(1);
    expect(layerProblems(join(SRC, 'store/x.ts'), "import { createApp } from '../api/app.js';")).toHaveLength(
      1,
    );
    expect(
      layerProblems(join(SRC, 'adapters/msw/x.ts'), "import { startServer } from '../node/server.js';"),
    ).toHaveLength(1);
    expect(layerProblems(join(SRC, 'api/x.ts'), 'const a = process.env.X;')).toHaveLength(1);
    expect(layerProblems(join(SRC, 'api/x.ts'), "import { x } from '../store/users.js';")).toEqual([]);
  });
});
