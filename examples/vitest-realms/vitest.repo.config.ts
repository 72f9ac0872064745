// The recipe's config as this repository runs it: `svc-mock` imports resolve to the working tree's sources.
import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vitest/config';
import recipe from './vitest.config.js';

const src = (path: string): string => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));

export default mergeConfig(recipe, {
  resolve: {
    alias: [
      { find: /^svc-mock\/node$/, replacement: src('adapters/node/index.ts') },
      {
        find: /^svc-mock\/fixtures\/(.*)$/,
        replacement: fileURLToPath(new URL('../../fixtures/$1', import.meta.url)),
      },
      { find: /^svc-mock$/, replacement: src('index.ts') },
    ],
  },
});
