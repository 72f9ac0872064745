/** Learned noise: fields that differ between two runs of the same server are volatile and left out of the A/B diff. */
import type { DiffEntry } from './compare.js';

/** A field that took different values in B's two runs (the values are listed in reports). */
export interface VolatileField {
  scenario: string;
  file: string;
  step: string;
  pointer: string;
  first?: unknown;
  second?: unknown;
}

/** The volatile fields that a diff of B's first run against its second shows. */
export function learnNoise(selfDiff: readonly DiffEntry[]): VolatileField[] {
  return selfDiff.map(({ scenario, file, step, pointer, a, b }) => ({
    scenario,
    file,
    step,
    pointer,
    first: a,
    second: b,
  }));
}

const covers = (volatile: VolatileField, entry: DiffEntry): boolean =>
  volatile.file === entry.file &&
  volatile.scenario === entry.scenario &&
  volatile.step === entry.step &&
  (volatile.pointer === entry.pointer ||
    volatile.pointer === '' ||
    entry.pointer.startsWith(`${volatile.pointer}/`));

/** Splits A/B differences into those kept and those at or under a volatile field. */
export function dropVolatile(
  entries: readonly DiffEntry[],
  volatile: readonly VolatileField[],
): { kept: DiffEntry[]; dropped: DiffEntry[] } {
  const kept: DiffEntry[] = [];
  const dropped: DiffEntry[] = [];
  for (const entry of entries) (volatile.some((v) => covers(v, entry)) ? dropped : kept).push(entry);
  return { kept, dropped };
}
