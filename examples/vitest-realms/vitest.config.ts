import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.spec.ts'],
    // One server for the whole run; every worker takes a realm of it.
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['./worker-realm.ts'],
    pool: 'forks',
    maxWorkers: 2,
  },
});
