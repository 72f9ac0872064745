/** What a run records: per step the request, the response, the events, the captures and every check result. */
import type { ReceivedResponse, SentRequest } from './session.js';

/**
 * Kinds of failure, reported apart: `status` (another HTTP status than expected), `mismatch` (a valid answer
 * that differs from the expectation), `schema` (an answer that breaks the endpoint's or event's JSON Schema),
 * `content-type`, `ignored-parameters` (names something not sent), `missing-event`, `unexpected-event`,
 * `event-order`, and `error` (the target could not be reached, a placeholder had no value, ...).
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
  | 'error';

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
}
