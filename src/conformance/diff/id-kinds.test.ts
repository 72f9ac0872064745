import { describe, expect, it } from 'vitest';
import { fieldIdKind, idKind } from './id-kinds.js';

describe('idKind', () => {
  it('tells message, stream, user, queue and event ids apart by field and container', () => {
    expect(idKind('id', 'messages')).toBe('message');
    expect(idKind('id', 'message')).toBe('message');
    expect(idKind('id', 'subscriptions')).toBe('stream');
    expect(idKind('id', 'events')).toBe('event');
    expect(idKind('id', 'invites')).toBe('invite');
    expect(idKind('id', undefined)).toBeUndefined();
    expect(idKind('sender_id', undefined)).toBe('user');
    expect(idKind('user_ids', undefined)).toBe('user');
    expect(idKind('channel_id', undefined)).toBe('stream');
    expect(idKind('queue_id', undefined)).toBe('queue');
    expect(idKind('last_event_id', undefined)).toBe('event');
    expect(idKind('anchor', undefined)).toBe('message');
    expect(idKind('content', undefined)).toBeUndefined();
    expect(idKind('constructor', undefined)).toBeUndefined();
  });
});

describe('fieldIdKind', () => {
  it('reads id lists under container names, the target of drafts and the value of id properties', () => {
    expect(fieldIdKind('messages', [12, 13], {}, undefined)).toBe('message');
    expect(fieldIdKind('messages', [{ id: 1 }], {}, undefined)).toBeUndefined();
    expect(fieldIdKind('members', [6], {}, 'user_groups')).toBe('user');
    expect(fieldIdKind('to', [11], { type: 'stream' }, 'drafts')).toBe('stream');
    expect(fieldIdKind('to', 11, { type: 'channel' }, 'scheduled_messages')).toBe('stream');
    expect(fieldIdKind('to', [6, 7], { type: 'private' }, 'drafts')).toBe('user');
    expect(fieldIdKind('to', 'Verona', { type: 'stream' }, undefined)).toBeUndefined();
    expect(fieldIdKind('ignored_because_not_subscribed_channels', [19], {}, undefined)).toBe('stream');
    expect(fieldIdKind('prev_stream', 15, {}, 'edit_history')).toBe('stream');
    expect(fieldIdKind('stream', { stream_id: 1 }, {}, undefined)).toBeUndefined();
    expect(fieldIdKind('value', 342, { property: 'first_message_id' }, 'events')).toBe('message');
    expect(fieldIdKind('value', 'x', { property: 'description' }, 'events')).toBeUndefined();
  });
});
