import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('svc-mock/browser', () => {
  it('bundles for the browser without any Node.js built-in', async () => {
    const result = await build({
      entryPoints: [new URL('./index.ts', import.meta.url).pathname],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
      metafile: true,
    });
    expect(result.errors).toEqual([]);
    const text = result.outputFiles[0]!.text;
    expect(text).toContain('startMock');
    expect(text).not.toMatch(/["']node:/);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.includes('msw'))).toBe(true);
    expect(inputs.filter((path) => path.startsWith('node:'))).toEqual([]);
  }, 120_000);

  it('fails the same build when a module imports a Node.js built-in (the check can fail)', async () => {
    const failed = await build({
      stdin: { contents: "import { readFileSync } from 'node:fs'; console.log(readFileSync);", loader: 'ts' },
      bundle: true,
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    }).catch((error: { errors?: unknown[] }) => error.errors ?? [error]);
    expect(Array.isArray(failed) && failed.length).toBeGreaterThan(0);
  });
});
