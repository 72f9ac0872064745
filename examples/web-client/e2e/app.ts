import { expect, type Page } from '@playwright/test';
import type { RealmClient } from 'svc-mock/playwright';

/** Opens the example web client (served at WEB_CLIENT_URL) on the worker's realm, logged in as `email`. */
export async function openChat(page: Page, realm: RealmClient, email: string): Promise<void> {
  const app = process.env.WEB_CLIENT_URL ?? 'http://127.0.0.1:5173';
  await page.goto(`${app}/?server=${encodeURIComponent(realm.url)}&as=${email}`);
  await page.locator('#status[data-state="connected"]').waitFor();
  // The first channel's view is drawn (its title names a topic); then Denmark's replaces it. Each drawing sets
  // the Topic field, so the field is marked first and the test goes on once Denmark's drawing has reset it.
  await expect(page.locator('#view-title')).toContainText('›');
  const topic = page.getByLabel('Topic', { exact: true });
  await topic.fill('(choosing Denmark)');
  await page.getByRole('button', { name: '# Denmark' }).click();
  await expect(topic).not.toHaveValue('(choosing Denmark)');
  await expect(page.locator('#view-title')).toContainText('#Denmark ›');
}

/** Sends `content` in `topic` of the selected channel through the compose box. */
export async function send(page: Page, topic: string, content: string): Promise<void> {
  await page.getByLabel('Topic', { exact: true }).fill(topic);
  const box = page.getByRole('textbox', { name: /^Message/ });
  await box.fill(content);
  await box.press('Enter');
}

/** How many messages the realm has in `topic`, as `email` reads them (GET /messages from Node.js). */
export async function countInTopic(realm: RealmClient, email: string, topic: string): Promise<number> {
  const query = new URLSearchParams({
    anchor: 'newest',
    num_before: '100',
    num_after: '0',
    narrow: JSON.stringify([{ operator: 'topic', operand: topic }]),
  });
  const res = await realm.fetch(`/api/v1/messages?${query}`, { as: email });
  return ((await res.json()) as { messages: unknown[] }).messages.length;
}
