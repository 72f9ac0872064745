import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium, launchChromium, servePage, type PageServer } from './harness.js';

describe('the MSW handlers in a real browser', () => {
  let server: PageServer;
  let persistServer: PageServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureChromium();
    server = await servePage(new URL('./entry.ts', import.meta.url).pathname);
    persistServer = await servePage(new URL('./persist-entry.ts', import.meta.url).pathname);
    browser = await launchChromium();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await persistServer?.close();
  });

  it('serves the API, its 404 envelope and a long poll completed by a message and then a heartbeat', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(server.origin);
    await page.waitForFunction(() => (window as { svcResult?: unknown }).svcResult !== undefined, null, {
      timeout: 60_000,
    });
    const result = (await page.evaluate(() => (window as { svcResult?: unknown }).svcResult)) as Record<
      string,
      unknown
    >;
    expect(errors).toEqual([]);
    expect(result).toMatchObject({
      realmName: 'Svc Dev',
      notFoundStatus: 404,
      notFoundCode: 'BAD_REQUEST',
      firstEvents: [{ type: 'message', id: result.sentId, content: 'hello from **Chromium**' }],
      secondEvents: ['heartbeat'],
    });
  }, 120_000);

  it('keeps the realm state across page reloads with persistMock (IndexedDB), and a reset is kept too', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const ready = async (): Promise<boolean> => {
      await page.waitForFunction(() => window.svcPersist ?? window.svcPersistError, null, {
        timeout: 60_000,
      });
      expect(await page.evaluate(() => window.svcPersistError)).toBeUndefined();
      return page.evaluate(() => window.svcPersist!.restored);
    };
    await page.goto(persistServer.origin);
    expect(await ready()).toBe(false);
    const id = await page.evaluate(() => window.svcPersist!.send('survives a **reload**'));

    await page.reload();
    expect(await ready()).toBe(true);
    expect(await page.evaluate((i) => window.svcPersist!.content(i), id)).toBe('survives a **reload**');
    expect(await page.evaluate(() => window.svcPersist!.reset())).toBe(200);

    await page.reload();
    expect(await ready()).toBe(true);
    expect(await page.evaluate((i) => window.svcPersist!.content(i), id)).toBe(400);
    expect(errors).toEqual([]);
  }, 120_000);
});
