import { describe, expect, it } from 'vitest';
import { MAX_TAIL, UserHistories, UserRows } from './user-rows.js';

describe('UserRows', () => {
  it('keeps rows ascending by message id whatever the order of writes', () => {
    const rows = new UserRows();
    rows.set(10, 1).set(30, 2).set(20, 3).set(5, 4);
    expect([...rows]).toEqual([
      [5, 4],
      [10, 1],
      [20, 3],
      [30, 2],
    ]);
    expect([...rows.keys()]).toEqual([5, 10, 20, 30]);
    expect([...rows.values()]).toEqual([4, 1, 3, 2]);
    expect([...rows.messageIds]).toEqual([5, 10, 20, 30]);
    expect(rows.size).toBe(4);
  });

  it('appends newer rows and falls back to set for older, existing or shared rows', () => {
    const rows = new UserRows();
    rows.append(10, 1).append(20, 2).append(15, 3).append(20, 4);
    expect([...rows]).toEqual([
      [10, 1],
      [15, 3],
      [20, 4],
    ]);
    rows.freeze();
    const shared = rows.share();
    shared.append(30, 5).append(10, 6);
    expect([...shared]).toEqual([
      [10, 6],
      [15, 3],
      [20, 4],
      [30, 5],
    ]);
    expect([...rows]).toEqual([
      [10, 1],
      [15, 3],
      [20, 4],
    ]);
    expect(() => rows.append(40, 1)).toThrow(TypeError);
  });

  it('reads, overwrites and deletes rows like a Map', () => {
    const rows = new UserRows([1, 2, 3], [7, 8, 9]);
    expect(rows.get(2)).toBe(8);
    expect(rows.get(4)).toBeUndefined();
    expect(rows.get(0)).toBeUndefined();
    expect(rows.has(3)).toBe(true);
    rows.set(2, 0);
    expect(rows.get(2)).toBe(0);
    expect(rows.size).toBe(3);
    expect(rows.delete(2)).toBe(true);
    expect(rows.delete(2)).toBe(false);
    expect(rows.has(2)).toBe(false);
    expect([...rows.entries()]).toEqual([
      [1, 7],
      [3, 9],
    ]);
  });

  it('a shared copy writes to its own arrays; the frozen original never changes', () => {
    const original = new UserRows([1, 2, 3], [1, 1, 0]);
    original.freeze();
    const a = original.share();
    const b = original.share();
    a.set(3, 1);
    a.set(4, 0);
    b.delete(1);
    expect([...original]).toEqual([
      [1, 1],
      [2, 1],
      [3, 0],
    ]);
    expect([...a]).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 0],
    ]);
    expect([...b]).toEqual([
      [2, 1],
      [3, 0],
    ]);
    expect(() => original.set(5, 0)).toThrow(TypeError);
  });

  it('a shared copy keeps newer rows in a tail and changed bits in a patch, and reads them back', () => {
    const original = new UserRows([10, 20, 30], [1, 1, 0]);
    original.freeze();
    const rows = original.share();
    rows.set(50, 0).set(40, 2).set(20, 3).set(45, 1).set(50, 4);
    expect(rows.size).toBe(6);
    expect([...rows]).toEqual([
      [10, 1],
      [20, 3],
      [30, 0],
      [40, 2],
      [45, 1],
      [50, 4],
    ]);
    expect(rows.get(20)).toBe(3);
    expect(rows.get(45)).toBe(1);
    expect(rows.get(35)).toBeUndefined();
    expect(rows.has(60)).toBe(false);
    // Inserting among the shared rows, deleting, and reading the list make the arrays its own.
    rows.set(15, 7);
    expect(rows.delete(30)).toBe(true);
    expect([...rows.messageIds]).toEqual([10, 15, 20, 40, 45, 50]);
    expect([...rows.values()]).toEqual([1, 7, 3, 2, 1, 4]);
    const other = original.share();
    other.set(60, 1);
    expect([...other.messageIds]).toEqual([10, 20, 30, 60]);
    expect([...original]).toEqual([
      [10, 1],
      [20, 1],
      [30, 0],
    ]);
  });

  it('a shared copy past MAX_TAIL newer rows moves them to its own arrays and reads the same', () => {
    const original = new UserRows([10, 20, 30], [1, 0, 2]);
    original.freeze();
    const rows = original.share();
    const added = Array.from({ length: MAX_TAIL + 5 }, (_, i) => 100 + i);
    for (const id of added) rows.set(id, id % 3);
    rows.set(20, 4);
    expect(rows.size).toBe(3 + added.length);
    expect(rows.get(20)).toBe(4);
    expect(rows.get(100 + MAX_TAIL)).toBe((100 + MAX_TAIL) % 3);
    expect(rows.has(99)).toBe(false);
    expect([...rows.messageIds]).toEqual([10, 20, 30, ...added]);
    expect([...original]).toEqual([
      [10, 1],
      [20, 0],
      [30, 2],
    ]);
  });

  it('UserHistories reads each user history through the current rows', () => {
    const rows = new Map([[7, new UserRows([3, 9], [0, 0])]]);
    const histories = new UserHistories(rows);
    expect([...histories.get(7)!]).toEqual([3, 9]);
    rows.get(7)!.set(12, 1);
    expect([...histories.get(7)!]).toEqual([3, 9, 12]);
    expect(histories.get(8)).toBeUndefined();
  });
});

/** A small deterministic generator (tests may not use Math.random). */
function lcg(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('UserRows against a Map', () => {
  it('answers like a sorted Map through appends, sets, deletes, growth, freezing and sharing', () => {
    const next = lcg(7);
    const pick = (n: number) => Math.floor(next() * n);
    for (let round = 0; round < 20; round++) {
      const model = new Map<number, number>();
      let rows = round % 2 ? UserRows.withRoom(pick(40)) : new UserRows();
      let shared: Map<number, number> | undefined;
      let original: UserRows | undefined;
      for (let step = 0; step < 400; step++) {
        const op = pick(10);
        const id = op < 5 ? Math.max(0, ...model.keys()) + 1 + pick(3) : 1 + pick(600);
        if (op < 7) {
          const bits = pick(512);
          if (op < 5) rows.append(id, bits);
          else rows.set(id, bits);
          model.set(id, bits);
        } else if (op < 9) {
          expect(rows.delete(id)).toBe(model.delete(id));
        } else if (step % 3 === 0) {
          // Freeze these rows and continue on a shared copy; the frozen ones must keep their rows.
          rows.freeze();
          original = rows;
          shared = new Map(model);
          rows = rows.share();
        }
        expect(rows.get(id)).toBe(model.get(id));
      }
      const sorted = [...model].sort((a, b) => a[0] - b[0]);
      expect([...rows]).toEqual(sorted);
      expect(rows.size).toBe(model.size);
      expect([...rows.messageIds]).toEqual(sorted.map(([id]) => id));
      for (const [id, bits] of sorted) expect(rows.get(id)).toBe(bits);
      if (original && shared) expect([...original]).toEqual([...shared].sort((a, b) => a[0] - b[0]));
    }
  });

  it('keeps message ids beyond 32 bits exactly', () => {
    const rows = new UserRows();
    const big = 2 ** 40 + 3;
    rows.append(5, 1).append(big, 2);
    expect(rows.get(big)).toBe(2);
    expect([...rows.messageIds]).toEqual([5, big]);
  });
});
