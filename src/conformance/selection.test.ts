import { describe, expect, it } from 'vitest';
import type { LoadedScenario } from './loader.js';
import { narrowSelection, parseShard, SelectionError, shardSelection } from './selection.js';

const scenario = (file: string, tags: string[] = []): LoadedScenario =>
  ({
    file,
    scenario: { name: `name of ${file}`, mutates: false, actors: { a: 'none' }, steps: [], tags },
  }) as never;

const all = [
  scenario('s/a.yaml', ['smoke']),
  scenario('s/b.yaml', ['slow', 'events']),
  scenario('s/c.yaml', ['events']),
  scenario('s/d.yaml'),
  scenario('s/e.yaml', ['smoke', 'slow']),
];
const files = (list: LoadedScenario[]) => list.map((s) => s.file.slice(2, 3)).join('');

describe('narrowSelection', () => {
  it('leaves out what --exclude matches in name, file or tag', () => {
    expect(files(narrowSelection(all, { exclude: 'B\\.YAML|smoke' }))).toBe('cd');
    expect(() => narrowSelection(all, { exclude: '(' })).toThrow(SelectionError);
  });

  it('keeps scenarios with one of the --tag tags and leaves out the !tag ones', () => {
    expect(files(narrowSelection(all, { tags: ['events'] }))).toBe('bc');
    expect(files(narrowSelection(all, { tags: ['events', 'smoke'] }))).toBe('abce');
    expect(files(narrowSelection(all, { tags: ['!slow'] }))).toBe('acd');
    expect(files(narrowSelection(all, { tags: ['smoke', '!slow'] }))).toBe('a');
  });
});

describe('shardSelection', () => {
  it('splits the selection into disjoint parts that together are the whole, in the selection order', () => {
    const shuffled = [all[3]!, all[0]!, all[4]!, all[2]!, all[1]!];
    const parts = [1, 2, 3].map((index) => shardSelection(shuffled, { index, count: 3 }));
    expect(parts.map(files)).toEqual(['da', 'eb', 'c']);
    expect(
      parts
        .flat()
        .map((s) => s.file)
        .sort(),
    ).toEqual(all.map((s) => s.file));
  });

  it('gives the same parts whatever order the files were named in', () => {
    const reversed = [...all].reverse();
    for (const index of [1, 2])
      expect(
        files(shardSelection(reversed, { index, count: 2 }))
          .split('')
          .sort(),
      ).toEqual(
        files(shardSelection(all, { index, count: 2 }))
          .split('')
          .sort(),
      );
  });

  it('parses K/N and refuses anything else', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/2', '3/2', '1', 'a/b', '1/0'])
      expect(() => parseShard(bad)).toThrow(SelectionError);
  });
});
