/** `svc-mock realm generate` and the realm behind `serve --generate`: generated realms from the command line. */
import { writeFileSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
// Only the light option parsers load eagerly: faker (in generateRealm) would slow every other command's start.
import {
  GenerateOptionsError,
  parseCount,
  parseGenerateSpec,
  parseStart,
  type GenerateOptions,
  type GenerateProgress,
} from '../fixtures/generate/options.js';
import type { CompleteRealmFixture } from '../store/realm-fixture.js';

const BAR_WIDTH = 30;

/** A progress printer for stderr: a redrawn bar on a terminal, nothing otherwise (logs stay clean). */
export function progressBar(
  stream: NodeJS.WriteStream = process.stderr,
): ((p: GenerateProgress) => void) | undefined {
  if (!stream.isTTY) return undefined;
  return (p) => {
    if (p.phase === 'done') return void stream.write('\r\x1b[K');
    const ratio = p.total ? Math.min(1, p.done / p.total) : 0;
    const filled = Math.round(ratio * BAR_WIDTH);
    stream.write(
      `\r\x1b[K[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${p.phase} ${p.done}/${p.total}`,
    );
  };
}

/** Prints a usage error and exits with code 2, as every bad option value does. */
function usage(message: string): never {
  console.error(`error: ${message}`);
  process.exit(2);
}

/** The realm of `serve --generate users=…,messages=…,seed=…`; a bad spec exits with code 2 and the reason. */
export async function generateFromSpec(spec: string): Promise<CompleteRealmFixture> {
  let options: GenerateOptions;
  try {
    options = parseGenerateSpec(spec);
  } catch (error) {
    if (error instanceof GenerateOptionsError) usage(`--generate: ${error.message}`);
    throw error;
  }
  const { generateRealm } = await import('../fixtures/generate/index.js');
  return generateRealm({ ...options, onProgress: progressBar() });
}

function countOption(key: 'users' | 'channels' | 'messages' | 'seed') {
  return (value: string): number => {
    try {
      return parseCount(key, value);
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };
}

function startOption(value: string): number {
  try {
    return parseStart(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

interface GenerateFlags {
  users?: number;
  channels?: number;
  messages?: number;
  seed?: number;
  start?: number;
  output?: string;
  pretty?: boolean;
  prepared?: boolean;
}

/** Writes FILE.prepared for a realm file and says so on standard error (exits 1 for a bad realm). */
async function prepare(file: string): Promise<void> {
  const started = performance.now();
  const { writePreparedForm, preparedFormPath } = await import('./prepared-form.js');
  const { RealmLoadError } = await import('../store/load-realm.js');
  try {
    const size = writePreparedForm(file);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.error(`Wrote ${preparedFormPath(file)} (${(size / 1e6).toFixed(1)} MB) in ${seconds} s`);
  } catch (error) {
    if (!(error instanceof RealmLoadError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Adds the `realm` command (`realm generate`) to the program. */
export function registerRealm(program: Command): void {
  const realm = program.command('realm').description('Work with realm fixtures');
  realm
    .command('generate')
    .description('Generate a realistic realm fixture, the same bytes for the same options and seed')
    .option('--users <n>', 'human accounts (bots come on top)', countOption('users'))
    .option('--channels <n>', 'channels', countOption('channels'))
    .option('--messages <n>', 'messages', countOption('messages'))
    .option('--seed <n>', 'seed of every random choice', countOption('seed'))
    .option(
      '--start <ISO|unix>',
      'when the organization was created (default 2025-01-01T00:00:00Z)',
      startOption,
    )
    .option('-o, --output <file>', 'write the fixture here (default: standard output)')
    .option('--pretty', 'indent the JSON (2 spaces)')
    .option('--prepared', 'also write the prepared form FILE.prepared beside -o FILE (see realm prepare)')
    .addHelpText(
      'after',
      '\nExit codes: 0 written, 2 bad option value.\nExample:\n  svc-mock realm generate --users 1000 --channels 200 --messages 100000 --seed 42 -o big.json\n  svc-mock serve --realm big.json\n',
    )
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2))
    .action(async (flags: GenerateFlags) => {
      const { output, pretty, prepared, ...options } = flags;
      if (prepared && !output) {
        console.error('error: --prepared writes beside the fixture: give -o FILE');
        process.exit(2);
      }
      const started = performance.now();
      const { generateRealm } = await import('../fixtures/generate/index.js');
      const fixture = generateRealm({ ...options, onProgress: progressBar() });
      const text = `${JSON.stringify(fixture, null, pretty ? 2 : undefined)}\n`;
      if (!output) return void process.stdout.write(text);
      writeFileSync(output, text);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.error(
        `Wrote ${output}: ${fixture.users.length} users, ${fixture.channels.length} channels, ${fixture.messages.length} messages (${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB) in ${seconds} s`,
      );
      if (prepared) await prepare(output);
    });
  realm
    .command('prepare')
    .description(
      'Write FILE.prepared, the realm loaded once (validated, rendered, indexed) in a binary form that serve --realm FILE reads instead while FILE and svc-mock stay the same',
    )
    .argument('<file>', 'realm fixture JSON')
    .addHelpText(
      'after',
      '\nExit codes: 0 written, 1 invalid realm.\nFor realms of 100,000 messages or more: serve --realm big.json then starts in seconds.\n',
    )
    .action(prepare);
}
