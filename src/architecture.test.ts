import { readdirSync, readFileSync, statSync } from 'node:fs';
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
