/**
 * Runs in headless Chromium: a mock behind MSW's service worker whose state persistMock keeps in IndexedDB,
 * so what the page sent is still there after a reload.
 */
import { setupWorker } from 'msw/browser';
import realm from '../../../fixtures/dev-realm.json' with { type: 'json' };
import { createHandlers } from '../../adapters/msw/index.js';
import { createMock } from '../../mock/create-mock.js';
import { persistMock } from '../../mock/persist.js';

declare global {
  interface Window {
    svcPersist?: {
      restored: boolean;
      send(content: string): Promise<number>;
      content(id: number): Promise<string | number>;
      reset(): Promise<number>;
    };
    svcPersistError?: string;
  }
}

const HAMLET = { authorization: `Basic ${btoa('hamlet@svc.test:hamletSvcDevApiKey0123456789abcd')}` };

async function start(): Promise<void> {
  const mock = createMock({ realm });
  const persistence = await persistMock(mock, { saveEveryMs: 100 });
  await setupWorker(...createHandlers(mock)).start({ onUnhandledRequest: 'bypass', quiet: true });
  window.svcPersist = {
    restored: persistence.restored,
    async send(content) {
      const response = await fetch('/api/v1/messages', {
        method: 'POST',
        headers: HAMLET,
        body: new URLSearchParams({ type: 'channel', to: 'Denmark', topic: 'reload', content }),
      });
      await persistence.flush();
      return ((await response.json()) as { id: number }).id;
    },
    async content(id) {
      const response = await fetch(`/api/v1/messages/${id}?apply_markdown=false`, { headers: HAMLET });
      if (!response.ok) return response.status;
      return ((await response.json()) as { message: { content: string } }).message.content;
    },
    async reset() {
      const response = await fetch('/svc-mock/reset', { method: 'POST' });
      await persistence.flush();
      return response.status;
    },
  };
}

start().catch((error: unknown) => (window.svcPersistError = String(error)));
