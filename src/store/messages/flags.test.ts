import { describe, expect, it } from 'vitest';
import { FLAG_BITS, type FlagName } from '../state.js';
import { NEWEST_FEATURE_LEVEL, levelOf } from '../../versions/index.js';
import { flagNames } from './flags.js';

const SPLIT_LEVEL = levelOf('split_wildcard_flags');
const NAMES = Object.keys(FLAG_BITS) as FlagName[];

/** The names of a mask worked out from scratch, in the API's order. */
function expected(bits: number, split: boolean): string[] {
  const splitOnly = ['stream_wildcard_mentioned', 'topic_wildcard_mentioned'];
  return NAMES.filter((name) => (bits & FLAG_BITS[name]) !== 0 && (split || !splitOnly.includes(name)));
}

describe('flagNames', () => {
  it('names every mask in the API order, the split wildcard flags from their level only', () => {
    for (let bits = 0; bits < 2 * FLAG_BITS.historical; bits++) {
      expect(flagNames(bits, NEWEST_FEATURE_LEVEL)).toEqual(expected(bits, true));
      expect(flagNames(bits, SPLIT_LEVEL)).toEqual(expected(bits, true));
      expect(flagNames(bits, SPLIT_LEVEL - 1)).toEqual(expected(bits, false));
    }
  });

  it('gives one shared, frozen list per mask and level kind', () => {
    const mask = FLAG_BITS.read | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.wildcard_mentioned;
    const newest = flagNames(mask, NEWEST_FEATURE_LEVEL);
    expect(flagNames(mask, SPLIT_LEVEL)).toBe(newest);
    const older = flagNames(mask, SPLIT_LEVEL - 1);
    expect(older).not.toBe(newest);
    expect(older).toEqual(['read', 'wildcard_mentioned']);
    expect(Object.isFrozen(newest) && Object.isFrozen(older) && Object.isFrozen(flagNames(0, 0))).toBe(true);
    expect(() => newest.push('starred')).toThrow(TypeError);
  });
});
