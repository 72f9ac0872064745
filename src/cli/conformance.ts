/** `svc-mock conformance`: replays scenario files against the mock or any server of the API. */
import type { Command } from 'commander';
import type { Alias } from '../conformance/alias.js';
import { FILE_OPTIONAL, REPORTERS } from '../conformance/reporter-kinds.js';
import type { ConformanceOptions } from '../conformance/run-conformance.js';
import { parseAliasOption, parseLevel, reporterParser } from './conformance-options.js';
import { registerConformanceDiff } from './conformance-diff.js';
import { registerConformanceRecord } from './conformance-record.js';
import { registerConformanceMerge } from './conformance-merge.js';
import {
  collectTag,
  countParser,
  parseBail,
  parseDuration,
  pipeSafeWriter,
} from './conformance-run-options.js';

type Reporter = ConformanceOptions['reporters'][number];

const parseReporter = reporterParser(REPORTERS, FILE_OPTIONAL);

/** Adds the `conformance` command to the program. */
export function registerConformance(program: Command): void {
  program
    .command('conformance')
    .description(
      'Replay scenario files against the mock or a server of the API, check every response, report',
    )
    .argument('[files...]', 'scenario files or directories (default: scenarios/)')
    .option(
      '-t, --target <mock|url>',
      'where to run: "mock" (in process, fresh dev realm per scenario) or the server URL',
      undefined,
    )
    .option(
      '-a, --accounts <file>',
      'accounts for the actors: `svc-mock accounts --json` output, a YAML/JSON {actor-or-role: {email, api_key}} map, or an [api] ini file (email, key, site)',
    )
    .option(
      '--feature-level <n>',
      "the target's feature level (default: svc_feature_level of GET /server_settings)",
      parseLevel,
    )
    .option(
      '--alias <theirs=ours>',
      'the target spells renamed identifiers with another prefix, e.g. zulip=svc (repeatable)',
      parseAliasOption,
      [],
    )
    .option('--read-only', 'run only scenarios with mutates: false')
    .option(
      '--audit',
      'read the state a run must not disturb (accounts, settings, users, channels, groups, realm) before and after the run; every difference fails the run (exit 1)',
    )
    .option('-g, --grep <regex>', 'run only scenarios whose name, file or tag matches')
    .option(
      '-r, --reporter <kind[=file]>',
      'console (default), junit=FILE, json=FILE, markdown=FILE, html=FILE (one self-contained page) or github ' +
        '(annotations on the failed steps, step summary appended to $GITHUB_STEP_SUMMARY, or github=FILE); repeatable. ' +
        'Keys, passwords and key-bearing URLs are redacted in every report',
      parseReporter,
    )
    .option('--run-id <id>', 'the {run} placeholder (default: random; names created on a server carry it)')
    .option('--list', 'list the selected scenarios and exit without running')
    .option('--exclude <regex>', 'leave out scenarios whose name, file or tag matches')
    .option(
      '--tag <tag>',
      "run only scenarios with this tag; '!tag' leaves them out (repeatable)",
      collectTag,
    )
    .option('--shard <K/N>', 'run the K-th of N parts of the selection (stable; merge the JSON reports)')
    .option(
      '-j, --jobs <n>',
      'scenarios run at once (a svc-mock server that makes realms: each job in a dev realm of its own; ' +
        'another URL: only those marked parallel, by default the read-only ones)',
      countParser(1),
    )
    .option(
      '--bail [n]',
      'stop after n failed scenarios (default 1); the rest are reported as skipped',
      parseBail,
    )
    .option(
      '--timeout <ms|Ns>',
      'time-out of each request: connect, headers and body (default: 30s)',
      parseDuration,
    )
    .option(
      '--scenario-timeout <ms|Ns>',
      "stop a scenario's steps after this long; its teardown still runs",
      parseDuration,
    )
    .option(
      '--retries <n>',
      'retry GET/HEAD requests (and steps marked retry: true) failing at the transport or with 502/503/504 (default: 0)',
      countParser(0),
    )
    .option('--max-response-time <ms|Ns>', 'a step answered slower fails (kind slow)', parseDuration)
    .option(
      '--against <mock>',
      "also compare every answer with the reference mock's answer to the same step (one mock with the same history; a fresh one per scenario beside --target mock): a changed value no expectation asserts fails as a mismatch",
    )
    .option('--ignore <file>', 'with --against: ignore rules, as `conformance diff --ignore` takes them')
    .addHelpText(
      'after',
      '\nExit codes: 0 all scenarios passed or were skipped, 1 a scenario failed, 2 usage, configuration or scenario-file error.\n' +
        'Examples:\n  svc-mock conformance --target mock --reporter junit=reports/conformance.xml\n' +
        '  svc-mock accounts --json > accounts.json && svc-mock conformance --target http://127.0.0.1:9991 --accounts accounts.json\n',
    )
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2))
    .action(
      async (
        files: string[],
        opts: Omit<ConformanceOptions, 'files' | 'reporters' | 'bail'> & {
          alias: Alias[];
          reporter?: Reporter[];
          tag?: string[];
          bail?: number | true;
          maxResponseTime?: number;
          timeout?: number;
          scenarioTimeout?: number;
        },
      ) => {
        const reporters = opts.reporter ?? [];
        if (!reporters.some((r) => r.kind === 'console')) reporters.unshift({ kind: 'console' });
        // The first Ctrl-C lets the current scenario's teardown clean the server; a second one quits at once.
        const interrupt = new AbortController();
        process.once('SIGINT', () => interrupt.abort());
        // Imported here: the runner's modules are not loaded for the CLI's other commands (serve starts sooner).
        const { runConformance } = await import('../conformance/run-conformance.js');
        const code = await runConformance(
          {
            ...opts,
            files,
            aliases: opts.alias,
            reporters,
            tags: opts.tag,
            bail: opts.bail === true ? 1 : opts.bail,
            timeoutMs: opts.timeout,
            scenarioTimeoutMs: opts.scenarioTimeout,
            maxResponseMs: opts.maxResponseTime,
          },
          {
            out: pipeSafeWriter(process.stdout),
            err: (t) => process.stderr.write(t),
            tty: process.stdout.isTTY === true && !process.env.CI,
            colour: process.stdout.isTTY === true && !process.env.NO_COLOR,
            signal: interrupt.signal,
          },
        );
        process.exitCode = code;
      },
    );
  registerConformanceDiff(program);
  registerConformanceRecord(program);
  registerConformanceMerge(program);
}
