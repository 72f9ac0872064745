/** What a run records: per step the request, the response, the events, the captures and every check result. */
import type { ReceivedResponse, SentRequest } from './session.js';

/**
 * Kinds of failure, reported apart: `status` (another HTTP status than expected), `mismatch` (a valid answer
 * that differs from the expectation), `schema` (an answer that breaks the endpoint's or event's JSON Schema),
 * `content-type`, `ignored-parameters` (names something not sent), `missing-event`, `unexpected-event`,
 * `event-order`, `slow` (an answer slower than `--max-response-time`), and the infrastructure kinds: `error`
 * (a placeholder had no value, the scenario ran out of time, ...), `timeout` (no answer within `--timeout`) and
 * `network` (connection refused or reset, DNS, TLS: the message names the cause).
 */
export type FailureKind =
  | 'status'
  | 'mismatch'
  | 'schema'
  | 'content-type'
  | 'ignored-parameters'
  | 'missing-event'
  | 'unexpected-event'
  | 'event-order'
  | 'slow'
  | 'error'
  | 'timeout'
  | 'network';

/** Failure kinds that say the target could not be reached or answered, not that it answered wrongly. */
export type InfrastructureKind = 'error' | 'timeout' | 'network';

/** The infrastructure kinds (JUnit `<error>` rather than `<failure>`). */
export const INFRASTRUCTURE_KINDS: readonly InfrastructureKind[] = ['error', 'timeout', 'network'];

/** Whether a failure kind is an infrastructure failure rather than a wrong answer. */
export function isInfrastructureKind(kind: FailureKind): kind is InfrastructureKind {
  return kind === 'error' || kind === 'timeout' || kind === 'network';
}

/** One failed check. */
export interface Failure {
  kind: FailureKind;
  message: string;
  /** JSON pointer of the differing value, for mismatches. */
  path?: string;
  expected?: unknown;
  actual?: unknown;
}

/** Outcome of a step or a scenario. */
export type Outcome = 'passed' | 'failed' | 'skipped';

/** The events an `await_events` step saw on its queue. */
export interface EventsRecord {
  queue: string;
  /** Every non-heartbeat event read from the queue during the step (and left over from earlier steps). */
  received: unknown[];
  /** For each expected event, the index in `received` it matched, or -1. */
  matched: number[];
  polls: number;
}

/** One step of the transcript. */
export interface StepRecord {
  section: 'steps' | 'teardown';
  index: number;
  name: string;
  outcome: Outcome;
  skipReason?: string;
  request?: SentRequest;
  response?: ReceivedResponse;
  /** The extra GET /events polls and what they returned (await steps). */
  events?: EventsRecord;
  captures: Record<string, unknown>;
  failures: Failure[];
  /** Time of the step's request(s) in ms, retries and event polls included. */
  durationMs?: number;
  /** Attempts of the step's request, set when more than one (it was retried). */
  attempts?: number;
  /** A `curl` command reproducing the request, key as `$SVC_API_KEY` (failed steps; added by redactResult). */
  curl?: string;
}

/** A scenario's full result. */
export interface ScenarioResult {
  file: string;
  name: string;
  outcome: Outcome;
  skipReason?: string;
  runId: string;
  featureLevel: number;
  steps: StepRecord[];
  /** Failures of every step, with the step they come from. */
  failures: Array<Failure & { step: string }>;
  durationMs: number;
  /** Extra request attempts made in the scenario (retries), when any. */
  retries?: number;
  /** True when a step passed only after a retry. */
  flaky?: boolean;
}
