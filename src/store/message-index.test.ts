import { describe, expect, it } from 'vitest';
import { topicKey } from './message-index.js';

describe('topicKey', () => {
  it('gives each channel and topic its own key, whatever was asked just before', () => {
    expect(topicKey(1, 'Lunch')).toBe('1\u0000lunch');
    expect(topicKey(1, 'Lunch')).toBe('1\u0000lunch');
    expect(topicKey(2, 'Lunch')).toBe('2\u0000lunch');
    expect(topicKey(2, 'dinner')).toBe('2\u0000dinner');
    expect(topicKey(1, 'Lunch')).toBe('1\u0000lunch');
  });

  it('compares topics case-insensitively', () => {
    expect(topicKey(3, 'CAFÉ')).toBe(topicKey(3, 'café'));
  });
});
