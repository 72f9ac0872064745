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
    // Each file gets fresh modules (vitest's default). Sharing them across files (isolate: false) cut the
    // import time but let state leak from file to file: zulip-js (a dev dependency the client tests load)
    // puts the form-data package in place of the global FormData, and order-dependent failures followed.
    isolate: true,
  },
});
