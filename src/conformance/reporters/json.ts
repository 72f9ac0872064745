/** The JSON report: the whole run with every transcript (the input of diffs and other tools). */
import { countResults, type RunReport } from '../report.js';

/** The JSON text of a run: summary counts, coverage and each scenario's full transcript. */
export function renderJson(report: RunReport): string {
  return `${JSON.stringify({ ...report, summary: countResults(report.results) }, null, 2)}\n`;
}
