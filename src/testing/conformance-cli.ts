/** Runs `svc-mock conformance ...` from the sources in a child process, as a CI job would (no colour, CI set). */
import { execFile } from 'node:child_process';

/** The exit code and output of one `svc-mock conformance` run. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `svc-mock conformance <args>` through tsx; resolves with its exit code and output. */
export function conformanceCli(...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      'npx',
      ['tsx', 'src/cli/run.ts', 'conformance', ...args],
      { env: { ...process.env, NO_COLOR: '1', CI: '1' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}
