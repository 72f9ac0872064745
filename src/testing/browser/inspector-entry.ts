/** Runs in headless Chromium: the mock behind MSW's service worker, with the inspector mounted in the page. */
import realm from '../../../fixtures/dev-realm.json' with { type: 'json' };
import { startMock } from '../../browser/index.js';

declare global {
  interface Window {
    svcInspector?: { send(content: string): Promise<number> };
  }
}

document.body.style.margin = '0';
// startMock mounts the inspector itself when given an element.
const mock = await startMock({ realm, worker: { quiet: true }, inspector: document.body });
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
