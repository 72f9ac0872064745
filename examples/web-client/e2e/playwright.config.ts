import { defineConfig } from '@playwright/test';
import type { SvcMockOptions } from 'svc-mock/playwright';

export default defineConfig<SvcMockOptions>({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  // Four browsers on a small CI machine: give each test time.
  timeout: 120_000,
  use: {
    // The shared server every worker makes its realm on (`svc-mock serve` started before the run).
    svcMockUrl: process.env.SVC_MOCK_URL ?? 'http://127.0.0.1:9991',
    browserName: 'chromium',
    // Any Chromium: Playwright's own (`npx playwright install chromium`) or the system's.
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: ['--no-sandbox'] },
  },
});
