/**
 * GitHub Actions: one workflow-command annotation per failed step, on the scenario file and the step's line
 * (`::error file=scenarios/x.yaml,line=12,title=...::message`), and a Markdown step summary.
 */
import { isAbsolute, relative } from 'node:path';
import { coverageSummary } from '../coverage.js';
import { curlText, failuresByStep, formatFailure, formatDuration, type RunReport } from '../report.js';
import { isInfrastructureKind } from '../transcript.js';
import { renderMarkdownSummary } from './markdown.js';
import type { LineOf } from './step-lines.js';

/** Escapes a workflow command's message (`%`, CR, LF), as the Actions toolkit does. */
export const escapeData = (text: string): string =>
  text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** Escapes a workflow command's property value (the data escapes plus `:` and `,`). */
export const escapeProperty = (text: string): string =>
  escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One workflow command: `::name key=value,...::message`. */
function command(name: string, properties: Record<string, string | number>, message: string): string {
  const props = Object.entries(properties)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(',');
  return `::${name} ${props}::${escapeData(message)}`;
}

/** Options of {@link renderGithubAnnotations}. */
export interface GithubOptions {
  /** The line of a failure's step in its file. */
  lineOf: LineOf;
  /** Annotation paths are relative to this directory (the workspace; default the current directory). */
  root?: string;
}

/**
 * The annotations of a run, one line each: `::error` per failed step (wrong answers and unreachable targets
 * alike) with its failures and curl, `::warning` per scenario that passed only after a retry.
 */
export function renderGithubAnnotations(report: RunReport, options: GithubOptions): string {
  const root = options.root ?? process.cwd();
  const lines: string[] = [];
  for (const result of report.results) {
    const file = isAbsolute(result.file) ? relative(root, result.file) : result.file;
    // A result without a file (the audit of a run without an accounts file) is annotated on the run itself.
    const where = (line: () => number): Record<string, string | number> =>
      file ? { file, line: line() } : {};
    if (result.outcome === 'passed' && result.flaky)
      lines.push(
        command(
          'warning',
          { ...where(() => 1), title: `flaky: ${result.name}` },
          `passed after ${result.retries ?? 1} retries`,
        ),
      );
    if (result.outcome !== 'failed') continue;
    for (const { label, step, failures } of failuresByStep(result)) {
      const kinds = [...new Set(failures.map((f) => f.kind))];
      const cause = kinds.some((k) => isInfrastructureKind(k)) ? 'could not be checked' : 'failed';
      const message = [
        ...failures.flatMap((f) => formatFailure(f)),
        ...(step?.curl ? [`reproduce: ${curlText(step.curl)}`] : []),
      ].join('\n');
      lines.push(
        command(
          'error',
          {
            ...where(() => options.lineOf(result.file, label)),
            title: `${result.name}: ${label} ${cause} [${kinds.join(', ')}] (${formatDuration(result.durationMs)})`,
          },
          message,
        ),
      );
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** The step summary: the Markdown summary (counts, scenarios with times, failures with curls) and the coverage line. */
export function renderGithubSummary(report: RunReport): string {
  return `${[...renderMarkdownSummary(report), '', coverageSummary(report.coverage)].join('\n')}\n`;
}
