/** Pure parts of the benchmark harness: arguments, medians, ratios against targets and the printed table. */

/** Options of a harness run. */
export interface BenchOptions {
  /** Seconds of load per measured run. */
  duration: number;
  /** Measured runs per row (each run measures the mock and then its baseline). */
  runs: number;
  /** Open connections of the load generator. */
  connections: number;
  /** Run `apt-get install -y wrk` first when wrk is missing (root only). */
  installWrk: boolean;
  /** Use the Node generator even when wrk is present. */
  nodeGenerator: boolean;
  /** Only the rows whose key contains one of these words (empty: every row). */
  only: string[];
  /** Where the results are written. */
  out: string;
  /** Serve createApp (the API alone) in the mock child instead of createMock as `svc-mock serve` does. */
  app?: boolean;
}

/** Defaults: 3 runs of 5 s with 50 connections. */
export const DEFAULT_OPTIONS: BenchOptions = {
  duration: 5,
  runs: 3,
  connections: 50,
  installWrk: false,
  nodeGenerator: false,
  only: [],
  out: 'bench/results.json',
};

const positive = (name: string, value: string | undefined): number => {
  const n = Number(value);
  if (value === undefined || !Number.isFinite(n) || n <= 0)
    throw new Error(`${name} needs a positive number`);
  return n;
};

/** Parses `--duration 5 --runs 3 --connections 50 --install-wrk --node-generator --only a,b --out file`. */
export function parseArgs(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = { ...DEFAULT_OPTIONS, only: [] };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--duration':
        options.duration = positive(flag, value());
        break;
      case '--runs':
        options.runs = Math.round(positive(flag, value()));
        break;
      case '--connections':
        options.connections = Math.round(positive(flag, value()));
        break;
      case '--install-wrk':
        options.installWrk = true;
        break;
      case '--node-generator':
        options.nodeGenerator = true;
        break;
      case '--app':
        options.app = true;
        break;
      case '--only':
        options.only = (value() ?? '').split(',').filter(Boolean);
        break;
      case '--out': {
        const out = value();
        if (!out) throw new Error('--out needs a file');
        options.out = out;
        break;
      }
      default:
        throw new Error(`unknown option ${argv[i]}`);
    }
  }
  return options;
}

/** Median, minimum and maximum of a list of figures. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** Median (mean of the middle two for an even count), minimum and maximum; throws on an empty list. */
export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** A target on the ratio mock / baseline: at least (throughput) or at most (time). */
export interface Target {
  op: '>=' | '<=';
  value: number;
}

/** One measured row of the table. */
export interface Row {
  key: string;
  name: string;
  unit: 'req/s' | 'ms' | 'MB';
  mock: Spread;
  baseline: Spread;
  /** Mock median / baseline median. */
  ratio: number;
  /** Absent for an informational row, which is measured and shown but not judged. */
  target?: Target;
  /** Whether the ratio meets the target; undefined for an informational row. */
  pass: boolean | undefined;
  notes: string[];
  /** Throughput rows: the server's CPU time per request on each side; `ratio` is then bare / mock of these. */
  cpuPerRequest?: CpuPerRequest;
}

/** The server's CPU µs per completed request, each side over its runs, and bare / mock per pair of runs. */
export interface CpuPerRequest {
  mock: Spread;
  baseline: Spread;
  /** Baseline µs / mock µs of each run pair (run i of the mock against run i of the baseline). */
  pairs: Spread;
  /** Mock req/s median over baseline req/s median (informational: throughput is noisy on a shared host). */
  rateRatio: number;
}

/** Whether a ratio meets its target. */
export function meets(ratio: number, target: Target): boolean {
  return target.op === '>=' ? ratio >= target.value : ratio <= target.value;
}

/** Builds a row from the per-run figures of the mock and of its baseline. */
export function makeRow(
  fields: Pick<Row, 'key' | 'name' | 'unit' | 'target'> & { notes?: string[] },
  mockRuns: readonly number[],
  baselineRuns: readonly number[],
): Row {
  const mock = spread(mockRuns);
  const baseline = spread(baselineRuns);
  const ratio = baseline.median === 0 ? Number.NaN : mock.median / baseline.median;
  return {
    ...fields,
    notes: fields.notes ?? [],
    mock,
    baseline,
    ratio,
    pass: fields.target && meets(ratio, fields.target),
  };
}

/**
 * A throughput row judged by CPU time per request: req/s on each side for the table, the server's CPU µs per
 * request of each run, and the ratio baseline µs / mock µs (medians), against the target.
 */
export function makeCpuRow(
  fields: Pick<Row, 'key' | 'name' | 'target'> & { notes?: string[] },
  rates: { mock: readonly number[]; baseline: readonly number[] },
  micros: { mock: readonly number[]; baseline: readonly number[] },
): Row {
  const row = makeRow({ ...fields, unit: 'req/s' }, rates.mock, rates.baseline);
  const mock = spread(micros.mock);
  const baseline = spread(micros.baseline);
  const ratio = mock.median === 0 ? Number.NaN : baseline.median / mock.median;
  const pairs = spread(micros.mock.map((m, i) => (micros.baseline[i] ?? Number.NaN) / m));
  return {
    ...row,
    ratio,
    pass: fields.target && meets(ratio, fields.target),
    cpuPerRequest: { mock, baseline, pairs, rateRatio: row.ratio },
  };
}

const figure = (n: number, unit: Row['unit']): string =>
  unit === 'ms' ? n.toFixed(1) : Math.round(n).toLocaleString('en-US');

const cell = (s: Spread, unit: Row['unit']): string =>
  `${figure(s.median, unit)} (${figure(s.min, unit)}–${figure(s.max, unit)}) ${unit}`;

/** A row's result: pass, FAIL, or "info" for a row without a target. */
export function verdict(row: Pick<Row, 'pass'>): string {
  if (row.pass === undefined) return 'info';
  return row.pass ? 'pass' : 'FAIL';
}

const micros = (s: Spread): string => `${s.median.toFixed(1)} (${s.min.toFixed(1)}–${s.max.toFixed(1)})`;

/** The judged ratio; a CPU row's with the min–max of its run pairs. */
const ratioCell = (r: Row): string =>
  r.cpuPerRequest
    ? `${r.ratio.toFixed(2)}× (${r.cpuPerRequest.pairs.min.toFixed(2)}–${r.cpuPerRequest.pairs.max.toFixed(2)})`
    : `${r.ratio.toFixed(2)}×`;

/**
 * The rows as a Markdown table: figure and baseline as median (min–max); for throughput rows the server's CPU µs
 * per request on each side and the req/s ratio; the judged ratio (a throughput row's is bare / mock CPU per
 * request), target, pass/fail.
 */
export function formatTable(rows: readonly Row[]): string {
  const header = [
    'row',
    'svc-mock',
    'baseline',
    'CPU µs/req svc-mock',
    'CPU µs/req baseline',
    'req/s ratio',
    'ratio',
    'target',
    'result',
  ];
  const lines = rows.map((r) => [
    r.name,
    cell(r.mock, r.unit),
    cell(r.baseline, r.unit),
    r.cpuPerRequest ? micros(r.cpuPerRequest.mock) : '—',
    r.cpuPerRequest ? micros(r.cpuPerRequest.baseline) : '—',
    r.cpuPerRequest ? `${r.cpuPerRequest.rateRatio.toFixed(2)}×` : '—',
    ratioCell(r),
    r.target ? `${r.target.op === '>=' ? '≥' : '≤'} ${r.target.value.toFixed(2)}×` : '—',
    verdict(r),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]): string => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join('\n');
}

/** Share of one core a process used: CPU seconds over wall-clock seconds. */
export function coreShare(cpuSeconds: number, wallSeconds: number): number {
  return wallSeconds > 0 ? cpuSeconds / wallSeconds : 0;
}

/** Parses the CPU fields of a /proc/<pid>/stat line: own and waited-for children's time, in clock ticks. */
export function parseProcStat(line: string): { self: number; children: number } {
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  // After the command: field 3 (state) is index 0, so utime (14) is index 11, cstime (17) index 14.
  const n = (i: number): number => Number(fields[i]);
  if (fields.length < 15 || !Number.isFinite(n(14))) throw new Error(`not a stat line: ${line.slice(0, 80)}`);
  return { self: n(11) + n(12), children: n(13) + n(14) };
}
