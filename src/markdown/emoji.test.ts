import { describe, expect, it } from 'vitest';
import { emojiCharsForCode, emojiCodeForChars, emojiCodeForName, emojiNameForCode } from './emoji.js';

describe('emoji names and codes', () => {
  it.each([
    ['smile', '1f604'],
    ['thumbs_up', '1f44d'],
    ['+1', '1f44d'],
    ['heart', '2764'],
    ['tada', '1f389'],
    ['octopus', '1f419'],
    ['joy', '1f602'],
    ['grinning', '1f600'],
    ['rocket', '1f680'],
    ['check', '2714'],
    ['eyes', '1f440'],
    ['hash', '0023-20e3'],
  ])('%s → %s', (name, code) => {
    expect(emojiCodeForName(name)).toBe(code);
  });

  it('knows no code for unknown names nor for the product emoji', () => {
    expect(emojiCodeForName('no_such_emoji')).toBeUndefined();
    expect(emojiCodeForName('svc')).toBeUndefined();
    expect(emojiCodeForName('')).toBeUndefined();
  });

  it('names codes canonically, case-insensitively', () => {
    expect(emojiNameForCode('1f44d')).toBe('thumbs_up');
    expect(emojiNameForCode('1F419')).toBe('octopus');
    expect(emojiNameForCode('1f604')).toBe('smile');
    expect(emojiNameForCode('zzzz')).toBeUndefined();
  });

  it('every canonical name maps back to its code', () => {
    for (const code of ['1f44d', '2764', '1f389', '0023-20e3', '1f1e9-1f1f0']) {
      const name = emojiNameForCode(code);
      expect(name).toBeDefined();
      expect(emojiCodeForName(name!)).toBe(code);
    }
  });

  it('converts between characters and codes without the variation selector', () => {
    expect(emojiCodeForChars('❤️')).toBe('2764');
    expect(emojiCodeForChars('#️⃣')).toBe('0023-20e3');
    expect(emojiCharsForCode('1f419')).toBe('🐙');
  });
});
