/**
 * `svc-mock/playwright`: Playwright's `test` with a realm of its own for every worker, on one shared
 * `svc-mock serve`. The realm is made (`POST /svc-mock/realms`) when a worker's first test needs it and deleted
 * when the worker ends; `baseURL` (so `page.goto('/')`) is the realm's URL, `http://<subdomain>.localhost:PORT`,
 * which Chromium resolves to loopback. Needs `@playwright/test` (an optional peer dependency).
 */
import { test as base } from '@playwright/test';
import { createRealm, type RealmClient } from '../adapters/node/realm-client.js';

export { expect } from '@playwright/test';
export type { RealmAccount, RealmClient } from '../adapters/node/realm-client.js';

/** The default server URL when neither the `svcMockUrl` option nor `SVC_MOCK_URL` gives one. */
export const DEFAULT_SVC_MOCK_URL = 'http://127.0.0.1:9991';

/** Options of the fixture (set them in `use` of playwright.config.ts or with `test.use`). */
export interface SvcMockOptions {
  /** The shared server's root URL; default `process.env.SVC_MOCK_URL`, else `http://127.0.0.1:9991`. */
  svcMockUrl: string;
  /** What each worker's realm starts from: `'dev'` (default), a fixture name, `{ generate: SPEC }`, a snapshot. */
  svcRealmSource: unknown;
}

/** The worker-scoped fixtures: the options and `svcRealm`, this worker's realm. */
export interface SvcMockWorkerFixtures extends SvcMockOptions {
  /** This worker's realm: `subdomain`, `url`, `accounts`, `account(email)`, `fetch(path, { as })` from Node.js. */
  svcRealm: RealmClient;
}

/**
 * Playwright's `test` with `svcRealm` (one realm per worker) and `baseURL` set to that realm.
 * @example
 * import { test, expect } from 'svc-mock/playwright';
 * test('the realm answers', async ({ page, svcRealm }) => {
 *   await page.goto('/api/v1/server_settings');
 *   await expect(page.locator('body')).toContainText(svcRealm.url);
 * });
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no test-scoped fixtures of its own
export const test = base.extend<{}, SvcMockWorkerFixtures>({
  svcMockUrl: [process.env.SVC_MOCK_URL ?? DEFAULT_SVC_MOCK_URL, { scope: 'worker', option: true }],
  svcRealmSource: ['dev', { scope: 'worker', option: true }],
  svcRealm: [
    async ({ svcMockUrl, svcRealmSource }, use, workerInfo) => {
      // Unique on the server even when several runs share it: the worker's index and its process id.
      const subdomain = `pw-${workerInfo.workerIndex}-${process.pid}`;
      const realm = await createRealm(svcMockUrl, { subdomain, source: svcRealmSource });
      try {
        await use(realm);
      } finally {
        await realm.delete();
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ svcRealm }, use) => {
    await use(svcRealm.url);
  },
});
