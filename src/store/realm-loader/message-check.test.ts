import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateRealm } from '../../fixtures/generate/index.js';
import * as precompiled from '../../generated/realm-validators.js';
import { PreparedRealm, RealmLoadError } from '../load-realm.js';
import { quickCheckMessage } from './message-check.js';

type Message = Record<string, unknown>;

const schema = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../schemas/${path}`, import.meta.url), 'utf8')) as {
    $defs: Record<string, unknown>;
  };

const base = () => generateRealm({ users: 12, channels: 4, messages: 200, seed: 3 }) as unknown as Message;

/** Whether the schema validator accepts the message (in an otherwise valid realm). */
function schemaAccepts(message: unknown): boolean {
  const realm = base();
  realm.messages = [structuredClone(message)];
  const validate = precompiled.realm as unknown as ((data: unknown) => boolean) & {
    errors?: { instancePath: string }[] | null;
  };
  if (validate(realm)) return true;
  expect(validate.errors!.every((e) => e.instancePath.startsWith('/messages/0'))).toBe(true);
  return false;
}

const reaction = { user_id: 1, emoji_name: 'joy', emoji_code: '1f602', reaction_type: 'unicode_emoji' };
const channelMessage: Message = {
  id: 7,
  sender_id: 1,
  stream_id: 1,
  topic: 't',
  content: 'hi',
  timestamp: 5,
};

/** Variants of a valid message, valid and not, each changing one thing. */
const variants: unknown[] = [
  channelMessage,
  { id: 8, sender_id: 1, to: [2, 3], content: 'dm', timestamp: 5 },
  { ...channelMessage, topic: 'x'.repeat(60) },
  { ...channelMessage, topic: 'x'.repeat(61) },
  { ...channelMessage, topic: '\u{1F600}'.repeat(31) },
  { ...channelMessage, topic: 5 },
  { ...channelMessage, id: 0 },
  { ...channelMessage, id: 1.5 },
  { ...channelMessage, id: '7' },
  { ...channelMessage, id: Infinity },
  { ...channelMessage, sender_id: null },
  { ...channelMessage, stream_id: null },
  { ...channelMessage, stream_id: undefined },
  { ...channelMessage, content: '' },
  { ...channelMessage, content: 3 },
  { ...channelMessage, timestamp: '5' },
  { ...channelMessage, client: 'mobile' },
  { ...channelMessage, client: 1 },
  { ...channelMessage, extra: true },
  { ...channelMessage, to: ['2'] },
  { ...channelMessage, unread_by: [2, 3] },
  { ...channelMessage, unread_by: [2.5] },
  { ...channelMessage, starred_by: 'all' },
  { ...channelMessage, last_edit_timestamp: 9, last_moved_timestamp: 10 },
  { ...channelMessage, last_edit_timestamp: 9.5 },
  { ...channelMessage, reactions: [reaction] },
  { ...channelMessage, reactions: [{ ...reaction, reaction_type: 'zulip_extra_emoji' }] },
  { ...channelMessage, reactions: [{ ...reaction, extra: 1 }] },
  { ...channelMessage, reactions: [{ ...reaction, emoji_code: undefined }] },
  { ...channelMessage, reactions: [{ user_id: 1, emoji_name: 'joy', emoji_code: '1f602' }] },
  { ...channelMessage, reactions: reaction },
  { ...channelMessage, edit_history: [{ user_id: null, timestamp: 3 }] },
  { ...channelMessage, edit_history: [{ user_id: 1, timestamp: 3, prev_content: 'a', prev_stream: 2 }] },
  { ...channelMessage, edit_history: [{ user_id: 1, timestamp: 3, prev_topic: 4 }] },
  { ...channelMessage, edit_history: [{ user_id: 1 }] },
  { ...channelMessage, edit_history: [{ timestamp: 3 }] },
  { ...channelMessage, edit_history: [{ user_id: 1, timestamp: 3, reason: 'x' }] },
  { sender_id: 1, stream_id: 1, topic: 't', content: 'hi', timestamp: 5 },
  [channelMessage],
  null,
];

describe('quickCheckMessage', () => {
  it('accepts only messages the schema accepts', () => {
    let accepted = 0;
    for (const variant of variants) {
      if (quickCheckMessage(structuredClone(variant))) {
        accepted++;
        expect(schemaAccepts(variant), JSON.stringify(variant)).toBe(true);
      }
    }
    expect(accepted).toBeGreaterThan(8);
    expect(accepted).toBeLessThan(variants.length / 2);
  });

  it('accepts every message of a generated realm, filling the schema defaults', () => {
    const messages = base().messages as Message[];
    for (const message of messages) {
      expect(quickCheckMessage(message)).toBe(true);
      expect(message.client).toBeTypeOf('string');
      expect(message.reactions).toBeInstanceOf(Array);
      expect(message.unread_by).toBeInstanceOf(Array);
      expect(message.starred_by).toBeInstanceOf(Array);
    }
  });

  it('leaves a realm with a bad message to the schema validator, which names every problem', () => {
    const realm = base();
    const messages = realm.messages as Message[];
    messages[3]!.id = 0;
    messages[9]!.topic = 'x'.repeat(61);
    (realm.users as Message[])[0]!.full_name = '';
    expect(() => PreparedRealm.from(realm)).toThrow(RealmLoadError);
    try {
      PreparedRealm.from(realm);
    } catch (error) {
      const problems = (error as RealmLoadError).problems.join('\n');
      expect(problems).toContain('/messages/3/id');
      expect(problems).toContain('/messages/9/topic');
      expect(problems).toContain('/users/0/full_name');
    }
  });

  it('mirrors the schema definitions it was written against (update the check when they change)', () => {
    const realm = schema('realm.json').$defs;
    const pinned = {
      FixtureMessage: realm.FixtureMessage,
      FixtureReaction: realm.FixtureReaction,
      ReactionType: schema('common.json').$defs.ReactionType,
      EditHistoryEntry: schema('resources/message.json').$defs.EditHistoryEntry,
    };
    const strip = (value: unknown): unknown =>
      JSON.parse(JSON.stringify(value), (key, item: unknown) =>
        key === 'description' || key === 'title' ? undefined : item,
      );
    expect(strip(pinned)).toEqual({
      FixtureMessage: {
        type: 'object',
        properties: {
          id: { type: 'integer', minimum: 1 },
          sender_id: { type: 'integer' },
          stream_id: { type: 'integer' },
          topic: { type: 'string', maxLength: 60 },
          to: { type: 'array', items: { type: 'integer' } },
          content: { type: 'string', minLength: 1 },
          timestamp: { type: 'integer' },
          client: { type: 'string', default: 'website' },
          reactions: { type: 'array', items: { $ref: '#/$defs/FixtureReaction' }, default: [] },
          edit_history: { type: 'array', items: { $ref: 'resources/message.json#/$defs/EditHistoryEntry' } },
          last_edit_timestamp: { type: 'integer' },
          last_moved_timestamp: { type: 'integer' },
          unread_by: { type: 'array', items: { type: 'integer' }, default: [] },
          starred_by: { type: 'array', items: { type: 'integer' }, default: [] },
        },
        required: ['id', 'sender_id', 'content', 'timestamp'],
        additionalProperties: false,
      },
      FixtureReaction: {
        type: 'object',
        properties: {
          user_id: { type: 'integer' },
          emoji_name: { type: 'string' },
          emoji_code: { type: 'string' },
          reaction_type: { $ref: 'common.json#/$defs/ReactionType' },
        },
        required: ['user_id', 'emoji_name', 'emoji_code', 'reaction_type'],
        additionalProperties: false,
      },
      ReactionType: { type: 'string', enum: ['unicode_emoji', 'realm_emoji', 'svc_extra_emoji'] },
      EditHistoryEntry: {
        type: 'object',
        properties: {
          user_id: { type: ['integer', 'null'] },
          timestamp: { type: 'integer' },
          prev_content: { type: 'string' },
          prev_rendered_content: { type: 'string' },
          prev_stream: { type: 'integer' },
          stream: { type: 'integer' },
          prev_topic: { type: 'string' },
          topic: { type: 'string' },
        },
        required: ['user_id', 'timestamp'],
        additionalProperties: false,
      },
    });
  });
});
