/**
 * Child process of the harness: the mock's node server on the dev realm, plus a channel "bench" with ten
 * subscribers and 1,200 messages. Over IPC it registers event queues, tells whether their polls are parked and
 * acknowledges (prunes) their events. The server is built as `svc-mock serve` builds it on a loopback address
 * (createMock with the control API: request log, realms by Host); with the argument `--app`, the bare API
 * (createApp) instead, to see what those cost; with `--canned`, the node adapter alone, answering every request
 * with a fixed success body once it has read and parsed the body (what the adapter costs; see post-ladder.ts);
 * with `--default-gc`, V8's own garbage-collector settings rather than serve's.
 */
import { readFileSync } from 'node:fs';
import type * as NodeServer from '../../adapters/node/server.js';
import type * as Gc from '../../adapters/node/gc.js';
import type * as App from '../../api/app.js';
import type * as CreateMock from '../../mock/create-mock.js';
import { built } from './built.js';
import { serveMessages } from './processes.js';
import { BENCH_MESSAGE, benchMembers, formBody, subscribeFields } from './bench-channel.js';

const { startServer } = await built<typeof NodeServer>('adapters/node/server.js');
const { useServerGcSettings } = await built<typeof Gc>('adapters/node/gc.js');
const { createApp } = await built<typeof App>('api/app.js');
const { createMock } = await built<typeof CreateMock>('mock/create-mock.js');

/** What the mock child reports when it is listening. */
export interface MockHello {
  url: string;
  /** Basic authorization of the admin who sends the messages. */
  auth: string;
  /** Name of the channel with ten subscribers. */
  channel: string;
  /** Form body of the benchmark's POST /messages. */
  form: string;
  subscribers: number;
}

/** A registered queue, with the path and header of its long poll. */
export interface BenchQueue {
  id: string;
  path: string;
  auth: string;
}

const CHANNEL = BENCH_MESSAGE.to;
const realm = JSON.parse(
  readFileSync(new URL('../../../fixtures/dev-realm.json', import.meta.url), 'utf8'),
) as unknown;
// As serve builds them: no journal of emitted events.
const app = process.argv.includes('--app')
  ? createApp({ realm, journalSize: 0 })
  : createMock({ realm, control: true, journalSize: 0 });
const { state } = app.store;
const basic = (u: { delivery_email: string; api_key: string }): string =>
  `Basic ${Buffer.from(`${u.delivery_email}:${u.api_key}`).toString('base64')}`;
const admin = state.usersByEmail.get('iago@svc.test')!;
const members = benchMembers(state.users.values(), admin);

const call = async (method: string, path: string, form: Record<string, string>): Promise<void> => {
  const res = await app.fetch(
    new Request(`http://bench/api/v1/${path}`, {
      method,
      headers: { authorization: basic(admin), 'content-type': 'application/x-www-form-urlencoded' },
      body: formBody(form),
    }),
  );
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
};

await call('POST', 'users/me/subscriptions', subscribeFields(members));
// Enough for the 1,000-message page row.
for (let i = 0; i < 1200; i++) await call('POST', 'messages', BENCH_MESSAGE);

let sent = 0;
const canned: NodeServer.Dispatcher = {
  async handle(request) {
    // Read and parsed as the bare server does (which refuses a form without fields).
    const body = await request.readBody!(1 << 20);
    const form = new URLSearchParams(body ? Buffer.from(body).toString('utf8') : '');
    const headers = { 'Content-Type': 'application/json' };
    if (form.size === 0) return { status: 400, headers, body: { result: 'error', msg: 'No fields' } };
    return { status: 200, headers, body: { result: 'success', msg: '', id: ++sent } };
  },
};
// As serve runs once listening: its garbage-collector settings (V8's defaults with `--default-gc`).
if (!process.argv.includes('--default-gc')) useServerGcSettings();
const server = await startServer(process.argv.includes('--canned') ? canned : app, {
  port: 0,
  host: '127.0.0.1',
});
const channel = [...state.channels.values()].find((c) => c.name === CHANNEL)!;
const subscribers = state.subscribers.get(channel.stream_id)?.size ?? 0;

serveMessages((message) => {
  const { queues } = app.services;
  switch (message.cmd) {
    case 'queues': {
      // `count` queues for the channel's members in turn, each listening to message events only.
      const count = Number(message.count);
      return Array.from({ length: count }, (_, i): BenchQueue => {
        const user = members[i % members.length]!;
        const queue = queues.register(user.user_id, { eventTypes: new Set(['message']) });
        return { id: queue.id, path: `/api/v1/events?queue_id=${queue.id}`, auth: basic(user) };
      });
    }
    case 'parked':
      return (message.ids as string[]).every((id) => queues.get(id)?.waiter);
    case 'prune': {
      // Acknowledges every event of the given queues, as a client polling now and then would; reports how
      // many were pending (the most of any queue), the process's RSS and the messages stored (each send keeps
      // its message), so a row can show what memory grows with.
      let pending = 0;
      for (const id of message.ids as string[]) {
        const queue = queues.get(id);
        if (!queue) continue;
        pending = Math.max(pending, queue.size);
        queue.prune(queue.nextId - 1);
      }
      return { pending, rss: process.memoryUsage.rss(), messages: state.messages.size };
    }
    case 'drop':
      for (const id of message.ids as string[]) {
        const queue = queues.get(id);
        if (queue) queues.remove(queue);
      }
      return true;
    case 'now':
      // Milliseconds since this process started, the clock of V8's --trace-gc-nvp lines (profile.ts --gc).
      return performance.now();
    default:
      throw new Error(`unknown command ${String(message.cmd)}`);
  }
});
const hello: MockHello = {
  url: server.url,
  auth: basic(admin),
  channel: CHANNEL,
  form: formBody(BENCH_MESSAGE),
  subscribers,
};
process.send!(hello);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
