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
  },
});
