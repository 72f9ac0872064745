import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRealm } from '../../fixtures/generate/index.js';
import { ensureChromium, launchChromium, servePage, type PageServer } from './harness.js';

describe('startMock (svc-mock/browser) in a real browser', () => {
  let server: PageServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureChromium();
    server = await servePage(new URL('./start-mock-entry.ts', import.meta.url).pathname);
    browser = await launchChromium();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('serves a generated realm, keeps its state across a reload with persist, moves the clock and stops', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const result = async (): Promise<Record<string, unknown>> => {
      await page.waitForFunction(() => window.svcStartMock !== undefined, null, { timeout: 60_000 });
      return page.evaluate(() => window.svcStartMock!);
    };
    const generated = generateRealm({ users: 5, channels: 3, messages: 20, seed: 3 });

    await page.goto(`${server.origin}/#send`);
    const first = await result();
    expect(first).toMatchObject({
      realmName: generated.realm.name,
      restored: false,
      devRealmUserStatus: 401, // the dev realm's accounts are not in a generated realm
      afterStopStatus: 404,
    });
    expect(first.keptContents).toContain('kept across a reload');
    // The mock's clock runs on from real time, so an advance of 1h adds the real time that passed too.
    expect(first.advancedBy).toBeGreaterThanOrEqual(3_600_000);

    // stop() saved the state; the reload restores it (the page server has no message route: the mock answers).
    await page.goto(server.origin);
    const second = await result();
    expect(second).toMatchObject({ realmName: generated.realm.name, restored: true });
    expect(second.keptContents).toContain('kept across a reload');
    expect(errors).toEqual([]);
  }, 180_000);
});
