// Parameters that may be JSON or text: plain words are taken as text, JSON is parsed, and a parameter that
// must be JSON refuses a word with the same error as before (the word is never handed to JSON.parse).
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors/index.js';
import { compileParams, decodeParams } from './params.js';

const decode = (schema: string, raw: Record<string, string>): Record<string, unknown> =>
  decodeParams(compileParams(schema), new Map(Object.entries(raw)), {}).params;

describe('decodeParams: text or JSON', () => {
  it('takes a word as text where text is allowed, and parses JSON there', () => {
    expect(decode('post-messages', { type: 'stream', to: 'Denmark', content: 'x', topic: 't' }).to).toBe(
      'Denmark',
    );
    expect(decode('post-messages', { type: 'private', to: '[8, 9]', content: 'x' }).to).toEqual([8, 9]);
    expect(decode('post-messages', { type: 'private', to: ' [8]', content: 'x' }).to).toEqual([8]);
    expect(decode('post-messages', { type: 'stream', to: '"quoted"', content: 'x', topic: 't' }).to).toBe(
      'quoted',
    );
  });

  it('refuses a word where JSON is required, with the not-valid-JSON error', () => {
    const attempt = (value: string): unknown => {
      try {
        return decode('get-messages', { anchor: 'newest', num_before: value, num_after: '0' });
      } catch (error) {
        return error;
      }
    };
    for (const word of ['many', 'truth', '', ' ']) {
      const error = attempt(word);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).body()).toMatchObject({
        code: 'BAD_REQUEST',
        msg: expect.stringContaining('num_before'),
      });
    }
    expect((attempt('many') as ApiError).body().msg).toBe('Argument "num_before" is not valid JSON.');
    expect((attempt('12') as { num_before: number }).num_before).toBe(12);
    expect((attempt(' 3 ') as { num_before: number }).num_before).toBe(3);
  });
});
