import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './base64.js';

describe('base64 of uploaded bytes', () => {
  // The test vectors of RFC 4648, section 10.
  const vectors: Array<[string, string]> = [
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ];
  for (const [text, encoded] of vectors) {
    it(`encodes "${text}" as "${encoded}" and back`, () => {
      const bytes = new TextEncoder().encode(text);
      expect(bytesToBase64(bytes)).toBe(encoded);
      expect(base64ToBytes(encoded)).toEqual(bytes);
    });
  }

  it('round-trips every byte value', () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 37) & 255);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
    expect(bytesToBase64(new Uint8Array([255, 254, 253]))).toBe('//79');
  });
});
