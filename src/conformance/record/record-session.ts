/** A recording session: the proxy, then at stop the people, the scenario and the file. */
import type { Scenario } from '../../generated/types.js';
import type { AccountBook } from '../accounts.js';
import { createHttpTarget, fetchMockAccounts } from '../http-target.js';
import { redactRecording, redactText } from '../redact.js';
import type { Credentials } from './exchange.js';
import { resolvePeople } from './people.js';
import { startRecordingProxy, type RecordingProxy } from './proxy.js';
import { toScenario } from './to-scenario.js';
import { writeScenario } from './write-scenario.js';

/** Options of {@link startRecording}. */
export interface RecordingOptions {
  target: string;
  /** Where the scenario is written at stop. */
  output: string;
  port?: number;
  /** Accounts of the target; without them a svc-mock target is asked (GET /svc-mock/accounts). */
  accounts?: AccountBook;
  /** Stop by itself after this many exchanges. */
  maxRequests?: number;
  /** Stop by itself after this many milliseconds. */
  durationMs?: number;
  name?: string;
  /** Wall clock in milliseconds (default Date.now). */
  now?: () => number;
}

/** What a stopped session wrote. */
export interface RecordingResult {
  file: string;
  scenario: Scenario;
  text: string;
  exchanges: number;
  warnings: string[];
}

/** A running session. */
export interface Recording {
  proxy: RecordingProxy;
  /** Where the accounts came from: the file, the svc-mock target, or none. */
  accountsSource: 'file' | 'target' | 'none';
  /** Settles when --max-requests or --duration is reached. */
  limitReached: Promise<void>;
  /** Stops the proxy and writes the scenario (once; later calls return the same result). */
  stop(): Promise<RecordingResult>;
}

/** Thrown when nothing was recorded that makes a step. */
export class NothingRecordedError extends Error {}

/**
 * Starts a recording proxy in front of `target`; `stop()` writes the scenario to `output`.
 * @example
 * const recording = await startRecording({ target: 'http://127.0.0.1:9991', output: 'scenarios/recorded.yaml' });
 */
export async function startRecording(options: RecordingOptions): Promise<Recording> {
  const now = options.now ?? Date.now;
  const startedAt = new Date(now());
  let book = options.accounts;
  let accountsSource: Recording['accountsSource'] = book ? 'file' : 'none';
  if (!book) {
    const probe = createHttpTarget(options.target);
    book = await fetchMockAccounts(probe).finally(() => probe.close());
    if (book) accountsSource = 'target';
  }
  let reach: () => void = () => {};
  const limitReached = new Promise<void>((resolve) => (reach = resolve));
  const timer = options.durationMs === undefined ? undefined : setTimeout(() => reach(), options.durationMs);
  const proxy = await startRecordingProxy({
    target: options.target,
    port: options.port,
    now,
    onExchange: (_x, count) => {
      if (options.maxRequests !== undefined && count >= options.maxRequests) reach();
    },
  });
  let result: Promise<RecordingResult> | undefined;
  const finish = async (): Promise<RecordingResult> => {
    clearTimeout(timer);
    await proxy.close();
    const identities = new Map<string, Credentials>();
    for (const x of proxy.exchanges)
      if (x.credentials && !identities.has(x.credentials.email.toLowerCase()))
        identities.set(x.credentials.email.toLowerCase(), x.credentials);
    const target = createHttpTarget(proxy.target);
    const { people, warnings } = await resolvePeople([...identities.values()], book, target).finally(() =>
      target.close(),
    );
    const bookKeys = book
      ? [...Object.values(book.byRole).flat(), ...Object.values(book.byActor), book.fallback].map(
          (a) => a?.api_key ?? '',
        )
      : [];
    const recorded = toScenario(proxy.exchanges, people, {
      target: proxy.target,
      recordedAt: startedAt,
      apiKeys: [...bookKeys, ...[...identities.values()].map((c) => c.apiKey)],
      name: options.name,
    });
    if (recorded.scenario.steps.length === 0)
      throw new NothingRecordedError(`nothing to write: ${proxy.exchanges.length} exchanges made no step`);
    const header = ` Recorded by \`svc-mock conformance record --target ${proxy.target}\`; replay with svc-mock conformance.`;
    // Secrets never reach the file: what the recorder kept of keys and key-bearing URLs is redacted here.
    const scenario = redactRecording(recorded.scenario, {
      book,
      keys: [...identities.values()].map((c) => c.apiKey),
      exchanges: proxy.exchanges,
    });
    const text = writeScenario(options.output, scenario, header);
    return {
      file: options.output,
      scenario,
      text,
      exchanges: proxy.exchanges.length,
      warnings: [...warnings, ...recorded.warnings].map(redactText),
    };
  };
  return {
    proxy,
    accountsSource,
    limitReached,
    stop: () => (result ??= finish()),
  };
}
