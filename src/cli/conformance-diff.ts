/** `svc-mock conformance diff`: the same scenarios on two servers, their normalised answers compared side by side. */
import { InvalidArgumentError, type Command } from 'commander';
import type { Alias } from '../conformance/alias.js';
import { DIFF_REPORTERS } from '../conformance/reporter-kinds.js';
import type { DiffOptions } from '../conformance/diff/run-diff.js';
import { parseAliasOption, parseLevel, reporterParser } from './conformance-options.js';

type Reporter = DiffOptions['reporters'][number];

const parseReporter = reporterParser(DIFF_REPORTERS);

function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds < 0)
    throw new InvalidArgumentError('Not a number of seconds.');
  return seconds;
}

type Flags = Omit<DiffOptions, 'files' | 'reporters' | 'aliases' | 'againstAliases'> & {
  alias: Alias[];
  againstAlias: Alias[];
  reporter?: Reporter[];
};

/** Adds `diff` under the program's `conformance` command (whose own options then stop at the subcommand name). */
export function registerConformanceDiff(program: Command): void {
  const conformance = program.commands.find((c) => c.name() === 'conformance');
  if (!conformance) throw new Error('registerConformanceDiff: the conformance command is not registered yet');
  // Without this, `conformance` would take --target and the other shared flags meant for `diff`.
  conformance.enablePositionalOptions();
  conformance
    .command('diff')
    .description('Run the same scenarios on two servers and diff their normalised responses and events')
    .argument('[files...]', 'scenario files or directories (default: scenarios/)')
    .option(
      '-t, --target <mock|url>',
      'side A: "mock" (in process) or a server URL (default: the site of --accounts, else mock)',
    )
    .option(
      '--against <mock|url>',
      'side B, the reference: a server URL, or "mock" for an in-process mock at A\'s feature level',
    )
    .option(
      '-a, --accounts <file>',
      "A's accounts (`svc-mock accounts --json` output, a YAML/JSON map or an [api] ini file)",
    )
    .option(
      '--against-accounts <file>',
      "B's accounts, in the same formats (a svc-mock server or mock needs none)",
    )
    .option('--feature-level <n>', "A's feature level (default: read from GET /server_settings)", parseLevel)
    .option(
      '--against-feature-level <n>',
      "B's feature level (default: read from the server; A's for --against mock)",
      parseLevel,
    )
    .option(
      '--alias <theirs=ours>',
      'A spells identifiers with another prefix, e.g. zulip=svc (repeatable)',
      parseAliasOption,
      [],
    )
    .option('--against-alias <theirs=ours>', 'the same for B (repeatable)', parseAliasOption, [])
    .option(
      '--ignore <file>',
      'YAML/JSON ignore rules: [{pointer: /messages/*/avatar_url | field: avatar_url, reason, scenario?, step?}]',
    )
    .option(
      '--learn-noise',
      "run B twice; fields that differ between B's own runs are volatile: listed, and left out of the diff",
    )
    .option('--time-tolerance <seconds>', 'timestamps this close are equal', parseSeconds, 5)
    .option(
      '-r, --reporter <kind[=file]>',
      'console (default), json=FILE, markdown=FILE or junit=FILE (repeatable)',
      parseReporter,
    )
    .option('-g, --grep <regex>', 'run only scenarios whose name, file or tag matches')
    .option('--read-only', 'run only scenarios with mutates: false')
    .addHelpText(
      'after',
      '\nIds are compared by kind and order of first appearance, timestamps within --time-tolerance, key order ignored.\n' +
        'Exit codes: 0 no differences, 1 differences, 2 usage, configuration, ignore-file or scenario-file error.\n' +
        'Examples:\n  svc-mock conformance diff --target http://127.0.0.1:9991 --against mock\n' +
        '  svc-mock conformance diff --target https://chat.example.com --accounts a.ini --against mock --learn-noise --ignore ignore.yaml\n',
    )
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2))
    .action(async (files: string[], flags: Flags) => {
      const { alias, againstAlias, reporter, ...rest } = flags;
      const reporters = reporter ?? [];
      if (!reporters.some((r) => r.kind === 'console')) reporters.unshift({ kind: 'console' });
      const interrupt = new AbortController();
      process.once('SIGINT', () => interrupt.abort());
      // Imported here: the differ's modules are not loaded for the CLI's other commands.
      const { runConformanceDiff } = await import('../conformance/diff/run-diff.js');
      process.exitCode = await runConformanceDiff(
        { ...rest, files, aliases: alias, againstAliases: againstAlias, reporters },
        {
          out: (t) => process.stdout.write(t),
          err: (t) => process.stderr.write(t),
          signal: interrupt.signal,
        },
      );
    });
}
