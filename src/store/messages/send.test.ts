import { describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { checkValidator } from '../../schema/validator.js';
import { MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { devRealm } from '../../testing/dev-realm.js';
import { createManualClock } from '../clock.js';
import { FLAG_BITS } from '../state.js';
import { formatMessage } from './format.js';
import { editMessage } from './edit.js';
import { addReaction } from './reactions.js';
import { messagesInTopic, sendMessage, sendMessageWithDetails, truncateContent } from './send.js';

function setup() {
  const app = createApp({ realm: devRealm(), clock: createManualClock(1763683200000), logError: () => {} });
  const { store } = app;
  const hamlet = store.state.usersByEmail.get(MEMBER)!;
  const othello = store.state.usersByEmail.get(MEMBER2)!;
  return { store, hamlet, othello };
}

describe('sendMessage', () => {
  it('stores a channel message, indexes it and gives subscribers unread rows', () => {
    const { store, hamlet } = setup();
    store.journal.length = 0;
    const record = sendMessage(store, hamlet, {
      type: 'stream',
      streamId: 3,
      topic: 'new topic',
      content: 'hello',
      client: 'website',
    });
    expect(messagesInTopic(store.state, 3, 'NEW TOPIC')).toEqual([record.id]);
    const subscribers = store.state.subscribers.get(3)!;
    for (const userId of subscribers) {
      const bits = store.state.index.flags.get(userId)!.get(record.id);
      expect(bits).toBe(userId === hamlet.user_id ? FLAG_BITS.read : 0);
    }
    const messageEvent = store.journal.find((e) => typeof e.event === 'function')!;
    expect([...messageEvent.users].sort()).toEqual([...subscribers].sort());
    const payload = (messageEvent.event as (id: number) => Record<string, unknown>)(hamlet.user_id);
    expect(payload).toMatchObject({
      type: 'message',
      $message: record,
      flags: ['read'],
      $publicStream: true,
    });
  });

  it('leaves an API client sender unread unless read_by_sender is set', () => {
    const { store, hamlet, othello } = setup();
    const dm = (readBySender?: boolean) =>
      sendMessage(store, hamlet, {
        type: 'private',
        recipientIds: [othello.user_id],
        content: 'hi',
        client: 'python-requests',
        readBySender,
      });
    const unread = dm();
    const read = dm(true);
    expect(store.state.index.flags.get(hamlet.user_id)!.get(unread.id)).toBe(0);
    expect(store.state.index.flags.get(hamlet.user_id)!.get(read.id)).toBe(FLAG_BITS.read);
    expect(unread.recipients).toEqual([hamlet.user_id, othello.user_id].sort((a, b) => a - b));
  });

  it('follows a topic the sender starts (default automatically_follow_topics_policy)', () => {
    const { store, hamlet } = setup();
    const first = sendMessageWithDetails(store, hamlet, {
      type: 'stream',
      streamId: 3,
      topic: 'fresh',
      content: 'a',
      client: 'website',
    });
    expect(first.automaticNewVisibilityPolicy).toBe(3);
    const second = sendMessageWithDetails(store, hamlet, {
      type: 'stream',
      streamId: 3,
      topic: 'fresh',
      content: 'b',
      client: 'website',
    });
    expect(second.automaticNewVisibilityPolicy).toBeUndefined();
  });

  it('truncates long content with the marker', () => {
    const long = 'x'.repeat(10050);
    const out = truncateContent(long);
    expect(out).toHaveLength(10000);
    expect(out.endsWith('\n[message truncated]')).toBe(true);
  });
});

describe('formatMessage', () => {
  it('produces a schema-valid message object for channel and direct messages', () => {
    const { store, hamlet, othello } = setup();
    const validate = checkValidator('resources/message.json');
    const channel = sendMessage(store, hamlet, {
      type: 'stream',
      streamId: 3,
      topic: '',
      content: '**hi** #12',
      client: 'website',
    });
    const dm = sendMessage(store, hamlet, {
      type: 'private',
      recipientIds: [othello.user_id],
      content: 'hi',
      client: 'website',
    });
    for (const record of [channel, dm, ...[...store.state.messages.values()].slice(0, 50)]) {
      for (const applyMarkdown of [true, false]) {
        const out = formatMessage(store.state, record, hamlet, {
          applyMarkdown,
          clientExtavatar: true,
          allowEmptyTopicName: false,
        });
        expect(validate(out), JSON.stringify(validate.errors)).toBe(true);
      }
    }
    const formatted = formatMessage(store.state, channel, hamlet, {
      applyMarkdown: false,
      clientExtavatar: false,
      allowEmptyTopicName: false,
    });
    expect(formatted.subject).toBe('general chat');
    expect(formatted.content_type).toBe('text/x-markdown');
    const dmOut = formatMessage(store.state, dm, hamlet, {
      applyMarkdown: true,
      clientExtavatar: false,
      allowEmptyTopicName: true,
    });
    expect((dmOut.display_recipient as Array<{ id: number }>).map((u) => u.id).sort()).toEqual(
      [hamlet.user_id, othello.user_id].sort(),
    );
    expect(dmOut.stream_id).toBeUndefined();
  });

  it('lets a sent message be reacted to and edited without touching the other messages', () => {
    const { store, hamlet, othello } = setup();
    const send = (content: string) =>
      sendMessage(store, hamlet, { type: 'stream', streamId: 3, topic: 'lists', content, client: 'website' });
    const first = send('first');
    const second = send('second');
    addReaction(store, othello, first, {
      emoji_name: 'smile',
      emoji_code: '1f604',
      reaction_type: 'unicode_emoji',
    });
    editMessage(store, hamlet, first, {
      content: 'first, edited',
      propagateMode: 'change_one',
      notifyOld: false,
      notifyNew: false,
    });
    const edited = store.state.messages.get(first.id)!;
    expect(edited.reactions.map((r) => r.emoji_name)).toEqual(['smile']);
    expect(edited.edit_history).toHaveLength(1);
    const other = store.state.messages.get(second.id)!;
    expect(other.reactions).toEqual([]);
    expect(other.edit_history).toEqual([]);
    expect(other.recipients).toEqual([]);
    expect(send('third').reactions).toEqual([]);
  });

  it('formats messages without reactions, topic links or submessages as empty lists, and later reactions too', () => {
    const { store, hamlet, othello } = setup();
    const send = (content: string) =>
      sendMessage(store, hamlet, { type: 'stream', streamId: 3, topic: 'lists', content, client: 'website' });
    const options = { applyMarkdown: true, clientExtavatar: false, allowEmptyTopicName: true };
    const first = send('first');
    const second = send('second');
    const before = formatMessage(store.state, first, othello, options);
    expect([before.reactions, before.topic_links, before.submessages]).toEqual([[], [], []]);
    addReaction(store, othello, first, {
      emoji_name: 'smile',
      emoji_code: '1f604',
      reaction_type: 'unicode_emoji',
    });
    const after = formatMessage(store.state, store.state.messages.get(first.id)!, othello, options);
    expect(after.reactions).toEqual([
      { user_id: othello.user_id, emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'unicode_emoji' },
    ]);
    expect(before.reactions).toEqual([]);
    expect(formatMessage(store.state, second, othello, options).reactions).toEqual([]);
  });
});
