// Parameters decoded once per distinct GET query: shared, frozen, and never a refusal kept.
import { describe, expect, it } from 'vitest';
import { SharedParams, type DecodedParams } from './shared-params.js';

describe('SharedParams', () => {
  const decoded = (n: number): DecodedParams => ({
    params: { narrow: [{ operator: 'channel', operand: `c${n}` }], num_before: n },
    ignored: [],
    unsupported: [],
  });

  it('decodes each key once and shares the frozen result', async () => {
    const shared = new SharedParams();
    let calls = 0;
    const decode = (): Promise<DecodedParams> => Promise.resolve(decoded(++calls));
    const first = await shared.get('/messages?a', decode);
    expect(await shared.get('/messages?a', decode)).toBe(first);
    expect((await shared.get('/messages?b', decode)).params.num_before).toBe(2);
    expect(calls).toBe(2);
    const narrow = first.params.narrow as Array<{ operand: string }>;
    expect(() => {
      narrow[0]!.operand = 'changed';
    }).toThrow(TypeError);
    expect(Object.isFrozen(first.params)).toBe(true);
  });

  it('keeps no refusal: a key that failed is decoded again', async () => {
    const shared = new SharedParams();
    let calls = 0;
    const refuse = (): Promise<DecodedParams> => Promise.reject(new Error(`refused ${++calls}`));
    await expect(shared.get('/messages?bad', refuse)).rejects.toThrow('refused 1');
    await expect(shared.get('/messages?bad', refuse)).rejects.toThrow('refused 2');
  });
});
