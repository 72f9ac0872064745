/** Writes a finished run's file reports and GitHub output; every text passes the run's secret filter once more. */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SecretSet } from '../redact.js';
import type { RunReport } from '../report.js';
import type { REPORTERS } from '../reporter-kinds.js';
import { renderGithubAnnotations, renderGithubSummary } from './github.js';
import { renderHtml } from './html.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import { createLineOf } from './step-lines.js';

/** One `--reporter kind[=file]`. */
export interface ReporterSpec {
  kind: (typeof REPORTERS)[number];
  file?: string;
}

/** Where reports go besides their files. */
export interface ReportSinks {
  /** Standard output (GitHub annotations). */
  out(text: string): void;
  /** The run's secrets: a last pass over every text (results are already redacted when recorded). */
  secrets?: SecretSet;
  /** Environment ($GITHUB_STEP_SUMMARY, $GITHUB_WORKSPACE); default process.env. */
  env?: Record<string, string | undefined>;
}

const RENDER = { junit: renderJunit, json: renderJson, markdown: renderMarkdown, html: renderHtml } as const;

function writeFile(file: string, text: string, append = false): void {
  mkdirSync(dirname(file), { recursive: true });
  if (append) appendFileSync(file, text);
  else writeFileSync(file, text);
}

/**
 * Writes every reporter but console: junit, json, markdown and html to their files; github prints annotations
 * and appends its step summary to `github=FILE`, else to $GITHUB_STEP_SUMMARY when set.
 */
export function writeReports(
  report: RunReport,
  reporters: readonly ReporterSpec[],
  sinks: ReportSinks,
): void {
  const env = sinks.env ?? process.env;
  const clean = (text: string): string => sinks.secrets?.text(text) ?? text;
  // Results are redacted when recorded; what was added since (an audit's results) is redacted here.
  report = sinks.secrets ? sinks.secrets.value(report) : report;
  for (const { kind, file } of reporters) {
    if (kind === 'console') continue;
    if (kind === 'github') {
      sinks.out(
        clean(renderGithubAnnotations(report, { lineOf: createLineOf(), root: env.GITHUB_WORKSPACE })),
      );
      const summary = file ?? env.GITHUB_STEP_SUMMARY;
      if (summary) writeFile(summary, clean(renderGithubSummary(report)), true);
      continue;
    }
    if (file) writeFile(file, clean(RENDER[kind](report)));
  }
}
