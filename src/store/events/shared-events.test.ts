/**
 * Queues keep the payload fan-out delivered, shared between the queues that receive the same event: each
 * queue still answers its own ids and objects, and later changes reach only later events.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { ADMIN, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { devRealm } from '../../testing/dev-realm.js';
import { createManualClock } from '../clock.js';
import { sendMessage } from '../messages/send.js';
import { editMessage } from '../messages/edit.js';

function setup() {
  const app = createApp({ realm: devRealm(), clock: createManualClock(1763700000000), seed: 5 });
  const { state } = app.store;
  const user = (email: string) => state.usersByEmail.get(email)!;
  const channel = [...state.channels.values()].find((c) =>
    [ADMIN, MEMBER, MEMBER2].every((e) => state.subscribers.get(c.stream_id)?.has(user(e).user_id)),
  )!;
  const queue = (email: string, options = {}) =>
    app.services.queues.register(user(email).user_id, { eventTypes: new Set(['message']), ...options });
  const send = (content: string, localEcho?: { queueId: string; localId: string }) =>
    sendMessage(app.store, user(ADMIN), {
      type: 'stream',
      streamId: channel.stream_id,
      topic: 'shared',
      content,
      client: 'test',
      readBySender: true,
      ...(localEcho ? { localEcho } : {}),
    });
  return { app, user, queue, send };
}

describe('events shared between queues', () => {
  it('gives every queue its own ids and objects for one shared event', () => {
    const { queue, send } = setup();
    const first = queue(MEMBER);
    first.push({ type: 'heartbeat' });
    const second = queue(MEMBER2);
    send('shared **event**');
    const [a] = first.contents().slice(1);
    const [b] = second.contents();
    expect(a!.id).toBe(1);
    expect(b!.id).toBe(0);
    expect({ ...a, id: 0 }).toEqual(b);
    expect(Object.keys(a!)).toEqual(['type', 'message', 'flags', 'id']);
    // Objects handed to one poll are the caller's: changing them changes no queue.
    a!.flags = ['starred'];
    (b as { id: number }).id = 99;
    expect(first.contents()[1]!.flags).toEqual([]);
    expect(second.contents()[0]!.id).toBe(0);
  });

  it('keeps the sender flags and the local echo on the sender and the echoing queue only', () => {
    const { queue, send } = setup();
    const echoing = queue(ADMIN);
    const other = queue(ADMIN);
    const member = queue(MEMBER);
    send('with echo', { queueId: echoing.id, localId: '7.01' });
    expect(echoing.contents()[0]).toMatchObject({ flags: ['read'], local_message_id: '7.01' });
    expect(other.contents()[0]!.flags).toEqual(['read']);
    expect(other.contents()[0]).not.toHaveProperty('local_message_id');
    expect(member.contents()[0]!.flags).toEqual([]);
    expect(member.contents()[0]).not.toHaveProperty('local_message_id');
  });

  it('gives each viewer shape and set of flags of one send its own event, in every order of queues', () => {
    const { queue, send } = setup();
    // Shapes and flags alternate between the queues, so each kind is met first, then again after another.
    const queues = [
      queue(MEMBER),
      queue(MEMBER2, { applyMarkdown: true }),
      queue(ADMIN),
      queue(MEMBER2),
      queue(ADMIN, { applyMarkdown: true }),
      queue(MEMBER, { applyMarkdown: true }),
    ];
    send('shared **shape**');
    const seen = queues.map((q) => {
      const [event] = q.contents();
      return [(event!.message as { content: string }).content, event!.flags];
    });
    const markdown = 'shared **shape**';
    const html = '<p>shared <strong>shape</strong></p>';
    expect(seen).toEqual([
      [markdown, []],
      [html, []],
      [markdown, ['read']],
      [markdown, []],
      [html, ['read']],
      [html, []],
    ]);
  });

  it('keeps a queued message as sent when the message is edited later', () => {
    const { app, user, queue, send } = setup();
    const member = queue(MEMBER, { eventTypes: new Set(['message', 'update_message']) });
    const record = send('before the edit');
    editMessage(app.store, user(ADMIN), record, {
      content: 'after the edit',
      propagateMode: 'change_one',
      notifyOld: false,
      notifyNew: false,
    });
    const [message, update] = member.contents();
    expect((message!.message as { content: string }).content).toBe('before the edit');
    expect(update).toMatchObject({ type: 'update_message', rendered_content: '<p>after the edit</p>' });
  });

  it('acknowledges and prunes shared events per queue', () => {
    const { queue, send } = setup();
    const first = queue(MEMBER);
    const second = queue(MEMBER2);
    send('one');
    send('two');
    expect(first.checkAck(0)).toBeNull();
    first.prune(0);
    expect(first.contents().map((e) => e.id)).toEqual([1]);
    expect(second.contents().map((e) => e.id)).toEqual([0, 1]);
    expect(first.checkAck(5)).toBe('unknown');
  });
});
