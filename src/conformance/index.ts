/** The conformance engine's public surface, for the CLI and for other run modes (diff, record). */
export {
  accountsFromList,
  parseAccounts,
  resolveActors,
  type Account,
  type AccountBook,
  type Role,
} from './accounts.js';
export { aliasIncoming, aliasOutgoing, parseAlias, type Alias } from './alias.js';
export { checkEvent, checkResponse, routeOf } from './checks.js';
export {
  computeCoverage,
  coverageFigures,
  coverageSummary,
  type Coverage,
  type CoverageOptions,
} from './coverage.js';
export { createHttpTarget, fetchMockAccounts } from './http-target.js';
export {
  loadScenarioFile,
  loadScenarios,
  parseScenario,
  ScenarioFileError,
  type LoadedScenario,
} from './loader.js';
export { matchValue, type Mismatch } from './matchers.js';
export { createMockTarget, devRealmAccounts } from './mock-target.js';
export { countResults, formatFailure, formatFailures, type RunReport } from './report.js';
export { isSecretField, redactRecording, redactResult, redactText, SecretSet, secretsFor } from './redact.js';
export { curlCommand } from './reporters/curl.js';
export { renderGithubAnnotations, renderGithubSummary } from './reporters/github.js';
export { renderHtml } from './reporters/html.js';
export { explainSchema } from './schema-explain.js';
export { createTarget, runConformance, selectScenarios, UsageError } from './run-conformance.js';
export { readFeatureLevel, runScenario, runScenarios, type RunOptions } from './runner.js';
export {
  encodeParam,
  fullPath,
  send,
  type FetchLike,
  type ReceivedResponse,
  type SentRequest,
} from './session.js';
export { alterTarget, type Feature, type Target, type TargetSession } from './target.js';
export { placeholdersIn, readPointer, substitute } from './template.js';
export type {
  EventsRecord,
  Failure,
  FailureKind,
  Outcome,
  ScenarioResult,
  StepRecord,
} from './transcript.js';
export { compareScenarios, compareValues, type DiffEntry } from './diff/compare.js';
export {
  IgnoreFileError,
  IgnoreSet,
  loadIgnoreFile,
  parseIgnoreRules,
  type IgnoreRule,
} from './diff/ignore.js';
export { dropVolatile, learnNoise, type VolatileField } from './diff/noise.js';
export { IdRef, normaliseScenario, Stamp, type NormalisedScenario } from './diff/normalise.js';
export type { DiffReport, ScenarioDiff } from './diff/report.js';
export { runConformanceDiff, type DiffIo, type DiffOptions } from './diff/run-diff.js';
export type { Credentials, RecordedExchange } from './record/exchange.js';
export { resolvePeople, type Person } from './record/people.js';
export { startRecordingProxy, type RecordingProxy, type RecordingProxyOptions } from './record/proxy.js';
export {
  NothingRecordedError,
  startRecording,
  type Recording,
  type RecordingOptions,
  type RecordingResult,
} from './record/record-session.js';
export { toScenario, type RecordedScenario, type ToScenarioOptions } from './record/to-scenario.js';
export { renderScenario, writeScenario } from './record/write-scenario.js';
