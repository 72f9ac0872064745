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

/** Whether `pointer` is at or under `volatile`, any array index of the volatile field matching any other. */
function under(volatile: string, pointer: string): boolean {
  if (volatile === '') return true;
  const want = volatile.split('/');
  const have = pointer.split('/');
  if (have.length < want.length) return false;
  return want.every((segment, i) => segment === have[i] || (/^\d+$/.test(segment) && /^\d+$/.test(have[i]!)));
}

// Volatility learned at one position of a list holds for the whole list (B's two runs may agree by chance
// on some of its elements).
const covers = (volatile: VolatileField, entry: DiffEntry): boolean =>
  volatile.file === entry.file &&
  volatile.scenario === entry.scenario &&
  volatile.step === entry.step &&
  under(volatile.pointer, entry.pointer);

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
