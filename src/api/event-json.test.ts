// Message events as JSON text: the same text JSON.stringify gives, with the message serialised once.
import { describe, expect, it } from 'vitest';
import { eventJson } from './event-json.js';
import { JsonText } from './json-text.js';

describe('eventJson', () => {
  const message = { id: 7, content: '<p>a "quoted" \u0000 text</p>', reactions: [], flags_like: ['x'] };

  it('gives the text of JSON.stringify for message events, flags, local ids and ids included', () => {
    const events = [
      { type: 'message', message, flags: ['read'], id: 1 },
      { type: 'message', message, flags: [], local_message_id: '5.01', id: 2 },
    ];
    for (const event of events) {
      const text = eventJson(event);
      expect(text).toBeInstanceOf(JsonText);
      expect((text as JsonText).json).toBe(JSON.stringify(event));
    }
  });

  it('leaves other events as they are', () => {
    const event = { type: 'typing', op: 'start', message: 'not an object', id: 3 };
    expect(eventJson(event)).toBe(event);
    const heartbeat = { type: 'heartbeat', id: 4 };
    expect(eventJson(heartbeat)).toBe(heartbeat);
  });
});
