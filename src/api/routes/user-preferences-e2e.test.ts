/**
 * Alert words, muted users and statuses end to end: the snapshot a client held before, plus the events its
 * queue got, equals a fresh snapshot (alert_words, muted_users, user_status and the unread counts that muting
 * changes), for a modern and a legacy client.
 */
import { expect, it } from 'vitest';
import { MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { LEGACY, MODERN, normalize, replay, summary } from '../../testing/event-e2e.js';
import { describeTransports, type TestClient } from '../../testing/transports.js';

describeTransports('alert words, muted users and statuses end to end', (t) => {
  it('keeps every client snapshot current through events', async () => {
    const a = t().as(MEMBER);
    const b = t().as(MEMBER2);
    const idOf = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;
    const beforeA = (await a.post('register', MODERN)).body;
    const beforeB = (await b.post('register', LEGACY)).body;
    const ok = async (client: TestClient, method: 'post' | 'delete', path: string, params = {}) => {
      const res = await client[method](path, params);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    };
    const say = (content: string) =>
      ok(b, 'post', 'messages', { type: 'stream', to: 'Verona', topic: 'e2e', content });

    await ok(a, 'post', 'users/me/alert_words', { alert_words: ['castle', 'moat'] });
    await say('the castle is near');
    await ok(a, 'delete', 'users/me/alert_words', { alert_words: ['MOAT'] });
    await ok(a, 'post', `users/me/muted_users/${idOf(MEMBER2)}`);
    await say('muted words');
    await ok(a, 'delete', `users/me/muted_users/${idOf(MEMBER2)}`);
    await say('heard again');
    await ok(b, 'post', 'users/me/status', { status_text: 'fishing', emoji_name: 'car' });
    await ok(b, 'post', 'users/me/status', { emoji_name: '' });
    await ok(a, 'post', 'users/me/status', { status_text: 'reading', away: true });

    const eventsOf = async (client: TestClient, queue: string) =>
      (await client.get('events', { queue_id: queue, last_event_id: -1, dont_block: true })).body.events;
    const eventsA = await eventsOf(a, beforeA.queue_id);
    const eventsB = await eventsOf(b, beforeB.queue_id);
    const personal = ['alert_words', 'muted_users', 'update_message_flags'];
    expect(summary(eventsA).filter((type) => personal.some((p) => type.startsWith(p)))).toEqual([
      'alert_words',
      'alert_words',
      'update_message_flags/add',
      'muted_users',
      'muted_users',
    ]);
    expect(summary(eventsB).filter((type) => personal.some((p) => type.startsWith(p)))).toEqual([]);
    expect(summary(eventsB).filter((type) => type === 'user_status')).toHaveLength(3);

    const afterA = (await a.post('register', MODERN)).body;
    const afterB = (await b.post('register', LEGACY)).body;
    expect(afterA.alert_words).toEqual(['castle']);
    expect(afterB.user_status).toMatchObject({
      [String(idOf(MEMBER2))]: { status_text: 'fishing' },
      [String(idOf(MEMBER))]: { status_text: 'reading', away: true },
    });
    for (const [before, events, after] of [
      [beforeA, eventsA, afterA],
      [beforeB, eventsB, afterB],
    ]) {
      expect(normalize(replay(before, events))).toEqual(normalize(after));
    }
  });
});
