import { describe, expect, it } from 'vitest';
import type { DiffEntry } from './compare.js';
import { dropVolatile, learnNoise } from './noise.js';

const entry = (step: string, pointer: string, a: unknown, b: unknown): DiffEntry => ({
  scenario: 's',
  file: 'f.yaml',
  step,
  pointer,
  kind: 'changed',
  a,
  b,
});

describe('learnNoise and dropVolatile', () => {
  it('turns the differences of B against itself into volatile fields with both values', () => {
    expect(learnNoise([entry('steps[0] GET /x', '/body/nonce', 1, 2)])).toEqual([
      { scenario: 's', file: 'f.yaml', step: 'steps[0] GET /x', pointer: '/body/nonce', first: 1, second: 2 },
    ]);
  });

  it('drops A/B differences at or under a volatile field of the same step, and keeps the others', () => {
    const volatile = learnNoise([entry('steps[0] GET /x', '/body/nonce', 1, 2)]);
    const { kept, dropped } = dropVolatile(
      [
        entry('steps[0] GET /x', '/body/nonce', 5, 6),
        entry('steps[0] GET /x', '/body/nonce/deep', 5, 6),
        entry('steps[0] GET /x', '/body/nonce_other', 5, 6),
        entry('steps[0] GET /x', '/body', 5, 6),
        entry('steps[1] GET /x', '/body/nonce', 5, 6),
      ],
      volatile,
    );
    expect(dropped.map((e) => e.pointer)).toEqual(['/body/nonce', '/body/nonce/deep']);
    expect(kept.map((e) => `${e.step} ${e.pointer}`)).toEqual([
      'steps[0] GET /x /body/nonce_other',
      'steps[0] GET /x /body',
      'steps[1] GET /x /body/nonce',
    ]);
  });

  it('holds a field volatile at one position of a list for every position of that list', () => {
    const volatile = learnNoise([entry('steps[0] GET /x', '/body/requests/1/duration_ms', 0.1, 0.2)]);
    const { kept, dropped } = dropVolatile(
      [
        entry('steps[0] GET /x', '/body/requests/0/duration_ms', 0.3, 0.4),
        entry('steps[0] GET /x', '/body/requests/0/path', '/a', '/b'),
        entry('steps[0] GET /x', '/body/requests', 1, 2),
      ],
      volatile,
    );
    expect(dropped.map((e) => e.pointer)).toEqual(['/body/requests/0/duration_ms']);
    expect(kept.map((e) => e.pointer)).toEqual(['/body/requests/0/path', '/body/requests']);
  });

  it('treats a whole step as volatile when B ran it in one run only', () => {
    const volatile = learnNoise([entry('steps[2] GET /y', '', 'status 200', undefined)]);
    const { kept } = dropVolatile([entry('steps[2] GET /y', '/status', 200, 500)], volatile);
    expect(kept).toEqual([]);
  });
});
