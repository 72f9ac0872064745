/**
 * Entry point. Two ways to run, chosen by the page URL:
 * - `/` : the mock runs in this page, behind MSW's service worker (svc-mock/browser's startMock);
 * - `/?server=http://127.0.0.1:9991` : a running `npx svc-mock serve` (it sends the CORS headers).
 * `&as=EMAIL` logs in as that account.
 */
import { ApiClient } from './api.js';
import { Chat } from './chat.js';
import { byId } from './dom.js';
import { login } from './login.js';

async function main(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const server = params.get('server');
  const mode = byId('mode');
  if (server) {
    mode.textContent = `Server: ${server}`;
  } else {
    // Loaded only in this mode: the mock is a separate chunk of the bundle.
    const { startMock } = await import('svc-mock/browser');
    await startMock({ worker: { quiet: true } });
    mode.textContent = 'Mock in this page (service worker)';
  }
  const api = new ApiClient(server ? server.replace(/\/+$/, '') : '');
  const credentials = await login(api, params.get('as'));
  byId('chat').hidden = false;
  await new Chat(api.as(credentials)).start();
}

main().catch((error: unknown) => {
  const status = byId('status');
  status.textContent = `Could not start: ${error instanceof Error ? error.message : String(error)}`;
  status.dataset.state = 'retrying';
});
