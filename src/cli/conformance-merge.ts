/** `svc-mock conformance merge`: one report from the JSON reports of shards. */
import type { Command } from 'commander';
import { FILE_OPTIONAL, REPORTERS } from '../conformance/reporter-kinds.js';
import { reporterParser } from './conformance-options.js';

type Reporter = { kind: (typeof REPORTERS)[number]; file?: string };

/** Options of `conformance merge`. */
interface MergeFlags {
  output?: string;
  junit?: string;
  markdown?: string;
  reporter?: Reporter[];
}

/** Merges the reports and writes the outputs; resolves to the exit code (0 passed, 1 a failure, 2 bad input). */
export async function runMerge(
  files: readonly string[],
  flags: MergeFlags,
  io: { out(text: string): void; err(text: string): void },
): Promise<number> {
  // Imported on use, like the runner: the CLI's other commands do not load the reporters.
  const { mergeReports, readJsonReport, MergeError } = await import('../conformance/merge.js');
  const { writeReports } = await import('../conformance/reporters/write-reports.js');
  const { countResults } = await import('../conformance/report.js');
  try {
    const report = mergeReports(files.map(readJsonReport), files);
    const reporters: Reporter[] = [
      ...(flags.output ? [{ kind: 'json' as const, file: flags.output }] : []),
      ...(flags.junit ? [{ kind: 'junit' as const, file: flags.junit }] : []),
      ...(flags.markdown ? [{ kind: 'markdown' as const, file: flags.markdown }] : []),
      ...(flags.reporter ?? []),
    ];
    writeReports(report, reporters, { out: io.out });
    const counts = countResults(report.results);
    io.out(
      `merged ${files.length} reports: ${report.results.length} scenarios against ${report.target}: ` +
        `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
    return counts.failed ? 1 : 0;
  } catch (error) {
    if (!(error instanceof MergeError)) throw error;
    io.err(`svc-mock conformance merge: ${error.message}\n`);
    return 2;
  }
}

/** Adds `merge` under the program's `conformance` command. */
export function registerConformanceMerge(program: Command): void {
  const conformance = program.commands.find((c) => c.name() === 'conformance');
  if (!conformance)
    throw new Error('registerConformanceMerge: the conformance command is not registered yet');
  program.enablePositionalOptions();
  conformance.enablePositionalOptions();
  conformance
    .command('merge')
    .description('Merge the JSON reports of --shard runs into the report of one run, and render it again')
    .argument('<reports...>', 'JSON reports (--reporter json=FILE) of the shards')
    .option('-o, --output <file>', "the merged JSON report (same shape as one run's)")
    .option('--junit <file>', 'the merged JUnit report')
    .option('--markdown <file>', 'the merged Markdown report')
    .option(
      '-r, --reporter <kind=file>',
      'any other report of `conformance --reporter` (html=FILE, github...); repeatable',
      reporterParser(REPORTERS, FILE_OPTIONAL),
    )
    .addHelpText(
      'after',
      '\nExit codes: 0 no scenario failed, 1 a scenario failed, 2 a report cannot be read or merged.\n' +
        'Example:\n  svc-mock conformance --shard 1/2 -r json=shard1.json; svc-mock conformance --shard 2/2 -r json=shard2.json\n' +
        '  svc-mock conformance merge -o conformance.json --junit conformance.xml shard1.json shard2.json\n',
    )
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2))
    .action(async (files: string[], flags: MergeFlags) => {
      process.exitCode = await runMerge(files, flags, {
        out: (t) => process.stdout.write(t),
        err: (t) => process.stderr.write(t),
      });
    });
}
