import { test, expect } from 'svc-mock/playwright';

test('the page base URL is the worker realm, which Chromium reaches at its localhost subdomain', async ({
  page,
  svcRealm,
}) => {
  test.info().annotations.push({ type: 'realm', description: svcRealm.subdomain });
  await page.goto('/api/v1/server_settings');
  const settings = JSON.parse((await page.locator('body').textContent()) ?? '{}') as { realm_url: string };
  expect(settings.realm_url).toBe(svcRealm.url);
  expect(svcRealm.account('hamlet@svc.test').role).toBe('member');
});
