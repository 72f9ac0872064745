/** Merges the JSON reports of shards (`--shard K/N` on several machines) into the report of one run. */
import { readFileSync } from 'node:fs';
import { computeCoverage } from './coverage.js';
import type { RunReport } from './report.js';

/** A report that cannot be merged: exit 2. */
export class MergeError extends Error {}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Reads one `--reporter json=FILE` report (its `summary` is recomputed when rendered again). */
export function readJsonReport(file: string): RunReport {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new MergeError(`${file}: ${(error as Error).message}`);
  }
  const report = data as Partial<RunReport> | null;
  if (
    !report ||
    typeof report !== 'object' ||
    !Array.isArray(report.results) ||
    typeof report.target !== 'string'
  )
    throw new MergeError(`${file}: not a JSON report of svc-mock conformance (no target or results)`);
  const { summary: _summary, ...rest } = report as RunReport & { summary?: unknown };
  return rest as RunReport;
}

/**
 * One report of the shards' results, in the order of a serial run of the whole selection (file path, then name,
 * which is how shards deal the selection out), a scenario run by two shards once. Target and feature level must
 * agree; the run ids are joined; the time is from the first start to the last end; coverage is computed again
 * from every transcript.
 */
export function mergeReports(reports: readonly RunReport[], files: readonly string[] = []): RunReport {
  if (!reports.length) throw new MergeError('nothing to merge: name the JSON reports of the shards');
  const first = reports[0]!;
  reports.forEach((r, i) => {
    const where = files[i] ?? `report ${i + 1}`;
    if (r.target !== first.target)
      throw new MergeError(
        `${where}: target ${r.target}, but ${files[0] ?? 'report 1'} ran against ${first.target}`,
      );
    if (r.featureLevel !== first.featureLevel)
      throw new MergeError(
        `${where}: feature level ${r.featureLevel}, but ${files[0] ?? 'report 1'} ran at ${first.featureLevel}`,
      );
  });
  const seen = new Set<string>();
  const results = reports
    .flatMap((r) => r.results)
    .filter((r) => {
      const key = `${r.file}\n${r.name}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => compare(a.file, b.file) || compare(a.name, b.name));
  const starts = reports.map((r) => Date.parse(r.startedAt));
  const start = Math.min(...starts);
  const end = Math.max(...reports.map((r, i) => starts[i]! + r.durationMs));
  return {
    ...first,
    runId: [...new Set(reports.map((r) => r.runId))].join(','),
    startedAt: new Date(start).toISOString(),
    durationMs: end - start,
    results,
    coverage: computeCoverage(results, {
      featureLevel: first.featureLevel,
      control: first.coverage?.mockRoutes ?? first.target === 'mock',
    }),
  };
}
