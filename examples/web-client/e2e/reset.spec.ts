import { test, expect } from 'svc-mock/playwright';
import { countInTopic, openChat, send } from './app.js';

test('a reset of the realm makes the page register again and forgets what was sent', async ({
  page,
  svcRealm,
}) => {
  test.info().annotations.push({ type: 'realm', description: svcRealm.subdomain });
  await openChat(page, svcRealm, 'iago@svc.test');
  await send(page, 'e2e reset', 'before the reset');
  await expect(page.locator('#messages li.message', { hasText: 'before the reset' })).toBeVisible();
  // Reset acts on the realm of its host only: the other workers' realms keep their messages.
  expect((await svcRealm.fetch('/svc-mock/reset', { method: 'POST' })).status).toBe(200);
  await page.locator('body[data-registrations="2"]').waitFor();
  expect(await countInTopic(svcRealm, 'iago@svc.test', 'e2e reset')).toBe(0);
});
