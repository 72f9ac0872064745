import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapView } from '../testing/map-view.js';
import { MessageTable } from './message-table.js';

type Op = ['set', number, string] | ['send', number, string] | ['delete', number] | ['clear'];

// Keys near the base's and sends above everything so far, with gaps now and then (wider than the array takes, too).
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.tuple(fc.constant('set' as const), fc.integer({ min: -2, max: 40 }), fc.string()),
  },
  {
    weight: 6,
    arbitrary: fc.tuple(fc.constant('send' as const), fc.constantFrom(1, 1, 1, 2, 5, 70, 200), fc.string()),
  },
  { weight: 3, arbitrary: fc.tuple(fc.constant('delete' as const), fc.integer({ min: -2, max: 600 })) },
  { weight: 1, arbitrary: fc.constant(['clear'] as Op) },
);

describe('MessageTable', () => {
  it('answers as new Map(base) after any sequence of changes, leaving the base as it was', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 12 }),
        fc.array(op, { maxLength: 60 }),
        (baseKeys, ops) => {
          const base = new Map<number, string>(baseKeys.map((k) => [k, `base ${k}`]));
          const before = [...base];
          const table = new MessageTable(base);
          const model = new Map(base);
          let top = Math.max(-1, ...baseKeys);
          const probes = new Set<number>([-1, ...baseKeys]);
          for (const step of ops) {
            switch (step[0]) {
              case 'set':
                table.set(step[1], step[2]);
                model.set(step[1], step[2]);
                probes.add(step[1]);
                top = Math.max(top, step[1]);
                break;
              case 'send': {
                top += step[1];
                table.set(top, step[2]);
                model.set(top, step[2]);
                probes.add(top).add(top - 1);
                break;
              }
              case 'delete':
                expect(table.delete(step[1])).toBe(model.delete(step[1]));
                probes.add(step[1]);
                break;
              case 'clear':
                table.clear();
                model.clear();
                break;
            }
            expect(table.size).toBe(model.size);
          }
          expect(mapView(table, [...probes])).toEqual(mapView(model, [...probes]));
          expect([...base]).toEqual(before);
        },
      ),
      { seed: 20261128, numRuns: 500 },
    );
  });

  it('keeps sent messages out of the Map part, and an edit of an older one in place', () => {
    const table = new MessageTable(new Map([[1, 'one']]));
    for (let id = 2; id <= 1000; id++) table.set(id, `m${id}`);
    // Map.prototype.size reads the Map part alone: only the base's message is there.
    expect(Map.prototype.has.call(table, 500)).toBe(false);
    table.set(1, 'edited');
    table.set(500, 'edited too');
    expect(Map.prototype.has.call(table, 500)).toBe(false);
    expect([...table.keys()]).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(table.get(1)).toBe('edited');
    expect(table.get(500)).toBe('edited too');
    // An id below the last one that is new (a fixture's, say) goes last, as in a Map.
    table.delete(700);
    table.set(700, 'again');
    expect([...table.keys()].at(-1)).toBe(700);
    expect(table.size).toBe(1000);
  });
});
