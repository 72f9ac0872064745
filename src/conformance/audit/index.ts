/** `--audit`: the state a run must not disturb, read before and after it, every difference a failure of the run. */
import type { AccountBook } from '../accounts.js';
import type { Alias } from '../alias.js';
import type { Target } from '../target.js';
import type { ScenarioResult } from '../transcript.js';
import { compareStates, type AuditDifference } from './compare.js';
import { accountsOf, readAuditState, type AuditState } from './read-state.js';

export { compareStates, type AuditDifference } from './compare.js';
export { readAuditState, type AuditState } from './read-state.js';

/** The step name of the audit's failures (the pseudo-scenario has no steps). */
export const AUDIT_STEP = 'audit';

/** Options of {@link startAudit}. */
export interface AuditOptions {
  runId: string;
  featureLevel: number;
  aliases?: readonly Alias[];
  now?: () => number;
  /**
   * The accounts file whose accounts the audit read (`--accounts`): the pseudo-scenario's file, so annotations
   * and reports point at something that exists. Without one the result has no file (`''`).
   */
  file?: string;
}

const show = (value: unknown): string => (value === undefined ? '(absent)' : JSON.stringify(value));

/** The pseudo-scenario "audit": passed with no difference, else one failure per difference. */
export function auditResult(
  differences: readonly AuditDifference[],
  options: AuditOptions & { durationMs: number; accounts: number },
): ScenarioResult {
  return {
    file: options.file ?? '',
    name: `audit: the server is left as the run found it (${options.accounts} accounts, realm, users, channels, groups, uploads)`,
    outcome: differences.length ? 'failed' : 'passed',
    runId: options.runId,
    featureLevel: options.featureLevel,
    steps: [],
    failures: differences.map((d) => ({
      kind: 'mismatch',
      message: `${d.path}: ${show(d.before)} → ${show(d.after)}`,
      path: d.path,
      expected: d.before,
      actual: d.after,
      step: AUDIT_STEP,
    })),
    durationMs: options.durationMs,
  };
}

/** Reads the state now; `finish()` reads it again and returns the pseudo-scenario with every difference. */
export async function startAudit(
  target: Target,
  book: AccountBook,
  options: AuditOptions,
): Promise<{ finish(): Promise<ScenarioResult> }> {
  const now = options.now ?? Date.now;
  const started = now();
  const accounts = accountsOf(book).length;
  // A read that fails at the transport (after the runner's retries) makes the audit fail with the cause, not the run crash.
  const read = () =>
    readAuditState(target, book, { aliases: options.aliases }).catch((error: Error) => error);
  const before = await read();
  const readMs = now() - started;
  return {
    async finish() {
      const t = now();
      const after = before instanceof Error ? before : await read();
      const timing = { ...options, accounts, durationMs: readMs + (now() - t) };
      if (after instanceof Error) {
        const result = auditResult([], timing);
        const when = before instanceof Error ? 'before' : 'after';
        result.outcome = 'failed';
        result.failures.push({
          kind: 'error',
          message: `could not read the state ${when} the run: ${after.message}`,
          step: AUDIT_STEP,
        });
        return result;
      }
      return auditResult(compareStates(before as AuditState, after, options.runId), timing);
    },
  };
}
