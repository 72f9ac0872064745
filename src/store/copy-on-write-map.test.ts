import { describe, expect, it } from 'vitest';
import { mapView } from '../testing/map-view.js';
import { CopyOnWriteMap } from './copy-on-write-map.js';

const base = (): Map<number, string> =>
  new Map([
    [3, 'c'],
    [1, 'a'],
    [2, 'b'],
  ]);

const view = (map: Map<number, string>): unknown => mapView(map, [1, 2, 3, 4]);

describe('CopyOnWriteMap', () => {
  it('reads as a copy of its base before any change', () => {
    const shared = base();
    const map = new CopyOnWriteMap(shared);
    expect(view(map)).toEqual(view(new Map(shared)));
    expect(map).toBeInstanceOf(Map);
  });

  it('after each kind of change answers as new Map(base) changed the same way, leaving the base as it was', () => {
    const changes: Array<(m: Map<number, string>) => void> = [
      (m) => m.set(1, 'A'),
      (m) => m.set(4, 'd'),
      (m) => m.delete(3),
      (m) => m.clear(),
      (m) => {
        m.delete(2);
        m.set(2, 'B');
        m.set(5, 'e');
      },
    ];
    for (const change of changes) {
      const shared = base();
      const expected = new Map(shared);
      const map = new CopyOnWriteMap(shared);
      change(expected);
      change(map);
      expect(view(map)).toEqual(view(expected));
      expect(view(shared)).toEqual(view(base()));
    }
  });

  it('two maps over one base change independently', () => {
    const shared = base();
    const a = new CopyOnWriteMap(shared);
    const b = new CopyOnWriteMap(shared);
    a.set(1, 'x');
    b.delete(1);
    expect(a.get(1)).toBe('x');
    expect(b.has(1)).toBe(false);
    expect(shared.get(1)).toBe('a');
    expect(new Map(a).size).toBe(3);
  });
});
