/**
 * Runs in headless Chromium: startMock from svc-mock/browser with a generated realm kept in IndexedDB, its
 * control object, and stop().
 */
import { startMock } from '../../browser/index.js';

declare global {
  interface Window {
    svcStartMock?: Record<string, unknown>;
  }
}

const HAMLET = { authorization: `Basic ${btoa('hamlet@svc.test:hamletSvcDevApiKey0123456789abcd')}` };

async function run(): Promise<Record<string, unknown>> {
  const send = location.hash === '#send';
  const mock = await startMock({
    generate: { users: 5, channels: 3, messages: 20, seed: 3 },
    persist: { saveEveryMs: 100 },
    worker: { quiet: true },
  });
  const settings = await (await fetch('/api/v1/server_settings')).json();
  const accounts = mock.accounts() as Array<{
    email: string;
    api_email: string;
    api_key: string;
    is_bot: boolean;
  }>;
  const human = accounts.find((a) => !a.is_bot)!;
  const auth = { authorization: `Basic ${btoa(`${human.api_email}:${human.api_key}`)}` };
  let sentId: number | undefined;
  if (send) {
    const sent = await fetch('/api/v1/messages', {
      method: 'POST',
      headers: auth,
      body: new URLSearchParams({
        type: 'channel',
        to: 'general',
        topic: 'kept',
        content: 'kept across a reload',
      }),
    });
    sentId = ((await sent.json()) as { id: number }).id;
  }
  const kept = await fetch('/api/v1/messages?anchor=newest&num_before=5&num_after=0&apply_markdown=false', {
    headers: auth,
  });
  const contents = ((await kept.json()) as { messages: Array<{ content: string }> }).messages.map(
    (m) => m.content,
  );
  const devRealmUser = await fetch('/api/v1/users/me', { headers: HAMLET });
  const before = mock.clock.now();
  await mock.clock.advance('1h');
  const advancedBy = mock.clock.now() - before;
  await mock.stop();
  // Once stopped, the worker no longer answers: the request goes to the page server, which has no API.
  const afterStop = await fetch('/api/v1/server_settings');
  return {
    realmName: settings.realm_name,
    restored: mock.persistence?.restored,
    sentId,
    keptContents: contents,
    devRealmUserStatus: devRealmUser.status,
    advancedBy,
    afterStopStatus: afterStop.status,
  };
}

run().then(
  (result) => (window.svcStartMock = result),
  (error: unknown) => (window.svcStartMock = { error: String(error) }),
);
