// Parameters decoded once per distinct GET query: shared, frozen, bounded.
import { describe, expect, it } from 'vitest';
import { SharedParams, type DecodedParams } from './shared-params.js';

describe('SharedParams', () => {
  const decoded = (n: number): DecodedParams => ({
    params: { narrow: [{ operator: 'channel', operand: `c${n}` }], num_before: n },
    ignored: ['x'],
    unsupported: [],
  });

  it('finds what it kept for a key only, frozen all the way down', () => {
    const shared = new SharedParams();
    expect(shared.find('/messages?a')).toBeUndefined();
    const kept = shared.keep('/messages?a', decoded(1));
    expect(shared.find('/messages?a')).toBe(kept);
    expect(shared.find('/messages?b')).toBeUndefined();
    const narrow = kept.params.narrow as Array<{ operand: string }>;
    expect(() => {
      narrow[0]!.operand = 'changed';
    }).toThrow(TypeError);
    expect(() => (kept.ignored as string[]).push('y')).toThrow(TypeError);
    expect(Object.isFrozen(kept.params)).toBe(true);
  });

  it('keeps at most 1000 queries, starting again when full', () => {
    const shared = new SharedParams();
    for (let i = 0; i < 1000; i++) shared.keep(`/messages?${i}`, decoded(i));
    expect(shared.find('/messages?0')?.params.num_before).toBe(0);
    shared.keep('/messages?1000', decoded(1000));
    expect(shared.find('/messages?0')).toBeUndefined();
    expect(shared.find('/messages?1000')?.params.num_before).toBe(1000);
  });
});
