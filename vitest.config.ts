import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string): string => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

export default defineConfig({
  resolve: {
    // Examples import the package by name, as users do.
    alias: [
      { find: /^svc-mock\/msw$/, replacement: src('adapters/msw/index.ts') },
      { find: /^svc-mock\/node$/, replacement: src('adapters/node/index.ts') },
      { find: /^svc-mock$/, replacement: src('index.ts') },
    ],
  },
  test: {
    include: ['src/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 20000,
    hookTimeout: 20000,
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, every file
    // after the other while many wait on servers and child processes. Two at least.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each worker keeps its modules from one file to the next instead of evaluating the app, the generated
    // schemas and the dev realm again for every file (that import time was about a third of the run). Tests
    // keep their state in their own servers, stores and temporary directories.
    isolate: false,
  },
});
