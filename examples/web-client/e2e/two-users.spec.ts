import { test, expect } from 'svc-mock/playwright';
import { openChat, send } from './app.js';

test("two users of the realm see each other's messages live", async ({ browser, svcRealm }) => {
  test.info().annotations.push({ type: 'realm', description: svcRealm.subdomain });
  const [hamlet, iago] = await Promise.all([browser.newPage(), browser.newPage()]);
  await Promise.all([
    openChat(hamlet, svcRealm, 'hamlet@svc.test'),
    openChat(iago, svcRealm, 'iago@svc.test'),
  ]);
  await send(hamlet, 'e2e pair', 'Hello Iago');
  await iago.getByRole('button', { name: /^e2e pair/ }).click();
  await expect(iago.locator('#messages li.message', { hasText: 'Hello Iago' })).toBeVisible();
  await Promise.all([hamlet.close(), iago.close()]);
});
