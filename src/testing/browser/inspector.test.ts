import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../adapters/node/server.js';
import { createMock, type Mock } from '../../mock/create-mock.js';
import { preparedDevRealm } from '../dev-realm.js';
import { basicAuth } from '../transports.js';
import { ensureChromium, launchChromium, servePage, type PageServer } from './harness.js';

const FAILURES = new URL('../../../test-results/', import.meta.url).pathname;
// `UPDATE_SCREENSHOTS=1 npx vitest run src/testing/browser/inspector.test.ts` refreshes the picture in README.md and docs/browser.md.
const README_SCREENSHOT = new URL('../../../docs/inspector.png', import.meta.url).pathname;

describe('the inspector page at /svc-mock/ in a real browser', () => {
  let mock: Mock;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];

  const api = async (path: string, params: Record<string, string>) => {
    const response = await fetch(`${server.url}/api/v1${path}`, {
      method: 'POST',
      headers: {
        Authorization: basicAuth(mock, 'hamlet@svc.test'),
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(params).toString(),
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.result, JSON.stringify(body)).toBe('success');
    return body;
  };
  const messageText = (text: string) => page.locator('#messages-list article', { hasText: text });

  beforeAll(async () => {
    ensureChromium();
    mock = createMock({ realm: preparedDevRealm(), logError: () => {} });
    server = await startServer(mock, { port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async () => {
    mock.reset();
    mock.faults.clear();
    pageErrors = [];
    page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await page.goto(`${server.url}/svc-mock/`);
    // Loaded: the realm's channels are listed and the sender list is filled.
    await page.locator('#channels-list li', { hasText: 'Verona' }).first().waitFor({ timeout: 30_000 });
    await page.locator('#send-user option').first().waitFor({ state: 'attached', timeout: 30_000 });
  }, 60_000);

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && page) {
      mkdirSync(FAILURES, { recursive: true });
      const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
      await page.screenshot({ path: `${FAILURES}inspector-${name}.png`, fullPage: true }).catch(() => {});
    }
    await page?.close();
  });

  it('shows a message sent through the API within a second of it being sent', async () => {
    const content = 'seen by the **inspector** 4711';
    await api('/messages', { type: 'stream', to: 'Verona', topic: 'inspector test', content });
    const sent = Date.now();
    // The page polls every second: the message must be in the DOM before the next second is out.
    await messageText('seen by the inspector 4711').waitFor({ timeout: 1000 });
    const elapsed = Date.now() - sent;
    expect(elapsed).toBeLessThanOrEqual(1000);
    // Rendered content, not the Markdown source.
    expect(await messageText('seen by the inspector 4711').locator('.rendered strong').textContent()).toBe(
      'inspector',
    );
    // The request log shows the send, with the acting user.
    const row = page.locator('#requests-body tr', { hasText: '/api/v1/messages' }).first();
    await row.waitFor({ timeout: 5000 });
    expect(await row.textContent()).toContain('hamlet@svc.test');
    // Opened, the entry shows the form parameters sent and the answer.
    await row.locator('summary').click();
    await expect(row.locator('pre').first().textContent()).resolves.toContain(`content: ${content}`);
    await expect(row.locator('pre').nth(1).textContent()).resolves.toContain('"result": "success"');
    // Filters: by path, by status class, by acting user.
    const rows = page.locator('#requests-body tr');
    await page.getByLabel('Path contains').fill('/no/such/path');
    await expect(rows.count()).resolves.toBe(0);
    await page.getByLabel('Path contains').fill('');
    await page.getByLabel('Status').selectOption('4xx');
    await expect(rows.count()).resolves.toBe(0);
    await page.getByLabel('Status').selectOption('2xx');
    await expect(rows.count()).resolves.toBeGreaterThan(0);
    await page.getByLabel('User', { exact: true }).selectOption({ label: 'Iago' });
    await expect(rows.count()).resolves.toBe(0);
    await page.getByLabel('User', { exact: true }).selectOption({ label: 'King Hamlet' });
    await expect(rows.filter({ hasText: '/api/v1/messages' }).count()).resolves.toBe(1);
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('User', { exact: true }).selectOption('');
    expect(pageErrors).toEqual([]);
    if (process.env.UPDATE_SCREENSHOTS) {
      await api('/register', { event_types: '["message"]' });
      await page.locator('#queues-body tr').first().waitFor({ timeout: 5000 });
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
      await page.screenshot({ path: README_SCREENSHOT, fullPage: true });
    }
  }, 60_000);

  it('delivers a scheduled message when its +10m clock button is pressed', async () => {
    const content = 'scheduled for ten minutes later 1234';
    const at = Math.floor(mock.clock.now() / 1000) + 9 * 60 + 30;
    await api('/scheduled_messages', {
      type: 'stream',
      to: JSON.stringify(mock.store.state.channelsByName.get('verona')?.stream_id ?? 0),
      topic: 'later',
      content,
      scheduled_delivery_timestamp: String(at),
    });
    await page.waitForTimeout(1500);
    expect(await messageText(content).count()).toBe(0);
    await page.getByRole('button', { name: 'Advance the clock by 10 minutes' }).click();
    await messageText(content).waitFor({ timeout: 10_000 });
    expect(mock.clock.now() / 1000).toBeGreaterThanOrEqual(at);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('sets latency and a rate limit through its faults form, and turns them off', async () => {
    await page.getByLabel('Latency (ms or range)').fill('5..10');
    await page.getByLabel('Rate limit per user').fill('50/60s');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .locator('#faults-current', { hasText: 'latency 5–10 ms · rate limit 50/60s' })
      .waitFor({ timeout: 5000 });
    expect(mock.faults.get()).toMatchObject({
      latency: { min: 5, max: 10 },
      rateLimit: { limit: 50, windowSeconds: 60 },
    });
    await page.getByRole('button', { name: 'All off' }).click();
    await page.locator('#faults-current', { hasText: 'None' }).waitFor({ timeout: 5000 });
    expect(mock.faults.get().latency).toBeUndefined();
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('restores the realm with its reset button: a channel created before disappears', async () => {
    await api('/users/me/subscriptions', {
      subscriptions: JSON.stringify([{ name: 'made before the reset' }]),
    });
    const channel = page.locator('#channels-list li', { hasText: 'made before the reset' });
    await channel.waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Reset realm' }).click();
    await channel.waitFor({ state: 'detached', timeout: 10_000 });
    expect(mock.store.state.channelsByName.has('made before the reset')).toBe(false);
    await expect(page.locator('#status').textContent()).resolves.toContain('reset');
    expect(pageErrors).toEqual([]);
  }, 60_000);
});

describe('the inspector mounted in a page whose mock runs in the service worker', () => {
  let pageServer: PageServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureChromium();
    pageServer = await servePage(new URL('./inspector-entry.ts', import.meta.url).pathname);
    browser = await launchChromium();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await pageServer?.close();
  });

  it('shows the realm of the in-page mock and a message sent through the worker', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    try {
      await page.goto(pageServer.origin);
      await page.waitForFunction(() => window.svcInspector !== undefined, null, { timeout: 60_000 });
      const inspector = page.frameLocator('iframe[title="svc-mock inspector"]');
      await inspector
        .locator('#channels-list li', { hasText: 'Verona' })
        .first()
        .waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => window.svcInspector!.send('from the **worker** 8080'))).toBe(200);
      await inspector
        .locator('#messages-list article', { hasText: 'from the worker 8080' })
        .waitFor({ timeout: 5000 });
      expect(errors).toEqual([]);
    } catch (error) {
      mkdirSync(FAILURES, { recursive: true });
      await page
        .screenshot({ path: `${FAILURES}inspector-browser-mode.png`, fullPage: true })
        .catch(() => {});
      throw error;
    } finally {
      await page.close();
    }
  }, 120_000);
});
