/**
 * Runs in headless Chromium: the mock behind MSW's service worker, exercised by the page's own fetch
 * calls, including a long poll that a message and a heartbeat (driven by the manual clock) complete.
 */
import { setupWorker } from 'msw/browser';
import realm from '../../../fixtures/dev-realm.json' with { type: 'json' };
import { createHandlers } from '../../adapters/msw/index.js';
import { createApp } from '../../api/app.js';
import { createManualClock } from '../../store/clock.js';

declare global {
  interface Window {
    svcResult?: unknown;
  }
}

const clock = createManualClock(Date.UTC(2025, 10, 21));
const app = createApp({ realm, clock });
const worker = setupWorker(...createHandlers(app));
const auth = (email: string, key: string): HeadersInit => ({
  authorization: `Basic ${btoa(`${email}:${key}`)}`,
});
const HAMLET = auth('hamlet@svc.test', 'hamletSvcDevApiKey0123456789abcd');
const IAGO = auth('iago@svc.test', 'iagoSvcDevApiKey0123456789abcdef');
const form = (fields: Record<string, string>): URLSearchParams => new URLSearchParams(fields);

async function run(): Promise<unknown> {
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  const settings = await (await fetch('/api/v1/server_settings')).json();
  const notFound = await fetch('/api/v1/no_such_endpoint');
  const register = await (
    await fetch('/api/v1/register', {
      method: 'POST',
      headers: HAMLET,
      body: form({ event_types: '["message"]' }),
    })
  ).json();
  const poll = fetch(`/api/v1/events?queue_id=${register.queue_id}&last_event_id=-1`, { headers: HAMLET });
  const sent = await (
    await fetch('/api/v1/messages', {
      method: 'POST',
      headers: IAGO,
      body: form({ type: 'channel', to: 'Denmark', topic: 'browser', content: 'hello from **Chromium**' }),
    })
  ).json();
  const first = await (await poll).json();
  const lastId = first.events[first.events.length - 1].id;
  const heartbeatPoll = fetch(`/api/v1/events?queue_id=${register.queue_id}&last_event_id=${lastId}`, {
    headers: HAMLET,
  });
  // Let the poll reach the mock and park before time moves.
  await new Promise((resolve) => setTimeout(resolve, 200));
  clock.advance(60_000);
  const second = await (await heartbeatPoll).json();
  return {
    realmName: settings.realm_name,
    notFoundStatus: notFound.status,
    notFoundCode: (await notFound.json()).code,
    sentId: sent.id,
    firstEvents: first.events.map((e: { type: string; message?: { id: number; content: string } }) => ({
      type: e.type,
      id: e.message?.id,
      content: e.message?.content,
    })),
    secondEvents: second.events.map((e: { type: string }) => e.type),
  };
}

run().then(
  (result) => (window.svcResult = result),
  (error: unknown) => (window.svcResult = { error: String(error) }),
);
