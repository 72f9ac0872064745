import { describe, expect, it } from 'vitest';
import { KEPT_QUERIES, rotatingAnchors } from './anchors.js';

describe('rotatingAnchors', () => {
  const ids = Array.from({ length: 1000 }, (_, i) => 5000 - i * 3);

  it('gives distinct ascending anchors, each with enough older ids for a full page', () => {
    const anchors = rotatingAnchors(ids, 300, 99);
    expect(anchors).toHaveLength(300);
    expect(new Set(anchors).size).toBe(300);
    expect([...anchors].sort((a, b) => a - b)).toEqual(anchors);
    for (const anchor of anchors) expect(ids.filter((id) => id < anchor).length).toBeGreaterThanOrEqual(99);
  });

  it('spreads the anchors over the usable ids', () => {
    const anchors = rotatingAnchors(ids, 450, 99);
    const usable = [...ids].sort((a, b) => a - b).slice(99);
    expect(anchors[0]).toBe(usable[0]);
    expect(anchors.at(-1)).toBeGreaterThan(usable[usable.length - 10]!);
  });

  it('refuses a rotation the page cache could hold', () => {
    expect(() => rotatingAnchors(ids, KEPT_QUERIES, 99)).toThrow(/kept queries/);
  });

  it('refuses more anchors than ids with full pages', () => {
    expect(() => rotatingAnchors(ids, 950, 99)).toThrow(/only 901 ids/);
  });
});
