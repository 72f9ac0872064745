/**
 * The example app (examples/web-client) in headless Chromium: against the mock in the page (service worker)
 * and against the standalone server with CORS (two pages, two users), and after a reset (re-register).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import realm from '../../../fixtures/dev-realm.json' with { type: 'json' };
import { DEFAULT_CORS_ORIGINS } from '../../adapters/node/cors.js';
import { startServer, type RunningServer } from '../../adapters/node/server.js';
import { createMock, type Mock } from '../../mock/create-mock.js';
import { ensureChromium, launchChromium } from './harness.js';

interface WebClientServer {
  origin: string;
  close(): Promise<void>;
}

// Loaded by path: the example lives outside src/ (and outside this project's tsconfig).
const BUILD = new URL('../../../examples/web-client/build.ts', import.meta.url).pathname;
const SCREENSHOTS = join(tmpdir(), 'svc-mock-screenshots');
const HAMLET = 'hamlet@svc.test';
const IAGO = 'iago@svc.test';

/** Runs `body` on a new page; on failure saves a screenshot of the page (path printed) and rethrows. */
async function withPage(browser: Browser, name: string, body: (page: Page) => Promise<void>): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 700 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  try {
    await body(page);
    expect(errors).toEqual([]);
  } catch (error) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const path = join(SCREENSHOTS, `${name}.png`);
    await page.screenshot({ path, fullPage: true }).catch(() => undefined);
    console.error(`screenshot of the failed page: ${path}`);
    throw error;
  } finally {
    await page.close();
  }
}

/** Waits until the app is connected to its event queue. */
async function connected(page: Page): Promise<void> {
  await page.locator('#status[data-state="connected"]').waitFor({ timeout: 60_000 });
}

/** Sends `content` in `topic` of the selected channel through the compose box (Enter sends). */
async function send(page: Page, topic: string, content: string): Promise<void> {
  await page.getByLabel('Topic', { exact: true }).fill(topic);
  const box = page.getByRole('textbox', { name: /^Message/ });
  await box.fill(content);
  await box.press('Enter');
}

/** `# name` of the unarchived channels an account of the dev realm is subscribed to, sorted as the app sorts them. */
function subscribedChannels(email: string): string[] {
  const userId = realm.users.find((u) => u.delivery_email === email)!.user_id;
  const ids = new Set(realm.subscriptions.filter((s) => s.user_id === userId).map((s) => s.stream_id));
  return realm.channels
    .filter((c) => ids.has(c.stream_id) && !('is_archived' in c && c.is_archived))
    .map((c) => c.name)
    .sort((a, b) => a.localeCompare(b))
    .map((name) => `# ${name}`);
}

/** Saves a screenshot of the page into docs/ (with SVC_MOCK_SCREENSHOTS set: `npm run screenshots`). */
async function keepScreenshot(page: Page, name: string): Promise<void> {
  const path = new URL(`../../../docs/${name}`, import.meta.url).pathname;
  mkdirSync(new URL('../../../docs/', import.meta.url).pathname, { recursive: true });
  await page.screenshot({ path });
  console.log(`saved ${path}`);
}

const message = (page: Page, text: string) => page.locator('#messages li.message', { hasText: text });

describe('the example web client', () => {
  let browser: Browser;
  let app: WebClientServer;
  let mock: Mock;
  let server: RunningServer;

  beforeAll(async () => {
    ensureChromium();
    const { serveWebClient } = (await import(BUILD)) as {
      serveWebClient(port?: number): Promise<WebClientServer>;
    };
    app = await serveWebClient(0);
    mock = createMock({ realm });
    server = await startServer(mock, { port: 0, cors: DEFAULT_CORS_ORIGINS });
    browser = await launchChromium();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await server?.close();
  });

  it("shows the dev realm's channels from the mock in the page, sends, reacts and edits through /events", async () => {
    await withPage(browser, 'web-client-service-worker', async (page) => {
      await page.goto(`${app.origin}/?as=${HAMLET}`);
      await connected(page);
      await expect.poll(() => page.locator('#realm-name').textContent()).toBe('Svc Dev');
      const channels = await page.locator('nav button.channel').allTextContents();
      expect(channels).toEqual(subscribedChannels(HAMLET));
      expect(channels).toContain('# Denmark');

      await page.getByRole('button', { name: '# Denmark' }).click();
      await send(page, 'from the example', 'hello from the **example app**');
      const sent = message(page, 'hello from the example app');
      await sent.waitFor({ timeout: 30_000 });
      expect(await sent.locator('strong').first().textContent()).toBe('King Hamlet');
      expect(await sent.locator('.content strong').textContent()).toBe('example app');

      await sent.getByRole('button', { name: /React with thumbs up/ }).click();
      await sent.locator('.reaction', { hasText: ':+1: 1' }).waitFor({ timeout: 30_000 });

      await sent.getByRole('button', { name: 'Edit' }).click();
      await page.getByLabel('Edit message').fill('edited in the example app');
      await page.getByLabel('Edit message').press('Control+Enter');
      await message(page, 'edited in the example app').locator('.edited').waitFor({ timeout: 30_000 });
    });
  }, 180_000);

  it('logs in through the form with an account listed by GET /svc-mock/accounts', async () => {
    await withPage(browser, 'web-client-login', async (page) => {
      await page.goto(app.origin);
      const account = page.getByLabel('Account');
      await account.waitFor({ timeout: 60_000 });
      const label = (await account.locator('option', { hasText: IAGO }).textContent())!;
      await account.selectOption({ label });
      expect(await page.getByLabel('E-mail').inputValue()).toBe(IAGO);
      expect(await page.getByLabel('API key').inputValue()).not.toBe('');
      await page.getByRole('button', { name: 'Log in' }).click();
      await connected(page);
      expect(await page.locator('#me').textContent()).toContain(IAGO);
      expect(await page.locator('nav button.channel').allTextContents()).toEqual(subscribedChannels(IAGO));
    });
  }, 180_000);

  it("shows each of two users the other's messages through the standalone server (CORS)", async () => {
    const url = `${app.origin}/?server=${encodeURIComponent(server.url)}`;
    await withPage(browser, 'web-client-two-users-hamlet', async (hamlet) => {
      await withPage(browser, 'web-client-two-users-iago', async (iago) => {
        await Promise.all([hamlet.goto(`${url}&as=${HAMLET}`), iago.goto(`${url}&as=${IAGO}`)]);
        await Promise.all([connected(hamlet), connected(iago)]);
        expect(await hamlet.locator('#mode').textContent()).toContain(server.url);
        for (const page of [hamlet, iago]) await page.getByRole('button', { name: '# Denmark' }).click();

        await send(hamlet, 'two users', 'Hello Iago, from Hamlet: the `ghost` is **back**');
        await message(hamlet, 'Hello Iago, from Hamlet').waitFor({ timeout: 30_000 });
        // Iago looks at another topic: the new one appears in his sidebar with a count, he opens it.
        const topic = iago.getByRole('button', { name: /^two users/ });
        await topic.locator('.badge', { hasText: '1' }).waitFor({ timeout: 30_000 });
        await topic.click();
        await message(iago, 'Hello Iago, from Hamlet').waitFor({ timeout: 30_000 });

        await send(iago, 'two users', 'Hello Hamlet, Iago here');
        await message(hamlet, 'Hello Hamlet, Iago here').waitFor({ timeout: 30_000 });
        // Iago's reaction to Hamlet's message reaches Hamlet's page too.
        await message(iago, 'Hello Iago, from Hamlet')
          .getByRole('button', { name: /React with thumbs up/ })
          .click();
        await message(hamlet, 'Hello Iago, from Hamlet')
          .locator('.reaction', { hasText: ':+1: 1' })
          .waitFor({ timeout: 30_000 });
        expect(await message(hamlet, 'Hello Hamlet, Iago here').locator('strong').first().textContent()).toBe(
          'Iago',
        );
        if (process.env.SVC_MOCK_SCREENSHOTS) await keepScreenshot(hamlet, 'example-app.png');
      });
    });
  }, 180_000);

  it('registers again after a reset (BAD_EVENT_QUEUE_ID) and goes on receiving messages', async () => {
    await withPage(browser, 'web-client-reset', async (page) => {
      await page.goto(`${app.origin}/?server=${encodeURIComponent(server.url)}&as=${HAMLET}`);
      await connected(page);
      expect(await page.evaluate(() => document.body.dataset.registrations)).toBe('1');
      await page.getByRole('button', { name: '# Denmark' }).click();
      const reset = await fetch(`${server.url}/svc-mock/reset`, { method: 'POST' });
      expect(reset.status).toBe(200);
      await page.locator('body[data-registrations="2"]').waitFor({ timeout: 30_000 });
      await connected(page);
      expect(await page.locator('#status').textContent()).toMatch(/registered again/);
      await send(page, 'after reset', 'still here after a reset');
      await message(page, 'still here after a reset').waitFor({ timeout: 30_000 });
    });
  }, 180_000);
});
