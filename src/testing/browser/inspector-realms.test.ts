/**
 * The inspector and many realms, in headless Chromium: it lists the server's realms, switching opens it at the
 * chosen realm's host (its polls and actions then go to that realm), and a realm made later joins the list.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../adapters/node/server.js';
import { createMock, type Mock } from '../../mock/create-mock.js';
import { preparedDevRealm } from '../dev-realm.js';
import { basicAuth } from '../transports.js';
import { ensureChromium, launchChromium } from './harness.js';

describe('the inspector with many realms', () => {
  let mock: Mock;
  let server: RunningServer;
  let browser: Browser;

  /** Sends a message in `realm` as Hamlet (through the mock in process: the realm's own handler). */
  const send = async (realm: Mock, content: string): Promise<void> => {
    const response = await realm.fetch(
      new Request(`${realm.store.state.realm.url}/api/v1/messages`, {
        method: 'POST',
        headers: { Authorization: basicAuth(realm, 'hamlet@svc.test') },
        body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'realms', content }),
      }),
    );
    expect(response.status).toBe(200);
  };
  const message = (page: Page, text: string) => page.locator('#messages-list article', { hasText: text });

  beforeAll(async () => {
    ensureChromium();
    mock = createMock({ realm: preparedDevRealm(), logError: () => {} });
    server = await startServer(mock, { port: 0, host: '127.0.0.1' });
    mock.realms.setBaseUrl(`http://localhost:${server.port}`);
    browser = await launchChromium();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('switches to a realm at its host, shows only its messages, and acts on it alone', async () => {
    const r1 = await mock.realms.create({ subdomain: 'r1' });
    await send(r1, 'only in realm r1');
    await send(mock, 'only in the default realm');
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    try {
      await page.goto(`${server.url}/svc-mock/`);
      await message(page, 'only in the default realm').waitFor({ timeout: 30_000 });
      const select = page.getByLabel('Switch realm');
      await select.locator('option', { hasText: 'r1 (dev)' }).waitFor({ state: 'attached', timeout: 30_000 });
      expect(await select.locator('option').allTextContents()).toEqual(['default realm', 'r1 (dev)']);
      expect(await select.inputValue()).toBe(server.url);

      await select.selectOption({ label: 'r1 (dev)' });
      await page.waitForURL(`http://r1.localhost:${server.port}/svc-mock/`, { timeout: 30_000 });
      await message(page, 'only in realm r1').waitFor({ timeout: 30_000 });
      expect(await message(page, 'only in the default realm').count()).toBe(0);
      await expect
        .poll(() => page.getByLabel('Switch realm').inputValue())
        .toBe(`http://r1.localhost:${server.port}`);

      // A reset from the page resets r1 only.
      await page.getByRole('button', { name: 'Reset realm' }).click();
      await message(page, 'only in realm r1').waitFor({ state: 'detached', timeout: 30_000 });
      const defaultMessages = mock.store.state.messages.size;
      expect(
        [...mock.store.state.messages.values()].some((m) => m.content === 'only in the default realm'),
      ).toBe(true);
      expect(defaultMessages).toBeGreaterThan(0);

      // A realm made while the page is open joins the list; back to the default realm at the root host.
      await mock.realms.create({ subdomain: 'r2' });
      await page
        .getByLabel('Switch realm')
        .locator('option', { hasText: 'r2 (dev)' })
        .waitFor({ state: 'attached', timeout: 30_000 });
      await page.getByLabel('Switch realm').selectOption({ label: 'default realm' });
      await page.waitForURL(`http://localhost:${server.port}/svc-mock/`, { timeout: 30_000 });
      await message(page, 'only in the default realm').waitFor({ timeout: 30_000 });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      mock.realms.clear();
    }
  }, 120_000);

  it('shows no realm switch when the server has no realm besides the default one', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/svc-mock/`);
      await page.locator('#channels-list li', { hasText: 'Verona' }).first().waitFor({ timeout: 30_000 });
      // The list was read (the switch is filled) and stays hidden with no realm but the default one.
      await page.locator('#realm-switch option').first().waitFor({ state: 'attached', timeout: 30_000 });
      expect(await page.locator('#realm-switch-field').isHidden()).toBe(true);
    } finally {
      await page.close();
    }
  }, 60_000);
});
