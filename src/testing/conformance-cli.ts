/** Runs `svc-mock conformance ...` from the sources in a child process, as a CI job would (no colour, CI set). */
import { execFile } from 'node:child_process';

/** The exit code and output of one `svc-mock conformance` run. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `svc-mock conformance <args>` through tsx's loader in a plain node process; resolves with its exit code and
 * output. Not through `npx tsx`: npx and tsx's own command line are two more node processes per call, about a
 * second of CPU each time on a 2-core machine, for the same run of the command line.
 */
export function conformanceCli(...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/run.ts', 'conformance', ...args],
      { env: { ...process.env, NO_COLOR: '1', CI: '1' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}
