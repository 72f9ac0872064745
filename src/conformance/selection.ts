/** Selecting scenarios for CI: --exclude, --tag (and --tag '!T'), --shard K/N. */
import type { LoadedScenario } from './loader.js';

/** The selection flags beyond files, --grep and --read-only. */
export interface SelectionOptions {
  /** Leave out scenarios whose name, file or tag matches (case-insensitive). */
  exclude?: string;
  /** Keep scenarios with one of these tags; `!T` leaves out scenarios tagged T. */
  tags?: readonly string[];
  /** Run only this part of the selection: `{ index: K, count: N }`, 1 <= K <= N. */
  shard?: Shard;
}

/** One of N parts of a selection. */
export interface Shard {
  index: number;
  count: number;
}

/** A selection flag that cannot be used: exit 2. */
export class SelectionError extends Error {}

/** Parses `K/N` (1 <= K <= N). */
export function parseShard(value: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count)
    throw new SelectionError(`--shard takes K/N with 1 <= K <= N, e.g. 1/4 (got "${value}")`);
  return { index, count };
}

/** A case-insensitive regular expression of a flag, or a SelectionError naming the flag. */
export function flagRegExp(flag: string, source: string | undefined): RegExp | undefined {
  if (source === undefined) return undefined;
  try {
    return new RegExp(source, 'i');
  } catch (error) {
    throw new SelectionError(`${flag}: ${(error as Error).message}`);
  }
}

/** What --grep and --exclude look at: name, file and tags. */
export const selectionTexts = ({ file, scenario }: LoadedScenario): string[] => [
  scenario.name,
  file,
  ...(scenario.tags ?? []),
];

/** Applies --exclude and --tag (not --shard, which applies to the final selection). */
export function narrowSelection(
  scenarios: readonly LoadedScenario[],
  options: SelectionOptions,
): LoadedScenario[] {
  const exclude = flagRegExp('--exclude', options.exclude);
  const wanted = (options.tags ?? []).filter((t) => !t.startsWith('!'));
  const unwanted = (options.tags ?? []).filter((t) => t.startsWith('!')).map((t) => t.slice(1));
  return scenarios.filter((loaded) => {
    const tags = loaded.scenario.tags ?? [];
    if (exclude && selectionTexts(loaded).some((t) => exclude.test(t))) return false;
    if (wanted.length && !wanted.some((t) => tags.includes(t))) return false;
    return !unwanted.some((t) => tags.includes(t));
  });
}

/**
 * The K-th of N parts of a selection: scenarios sorted by file path (then name) are dealt out in turn, so every
 * machine given the same selection computes the same parts whatever its --jobs, and the parts differ in size by
 * at most one. The part keeps the selection's order.
 */
export function shardSelection(scenarios: readonly LoadedScenario[], shard: Shard): LoadedScenario[] {
  const sorted = scenarios
    .map((loaded, position) => ({ loaded, position }))
    .sort(
      (a, b) =>
        compare(a.loaded.file, b.loaded.file) ||
        compare(a.loaded.scenario.name, b.loaded.scenario.name) ||
        a.position - b.position,
    );
  const mine = new Set(
    sorted.filter((_, i) => i % shard.count === shard.index - 1).map(({ position }) => position),
  );
  return scenarios.filter((_, position) => mine.has(position));
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The words of a selection that matched nothing, for the exit-2 message. */
export function describeSelection(options: {
  files: readonly string[];
  grep?: string;
  exclude?: string;
  tags?: readonly string[];
  readOnly?: boolean;
}): string {
  const parts = [options.files.length ? options.files.join(' ') : 'scenarios/'];
  if (options.grep !== undefined) parts.push(`--grep ${JSON.stringify(options.grep)}`);
  if (options.exclude !== undefined) parts.push(`--exclude ${JSON.stringify(options.exclude)}`);
  for (const tag of options.tags ?? []) parts.push(`--tag ${JSON.stringify(tag)}`);
  if (options.readOnly) parts.push('--read-only');
  return parts.join(' ');
}
