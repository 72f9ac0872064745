/** Runs in headless Chromium: the mock behind MSW's service worker, with the inspector mounted in the page. */
import { setupWorker } from 'msw/browser';
import realm from '../../../fixtures/dev-realm.json' with { type: 'json' };
import { createHandlers } from '../../adapters/msw/index.js';
import { mountInspector } from '../../inspector/index.js';
import { createMock } from '../../mock/create-mock.js';

declare global {
  interface Window {
    svcInspector?: { send(content: string): Promise<number> };
  }
}

const mock = createMock({ realm });
const worker = setupWorker(...createHandlers(mock));
await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
document.body.style.margin = '0';
mountInspector(document.body);
window.svcInspector = {
  async send(content) {
    const hamlet = mock.accounts().find((a) => (a as { email: string }).email === 'hamlet@svc.test') as {
      email: string;
      api_key: string;
    };
    const response = await fetch('/api/v1/messages', {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa(`${hamlet.email}:${hamlet.api_key}`)}` },
      body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'browser mode', content }),
    });
    return response.status;
  },
};
