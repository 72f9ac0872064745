/** `svc-mock conformance record`: a recording proxy whose traffic is written as a scenario. */
import { readFileSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import type { AccountBook } from '../conformance/accounts.js';
import { parseDuration } from '../store/controllable-clock.js';

/** Options of `conformance record`, as the command line gives them. */
export interface RecordFlags {
  target: string;
  output: string;
  port: number;
  accounts?: string;
  maxRequests?: number;
  duration?: number;
  name?: string;
}

/** Where the command writes, and what stops it besides its limits. */
export interface RecordIo {
  out(text: string): void;
  err(text: string): void;
  /** Aborted on SIGINT/SIGTERM: the recording stops and the file is written. */
  signal: AbortSignal;
  /** Told the proxy's URL once it listens (tests drive a client through it). */
  onListening?: (url: string) => void;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('Not a port number.');
  return port;
}

function parseCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('Not a positive whole number.');
  return n;
}

function parseTime(value: string): number {
  const ms = parseDuration(value);
  if (ms === undefined || ms <= 0) throw new InvalidArgumentError('Not a duration (e.g. 90s, 10m, 1h).');
  return ms;
}

/** Runs a recording until the signal, --max-requests or --duration; resolves to the exit code. */
export async function runRecord(flags: RecordFlags, io: RecordIo): Promise<number> {
  if (!/^https?:\/\//.test(flags.target)) {
    io.err(`svc-mock conformance record: --target takes an http(s) URL (got "${flags.target}")\n`);
    return 2;
  }
  // Imported here: the recorder's modules (and yaml) are not loaded for the CLI's other commands.
  const { AccountsError, parseAccounts } = await import('../conformance/accounts.js');
  const { NothingRecordedError, startRecording } = await import('../conformance/record/record-session.js');
  let accounts: AccountBook | undefined;
  if (flags.accounts) {
    try {
      accounts = parseAccounts(readFileSync(flags.accounts, 'utf8'));
    } catch (error) {
      const reason = error instanceof AccountsError ? error.message : (error as Error).message;
      io.err(`svc-mock conformance record: --accounts ${flags.accounts}: ${reason}\n`);
      return 2;
    }
  }
  let recording;
  try {
    recording = await startRecording({
      target: flags.target,
      output: flags.output,
      port: flags.port,
      accounts,
      maxRequests: flags.maxRequests,
      durationMs: flags.duration,
      name: flags.name,
    });
  } catch (error) {
    io.err(`svc-mock conformance record: cannot start: ${(error as Error).message}\n`);
    return 1;
  }
  const { proxy } = recording;
  const source = { file: 'the accounts file', target: 'GET /svc-mock/accounts', none: 'none' }[
    recording.accountsSource
  ];
  io.out(`Recording proxy listening on ${proxy.url} -> ${proxy.target}\n`);
  io.out(`Accounts: ${source}. Point a client at ${proxy.url}; Ctrl-C writes ${flags.output}.\n`);
  io.onListening?.(proxy.url);
  const stopped = new Promise<void>((resolve) => {
    if (io.signal.aborted) resolve();
    io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await Promise.race([stopped, recording.limitReached]);
  try {
    const result = await recording.stop();
    for (const warning of result.warnings) io.err(`note: ${warning}\n`);
    io.out(
      `Wrote ${result.file}: ${result.scenario.steps.length} steps from ${result.exchanges} exchanges.\n`,
    );
    return 0;
  } catch (error) {
    const message = error instanceof NothingRecordedError ? error.message : (error as Error).message;
    io.err(`svc-mock conformance record: ${message}\n`);
    return 1;
  }
}

/** Adds `record` under the program's `conformance` command. */
export function registerConformanceRecord(program: Command): void {
  const conformance = program.commands.find((c) => c.name() === 'conformance');
  if (!conformance)
    throw new Error('registerConformanceRecord: the conformance command is not registered yet');
  // Options of `conformance` (--target, --accounts) would otherwise swallow the subcommand's own: both the
  // program and `conformance` stop reading their options at a subcommand's name.
  program.enablePositionalOptions();
  conformance.enablePositionalOptions();
  conformance
    .command('record')
    .description(
      'Run a recording proxy on 127.0.0.1 in front of a server and write its traffic as a scenario',
    )
    .requiredOption('-t, --target <url>', 'the server the proxy forwards to')
    .requiredOption('-o, --output <file>', 'the scenario file to write, e.g. scenarios/recorded.yaml')
    .option('-p, --port <port>', 'port on 127.0.0.1 (0 picks a free one)', parsePort, 9992)
    .option(
      '-a, --accounts <file>',
      'accounts of the target (any format `conformance --accounts` takes) to name actors by role; a svc-mock target is asked',
    )
    .option('--max-requests <n>', 'stop after this many exchanges', parseCount)
    .option('--duration <time>', 'stop after this long (90s, 10m, 1h)', parseTime)
    .option('--name <text>', 'the scenario name (default: target and time)')
    .addHelpText(
      'after',
      '\nRecords until Ctrl-C (SIGINT), SIGTERM, --max-requests or --duration, then writes the file once and exits 0.\n' +
        'Example:\n  svc-mock conformance record --target http://127.0.0.1:9991 --port 9992 -o scenarios/recorded.yaml\n',
    )
    .action(async (flags: RecordFlags) => {
      const stop = new AbortController();
      process.once('SIGINT', () => stop.abort());
      process.once('SIGTERM', () => stop.abort());
      process.exitCode = await runRecord(flags, {
        out: (t) => process.stdout.write(t),
        err: (t) => process.stderr.write(t),
        signal: stop.signal,
      });
    });
}
