/** Walking ascending id lists outward from an anchor: binary search, then step (merging several lists). */
import { lowerBound } from '../message-index.js';

/** Ids below `below`, newest first, across the lists (duplicates once). */
export function* idsDescending(lists: ReadonlyArray<readonly number[]>, below: number): Generator<number> {
  if (lists.length === 1) {
    const list = lists[0]!;
    for (let i = lowerBound(list, below) - 1; i >= 0; i--) yield list[i]!;
    return;
  }
  const pos = lists.map((list) => lowerBound(list, below) - 1);
  let last = Infinity;
  for (;;) {
    let best = -1;
    for (let k = 0; k < lists.length; k++) {
      const i = pos[k]!;
      if (i >= 0 && (best < 0 || lists[k]![i]! > lists[best]![pos[best]!]!)) best = k;
    }
    if (best < 0) return;
    const id = lists[best]![pos[best]!]!;
    pos[best]!--;
    if (id !== last) yield id;
    last = id;
  }
}

/** Ids at or above `from`, oldest first, across the lists (duplicates once). */
export function* idsAscending(lists: ReadonlyArray<readonly number[]>, from: number): Generator<number> {
  if (lists.length === 1) {
    const list = lists[0]!;
    for (let i = lowerBound(list, from); i < list.length; i++) yield list[i]!;
    return;
  }
  const pos = lists.map((list) => lowerBound(list, from));
  let last = -Infinity;
  for (;;) {
    let best = -1;
    for (let k = 0; k < lists.length; k++) {
      const i = pos[k]!;
      if (i < lists[k]!.length && (best < 0 || lists[k]![i]! < lists[best]![pos[best]!]!)) best = k;
    }
    if (best < 0) return;
    const id = lists[best]![pos[best]!]!;
    pos[best]!++;
    if (id !== last) yield id;
    last = id;
  }
}
