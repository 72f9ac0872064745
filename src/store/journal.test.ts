// The store's journal of emitted events: what tests read by default, nothing with journalSize 0 (svc-mock serve),
// while the events still reach the event queues either way.
import { describe, expect, it } from 'vitest';
import { createApp } from '../api/app.js';
import { createMock } from '../mock/create-mock.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { JOURNAL_SIZE } from './store.js';

/** Sends one channel message as Iago through `handle`; returns the status. */
async function send(app: { handle: ReturnType<typeof createApp>['handle'] }, email: string, key: string) {
  const headers: Record<string, string> = {
    authorization: `Basic ${btoa(`${email}:${key}`)}`,
    'content-type': 'application/x-www-form-urlencoded',
  };
  const body = new URLSearchParams({ type: 'stream', to: 'Denmark', topic: 'journal', content: 'hello' });
  const response = await app.handle({
    method: 'POST',
    path: '/api/v1/messages',
    query: '',
    body: body.toString(),
    header: (name) => headers[name],
  });
  return response.status;
}

describe('store journal', () => {
  it.each([
    ['createApp', (journalSize?: number) => createApp({ realm: preparedDevRealm(), journalSize })],
    ['createMock', (journalSize?: number) => createMock({ realm: preparedDevRealm(), journalSize })],
  ])('%s keeps the emitted events by default and none with journalSize 0', async (_, make) => {
    for (const size of [undefined, 0]) {
      const app = make(size);
      const iago = app.store.state.usersByEmail.get('iago@svc.test')!;
      const queue = app.services.queues.register(iago.user_id, { eventTypes: new Set(['message']) });
      expect(await send(app, iago.delivery_email, iago.api_key)).toBe(200);
      expect(queue.size).toBe(1);
      const messages = app.store.journal.filter(
        (e) => typeof e.event !== 'function' && e.event.type === 'message',
      );
      expect(messages.length).toBe(size === 0 ? 0 : 1);
    }
  });

  it(`keeps the last ${JOURNAL_SIZE} events by default, and the size asked for`, () => {
    for (const [size, expected] of [
      [undefined, JOURNAL_SIZE],
      [3, 3],
    ] as const) {
      const { store } = createApp({ realm: preparedDevRealm(), journalSize: size });
      const before = store.journal.length;
      for (let i = 0; i < JOURNAL_SIZE + 5; i++) store.emit([1], { type: 'heartbeat', n: i });
      expect(before).toBeLessThanOrEqual(expected);
      expect(store.journal.length).toBe(expected);
      expect(store.journal.at(-1)!.event).toEqual({ type: 'heartbeat', n: JOURNAL_SIZE + 4 });
    }
  });
});
