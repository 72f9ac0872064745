import { describe, expect, it } from 'vitest';
import {
  coreShare,
  DEFAULT_OPTIONS,
  formatTable,
  makeCpuRow,
  makeRow,
  meets,
  parseArgs,
  parseProcStat,
  spread,
} from './stats.js';

describe('parseArgs', () => {
  it('gives the defaults without arguments', () => {
    expect(parseArgs([])).toEqual(DEFAULT_OPTIONS);
  });

  it('reads numbers, flags and lists, with a space or an equals sign', () => {
    const options = parseArgs([
      '--duration',
      '2.5',
      '--runs=4',
      '--connections',
      '8',
      '--install-wrk',
      '--node-generator',
      '--only',
      'settings,events',
      '--out=/tmp/x.json',
    ]);
    expect(options).toEqual({
      duration: 2.5,
      runs: 4,
      connections: 8,
      installWrk: true,
      nodeGenerator: true,
      only: ['settings', 'events'],
      out: '/tmp/x.json',
    });
  });

  it('rejects unknown options and non-positive numbers', () => {
    expect(() => parseArgs(['--fast'])).toThrow(/unknown option --fast/);
    expect(() => parseArgs(['--runs', '0'])).toThrow(/positive/);
    expect(() => parseArgs(['--duration'])).toThrow(/positive/);
    expect(() => parseArgs(['--connections', 'many'])).toThrow(/positive/);
  });
});

describe('spread', () => {
  it('takes the middle of an odd count and the mean of the middle two of an even count', () => {
    expect(spread([5, 1, 3])).toEqual({ median: 3, min: 1, max: 5 });
    expect(spread([4, 1, 2, 10])).toEqual({ median: 3, min: 1, max: 10 });
    expect(spread([7])).toEqual({ median: 7, min: 7, max: 7 });
  });

  it('does not reorder its input and refuses an empty list', () => {
    const values = [3, 1, 2];
    spread(values);
    expect(values).toEqual([3, 1, 2]);
    expect(() => spread([])).toThrow();
  });
});

describe('targets', () => {
  it('compares throughput ratios as at least and time ratios as at most', () => {
    expect(meets(0.6, { op: '>=', value: 0.6 })).toBe(true);
    expect(meets(0.59, { op: '>=', value: 0.6 })).toBe(false);
    expect(meets(1.5, { op: '<=', value: 1.5 })).toBe(true);
    expect(meets(1.51, { op: '<=', value: 1.5 })).toBe(false);
  });

  it('builds a row from the medians of both sides', () => {
    const row = makeRow(
      { key: 'k', name: 'GET /x', unit: 'req/s', target: { op: '>=', value: 0.6 } },
      [300, 500, 400],
      [1000, 800, 900],
    );
    expect(row.mock).toEqual({ median: 400, min: 300, max: 500 });
    expect(row.baseline.median).toBe(900);
    expect(row.ratio).toBeCloseTo(400 / 900);
    expect(row.pass).toBe(false);
    expect(row.notes).toEqual([]);
    const timed = makeRow(
      { key: 't', name: 'fan-out', unit: 'ms', target: { op: '<=', value: 1.5 } },
      [12],
      [10],
    );
    expect(timed.ratio).toBeCloseTo(1.2);
    expect(timed.pass).toBe(true);
  });
});

describe('makeCpuRow', () => {
  it('judges a throughput row by baseline / mock CPU per request, with the spread of the run pairs', () => {
    const row = makeCpuRow(
      { key: 'k', name: 'GET /x', target: { op: '>=', value: 0.6 } },
      { mock: [9000, 10000, 11000], baseline: [20000, 30000, 25000] },
      { mock: [50, 40, 45], baseline: [30, 24, 33] },
    );
    expect(row.cpuPerRequest!.mock).toEqual({ median: 45, min: 40, max: 50 });
    expect(row.cpuPerRequest!.baseline).toEqual({ median: 30, min: 24, max: 33 });
    expect(row.ratio).toBeCloseTo(30 / 45);
    expect(row.pass).toBe(true);
    expect(row.cpuPerRequest!.pairs).toEqual({ median: 30 / 50, min: 0.6, max: 33 / 45 });
    expect(row.cpuPerRequest!.rateRatio).toBeCloseTo(10000 / 25000);
    const slow = makeCpuRow(
      { key: 'k', name: 'GET /x', target: { op: '>=', value: 0.6 } },
      { mock: [30000], baseline: [30000] },
      { mock: [60], baseline: [30] },
    );
    expect(slow.ratio).toBeCloseTo(0.5);
    expect(slow.pass).toBe(false);
  });
});

describe('formatTable', () => {
  it('prints medians with min–max, CPU per request, the ratios, the target and the result in aligned columns', () => {
    const rows = [
      makeCpuRow(
        { key: 'a', name: 'GET /server_settings', target: { op: '>=', value: 0.6 } },
        { mock: [12000, 12500, 11000], baseline: [20000, 21000, 19000] },
        { mock: [40, 42.5, 44], baseline: [30, 28, 31] },
      ),
      makeRow({ key: 'b', name: 'fan-out', unit: 'ms', target: { op: '<=', value: 1.5 } }, [32], [10]),
      makeRow({ key: 'c', name: 'informational', unit: 'req/s' }, [50], [100]),
    ];
    const lines = formatTable(rows).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(
      /^\| row +\| svc-mock +\| baseline +\| CPU µs\/req svc-mock \| CPU µs\/req baseline \| req\/s ratio \| ratio +\| target +\| result \|$/,
    );
    expect(lines[1]).toMatch(/^(\| -+ ){9}\|$/);
    expect(lines[2]).toContain('| 12,000 (11,000–12,500) req/s |');
    expect(lines[2]).toContain('| 20,000 (19,000–21,000) req/s |');
    expect(lines[2]).toContain('| 42.5 (40.0–44.0) ');
    expect(lines[2]).toContain('| 30.0 (28.0–31.0) ');
    expect(lines[2]).toContain('| 0.60× ');
    expect(lines[2]).toContain('| 0.71× (0.66–0.75) | ≥ 0.60× | pass');
    expect(lines[3]).toContain('32.0 (32.0–32.0) ms');
    expect(lines[3]).toMatch(/\| — +\| — +\| — +\| 3\.20× +\| ≤ 1\.50× \| FAIL/);
    expect(rows[2]!.pass).toBeUndefined();
    expect(lines[4]).toMatch(/\| 0\.50× +\| — +\| info +\|$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});

describe('CPU figures', () => {
  it('reads own and children CPU ticks from a stat line whose command has spaces and parentheses', () => {
    const line = '4242 (wrk (x) y) S 1 4242 4242 0 -1 4194560 120 0 0 0 310 45 700 90 20 0 1 0 1000 1 1';
    expect(parseProcStat(line)).toEqual({ self: 355, children: 790 });
    expect(() => parseProcStat('nonsense')).toThrow(/not a stat line/);
  });

  it('gives the share of one core', () => {
    expect(coreShare(2.5, 5)).toBe(0.5);
    expect(coreShare(1, 0)).toBe(0);
  });
});
