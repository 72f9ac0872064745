/** Options of the soak run (`npm run soak -- --duration 45 --queues 1000 --users 50 --seed 1`). */

/** How big and how long a soak run is. */
export interface SoakOptions {
  /** Seconds of traffic (the drain and the checks come on top). */
  durationSec: number;
  /** Event queues, spread evenly over the users. */
  queues: number;
  /** Users with queues; every two of them share one sending client. */
  users: number;
  /** Seed of the generated realm and of every client's choices. */
  seed: number;
}

/** The default run: 1,000 queues over 50 users (20 each, under the limit of 100), 45 s (about 2 minutes in all on a loaded 2-core machine). */
export const SOAK_DEFAULTS: SoakOptions = { durationSec: 45, queues: 1000, users: 50, seed: 1 };

/** The server's limit of event queues per user. */
const MAX_QUEUES_PER_USER = 100;

const FLAGS: Record<string, keyof SoakOptions> = {
  '--duration': 'durationSec',
  '--queues': 'queues',
  '--users': 'users',
  '--seed': 'seed',
};

/** Parses `--duration N --queues N --users N --seed N`; throws with a readable message on a bad value. */
export function parseSoakArgs(argv: readonly string[]): SoakOptions {
  const options = { ...SOAK_DEFAULTS };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const key = FLAGS[flag];
    if (!key) throw new Error(`unknown option ${flag} (expected ${Object.keys(FLAGS).join(', ')})`);
    const raw = inline ?? argv[++i];
    const value = Number(raw);
    if (raw === undefined || !Number.isFinite(value) || value < 0)
      throw new Error(`${flag} needs a non-negative number`);
    options[key] = key === 'durationSec' ? value : Math.floor(value);
  }
  checkSoakOptions(options);
  return options;
}

/** Refuses sizes the server's limits or the clients' pairing cannot take. */
export function checkSoakOptions(options: SoakOptions): void {
  if (options.users < 2)
    throw new Error('--users must be at least 2 (clients send direct messages in pairs)');
  if (options.queues < options.users) throw new Error('--queues must be at least --users (one per user)');
  if (Math.ceil(options.queues / options.users) > MAX_QUEUES_PER_USER)
    throw new Error(`--queues / --users must stay within ${MAX_QUEUES_PER_USER} queues per user`);
}
