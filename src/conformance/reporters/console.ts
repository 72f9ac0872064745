/** The console reporter: a live count on a TTY, one plain line per scenario with its duration in CI, coloured minimal diffs, curl per failed step. */
import { coverageSummary } from '../coverage.js';
import {
  countResults,
  formatDuration,
  formatFailures,
  retryCounts,
  type Paint,
  type RunReport,
} from '../report.js';
import type { ScenarioResult } from '../transcript.js';

/** Where and how the console reporter writes. */
export interface ConsoleOptions {
  write(text: string): void;
  /** Live progress line (rewritten in place) instead of one line per scenario. */
  tty: boolean;
  colour: boolean;
}

const ansi = (code: number) => (text: string) => `\u001b[${code}m${text}\u001b[0m`;

/** A reporter with `onResult` for progress and `finish` for the summary. */
export function createConsoleReporter(total: number, options: ConsoleOptions) {
  const c = options.colour
    ? { red: ansi(31), green: ansi(32), yellow: ansi(33), dim: ansi(2) }
    : { red: (t: string) => t, green: (t: string) => t, yellow: (t: string) => t, dim: (t: string) => t };
  const paint: Paint = { expected: c.green, actual: c.red, dim: c.dim };
  const seen: ScenarioResult[] = [];
  const label = { passed: c.green('PASS'), failed: c.red('FAIL'), skipped: c.yellow('SKIP') } as const;
  return {
    /** Reports one finished scenario. */
    onResult(result: ScenarioResult): void {
      seen.push(result);
      if (!options.tty) {
        const retried = result.flaky ? `, flaky: passed after ${result.retries ?? 1} retries` : '';
        const note =
          result.outcome === 'skipped'
            ? ` (${result.skipReason ?? ''})`
            : ` ${c.dim(`(${formatDuration(result.durationMs)}${retried})`)}`;
        options.write(`${label[result.outcome]} ${result.name} ${c.dim(result.file)}${note}\n`);
        return;
      }
      const { passed, failed, skipped } = countResults(seen);
      const width = 20;
      const done = Math.round((seen.length / Math.max(total, 1)) * width);
      const bar = `${'█'.repeat(done)}${'░'.repeat(width - done)}`;
      options.write(
        `\r\u001b[2K${bar} ${seen.length}/${total} ${c.green(`${passed} passed`)} ${c.red(`${failed} failed`)} ${c.yellow(`${skipped} skipped`)}`,
      );
    },
    /** Prints the failures with their diffs and the totals. */
    finish(report: RunReport): void {
      if (options.tty) options.write('\n');
      for (const r of report.results.filter((x) => x.outcome === 'failed')) {
        options.write(
          `\n${c.red('✗')} ${r.name} ${c.dim(r.file)} ${c.dim(`(${formatDuration(r.durationMs)})`)}\n`,
        );
        const text = formatFailures(r, paint);
        options.write(
          `${text
            .split('\n')
            .map((l) => `  ${l}`)
            .join('\n')}\n`,
        );
      }
      const { passed, failed, skipped } = countResults(report.results);
      const { retries, flaky } = retryCounts(report.results);
      const slowest = report.results
        .filter((r) => r.outcome !== 'skipped')
        .sort((a, b) => b.durationMs - a.durationMs)
        .slice(0, 3)
        .map((r) => `${r.file.replace(/^.*\//, '')} ${formatDuration(r.durationMs)}`);
      options.write(
        `\n${report.results.length} scenarios against ${report.target} (feature level ${report.featureLevel}, run ${report.runId}): ` +
          `${c.green(`${passed} passed`)}, ${failed ? c.red(`${failed} failed`) : '0 failed'}, ${skipped} skipped ` +
          `in ${formatDuration(report.durationMs)}` +
          (retries ? `; ${retries} retries, ${flaky} flaky` : '') +
          '\n' +
          (slowest.length ? `${c.dim(`slowest: ${slowest.join(', ')}`)}\n` : '') +
          `${c.dim(coverageSummary(report.coverage))}\n`,
      );
    },
  };
}
