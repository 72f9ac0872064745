import { describe, expect, it } from 'vitest';
import { placeholdersIn, substitute, UnknownPlaceholderError } from './template.js';

const vars = new Map<string, unknown>([
  ['now', 1_700_000_000],
  ['run', 'r1'],
  ['ts', 100],
]);

describe('placeholder offsets', () => {
  it('adds a positive or negative offset to a numeric placeholder and keeps the number type', () => {
    expect(substitute('{now+3600}', vars)).toBe(1_700_003_600);
    expect(substitute('{ts-5}', vars)).toBe(95);
    expect(substitute({ at: ['{ts+1}'] }, vars)).toEqual({ at: [101] });
  });

  it('writes the sum inside a longer string', () => {
    expect(substitute('due {ts+20} in {run}', vars)).toBe('due 120 in r1');
  });

  it('reports the name without its offset, so the loader checks the name', () => {
    expect(placeholdersIn(['{now+60}', 'x {ts-1} {run}'])).toEqual(['now', 'ts', 'run']);
  });

  it('refuses an offset on a value that is not a number', () => {
    expect(() => substitute('{run+1}', vars)).toThrow('{run+1}: run is not a number');
  });

  it('still reports an unknown placeholder with an offset as unknown', () => {
    expect(() => substitute('{later+1}', vars)).toThrow(UnknownPlaceholderError);
  });

  it('leaves placeholders without an offset and the {{ escape as before', () => {
    expect(substitute('{ts}', vars)).toBe(100);
    expect(substitute('{{ts} {ts}', vars)).toBe('{ts} 100');
  });
});
