import { describe, expect, it } from 'vitest';
import { MAX_TOPIC_LENGTH, truncateTopic } from './topics.js';

describe('truncateTopic', () => {
  it('keeps a topic of at most 60 characters, counting characters rather than UTF-16 units', () => {
    expect(truncateTopic('t'.repeat(MAX_TOPIC_LENGTH))).toBe('t'.repeat(60));
    // 60 emoji are 120 UTF-16 units, still 60 characters.
    expect(truncateTopic('😀'.repeat(60))).toBe('😀'.repeat(60));
  });

  it('cuts a longer topic to 57 characters and "..."', () => {
    expect(truncateTopic('t'.repeat(61))).toBe(`${'t'.repeat(57)}...`);
    expect(truncateTopic('😀'.repeat(61))).toBe(`${'😀'.repeat(57)}...`);
  });
});
