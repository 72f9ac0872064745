import { test, expect } from 'svc-mock/playwright';
import { countInTopic, openChat, send } from './app.js';

test('a message sent in the web client is stored once in the worker realm', async ({ page, svcRealm }) => {
  test.info().annotations.push({ type: 'realm', description: svcRealm.subdomain });
  await openChat(page, svcRealm, 'hamlet@svc.test');
  await send(page, 'e2e worker', 'hello from one worker');
  await expect(page.locator('#messages li.message', { hasText: 'hello from one worker' })).toBeVisible();
  // Read back from Node.js with the realm's own key: the message is in the worker's realm.
  expect(await countInTopic(svcRealm, 'hamlet@svc.test', 'e2e worker')).toBe(1);
});
