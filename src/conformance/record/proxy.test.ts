import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../adapters/node/server.js';
import { createMock } from '../../mock/create-mock.js';
import { preparedDevRealm } from '../../testing/dev-realm.js';
import { startRecordingProxy, type RecordingProxy } from './proxy.js';

const AUTH = {
  authorization: `Basic ${Buffer.from('cordelia@svc.test:cordeliaSvcDevApiKey0123456789ab').toString('base64')}`,
};
const FORM = { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' };

let server: RunningServer;
let proxy: RecordingProxy;

/** Waits (without a deadline of its own) until the proxy has `n` requests in flight. */
async function untilInFlight(n: number): Promise<void> {
  while (proxy.inFlight() !== n) await new Promise((resolve) => setTimeout(resolve, 5));
}

beforeAll(async () => {
  server = await startServer(createMock({ realm: preparedDevRealm(), logError: () => {} }), {
    port: 0,
    host: '127.0.0.1',
  });
  proxy = await startRecordingProxy({ target: `${server.url}/api/v1/` });
});

afterAll(async () => {
  await proxy.close();
  await server.close();
});

describe('the recording proxy', () => {
  it('listens on 127.0.0.1 and forwards to the target root', () => {
    expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(proxy.target).toBe(server.url);
  });

  it('lets a long poll park while other requests pass, and records it with the event it returned', async () => {
    const register = await fetch(`${proxy.url}/api/v1/register`, {
      method: 'POST',
      headers: FORM,
      body: 'event_types=["message"]',
    });
    const queue = (await register.json()) as { queue_id: string; last_event_id: number };
    const poll = fetch(
      `${proxy.url}/api/v1/events?queue_id=${queue.queue_id}&last_event_id=${queue.last_event_id}`,
      { headers: AUTH },
    ).then((r) => r.json() as Promise<{ events: Array<{ type: string; message: { id: number } }> }>);
    await untilInFlight(1);
    const sent = await fetch(`${proxy.url}/api/v1/messages`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'proxy', content: 'wake up' }),
    });
    expect(sent.status).toBe(200);
    const { id } = (await sent.json()) as { id: number };
    const events = (await poll).events;
    expect(events.map((e) => [e.type, e.message.id])).toEqual([['message', id]]);
    const recorded = proxy.exchanges.find((x) => x.path === '/api/v1/events')!;
    const send = proxy.exchanges.find((x) => x.path === '/api/v1/messages')!;
    expect(recorded.params).toEqual({ queue_id: queue.queue_id, last_event_id: String(queue.last_event_id) });
    expect(recorded.credentials?.email).toBe('cordelia@svc.test');
    expect(recorded.startedAt).toBeLessThanOrEqual(send.startedAt);
    expect(recorded.body).toMatchObject({ result: 'success', events: [{ type: 'message' }] });
    expect(send.params).toEqual({ type: 'stream', to: 'Verona', topic: 'proxy', content: 'wake up' });
  });

  it('cancels the upstream poll of a client that leaves, and does not record it', async () => {
    const register = await fetch(`${proxy.url}/api/v1/register`, { method: 'POST', headers: FORM, body: '' });
    const queue = (await register.json()) as { queue_id: string };
    const before = proxy.exchanges.length;
    const leave = new AbortController();
    const poll = fetch(`${proxy.url}/api/v1/events?queue_id=${queue.queue_id}&last_event_id=-1`, {
      headers: AUTH,
      signal: leave.signal,
    }).catch((error: Error) => error.name);
    await untilInFlight(1);
    leave.abort();
    expect(await poll).toBe('AbortError');
    await untilInFlight(0);
    expect(proxy.exchanges.length).toBe(before);
  });

  it('passes statuses, headers and non-JSON answers through unchanged', async () => {
    const avatar = await fetch(`${proxy.url}/avatar/cordelia@svc.test`, {
      headers: AUTH,
      redirect: 'manual',
    });
    const direct = await fetch(`${server.url}/avatar/cordelia@svc.test`, {
      headers: AUTH,
      redirect: 'manual',
    });
    expect([avatar.status, avatar.headers.get('location')]).toEqual([
      direct.status,
      direct.headers.get('location'),
    ]);
    const unauthorised = await fetch(`${proxy.url}/api/v1/users/me`);
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get('content-type')).toContain('application/json');
    expect(proxy.exchanges.at(-1)).toMatchObject({
      credentials: null,
      status: 401,
      body: { result: 'error' },
    });
  });

  it('answers 502 in the API envelope when the target does not answer', async () => {
    const closed = await startServer(createMock({ realm: preparedDevRealm() }), {
      port: 0,
      host: '127.0.0.1',
    });
    await closed.close();
    const lost = await startRecordingProxy({ target: closed.url });
    try {
      const response = await fetch(`${lost.url}/api/v1/users/me`, { headers: AUTH });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ result: 'error', code: 'BAD_GATEWAY' });
      expect(lost.exchanges).toEqual([]);
    } finally {
      await lost.close();
    }
  });
});
