/** The `serve` flags of latency, injected failures and rate limits, turned into a Traffic. */
import { InvalidArgumentError, type Command } from 'commander';
import {
  createTraffic,
  parseFailKinds,
  parseFailRate,
  parseLatency,
  parseRateRule,
  DEFAULT_USER_RATE,
  type Traffic,
  type TrafficPatch,
} from '../api/traffic/index.js';

/** The parsed traffic flags of `serve`. */
export interface TrafficFlags {
  latency?: string;
  failRate?: string;
  failKinds?: string;
  rateLimit?: string;
  seed?: number;
}

/** Runs a settings parser, reporting its message the way commander reports bad flag values. */
function checked<T>(parse: (value: string) => T): (value: string) => string {
  return (value) => {
    try {
      parse(value);
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
    return value;
  };
}

function parseSeed(value: string): number {
  const seed = Number(value);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new InvalidArgumentError('Not a seed (an integer from 0 to 4294967295).');
  return seed;
}

/** Adds --latency, --fail-rate, --fail-kinds, --rate-limit and --seed to a command. */
export function addTrafficOptions(command: Command): Command {
  return command
    .option(
      '--latency <ms>',
      'delay every API request by a seeded draw, e.g. 50..300 (ms)',
      checked(parseLatency),
    )
    .option(
      '--fail-rate <fraction>',
      'fail this seeded fraction of API requests, e.g. 0.01',
      checked(parseFailRate),
    )
    .option(
      '--fail-kinds <kinds>',
      'how failures look: 500,502,503,504,drop (default 500)',
      checked(parseFailKinds),
    )
    .option(
      '--rate-limit <rule>',
      "per-user rate limit like the real server's, e.g. 200/60s (unauthenticated: 100/60s per address)",
      checked((v) => parseRateRule(v, DEFAULT_USER_RATE)),
    )
    .option('--seed <n>', 'seed of latency and failure draws (and of generated ids)', parseSeed);
}

/**
 * The served mock's Traffic, with the flags' settings. There is always one, so `PUT /svc-mock/faults` can turn
 * faults on later; with nothing set it costs a request one early-returning check.
 */
export function trafficFromFlags(flags: TrafficFlags): Traffic {
  const settings: TrafficPatch = {};
  if (flags.latency !== undefined) settings.latency = flags.latency;
  if (flags.failRate !== undefined) settings.failRate = flags.failRate;
  if (flags.failKinds !== undefined) settings.failKinds = flags.failKinds;
  if (flags.rateLimit !== undefined) settings.rateLimit = flags.rateLimit;
  return createTraffic({ seed: flags.seed, settings });
}

/** One line describing the active settings, for the server's start-up banner. */
export function describeTraffic(traffic: Traffic): string {
  const s = traffic.get();
  const parts: string[] = [];
  if (s.latency) parts.push(`latency ${s.latency.min}..${s.latency.max} ms`);
  if (s.failRate) parts.push(`fail rate ${s.failRate} (${(s.failKinds ?? ['500']).join(', ')})`);
  if (s.rateLimit) parts.push(`rate limit ${s.rateLimit.limit}/${s.rateLimit.windowSeconds}s per user`);
  return parts.length
    ? `Traffic: ${parts.join('; ')}`
    : 'Traffic: none yet (set it with PUT /svc-mock/faults)';
}
