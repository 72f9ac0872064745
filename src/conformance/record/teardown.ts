/**
 * Clean-up recorded as steps goes into `teardown`, which runs even after a failed step, so that a replay that
 * fails leaves no objects behind: deletes of what the recording created (no later step names it), and the
 * writes at the end of the recording that set back what an earlier write changed.
 */
import type { ScenarioStep } from '../../generated/types.js';

/** The steps of a recording split into the scenario's steps and its teardown. */
export interface SplitSteps {
  steps: ScenarioStep[];
  teardown: ScenarioStep[];
}

const PLACEHOLDER = /\{([A-Za-z_][\w]*)(?:\.queue_id)?\}/g;

/** What a step sends: its request line and parameters, as text. */
const sent = (step: ScenarioStep): string => `${step.request ?? ''} ${JSON.stringify(step.params ?? {})}`;

/** Whether a step succeeded in the recording (only those clean up). */
const succeeded = (step: ScenarioStep): boolean => {
  const status = step.expect?.status;
  return typeof status === 'number' && status < 300;
};

/** Captures (and queues) the recording made that a DELETE step names: `DELETE /messages/{msg1}`. */
function deletedObjects(step: ScenarioStep, made: ReadonlySet<string>): string[] {
  if (!step.request?.startsWith('DELETE ') || !succeeded(step)) return [];
  const names = [...sent(step).matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((n) => made.has(n));
  const runNamed = sent(step).includes(' {run}');
  return names.length ? names : runNamed ? ['{run}'] : [];
}

/** Settings writes (PATCH, POST .../properties) that succeeded: request line and parameter names. */
const writeKey = (step: ScenarioStep): string | undefined =>
  step.request &&
  (step.request.startsWith('PATCH ') || /^POST \S+\/properties$/.test(step.request)) &&
  succeeded(step)
    ? `${step.request} ${Object.keys(step.params ?? {})
        .sort()
        .join(',')}`
    : undefined;

/** Splits recorded steps: clean-up into teardown, in recorded order. */
export function splitTeardown(all: readonly ScenarioStep[]): SplitSteps {
  const made = new Set<string>();
  for (const step of all) {
    for (const name of Object.keys(step.capture ?? {})) made.add(name);
    if (step.register && step.queue) made.add(step.queue);
  }
  const cleanUp = new Set<number>();
  all.forEach((step, i) => {
    const objects = deletedObjects(step, made);
    if (!objects.length) return;
    // A later step that still names the object (a read that sees it gone) keeps the delete among the steps.
    const later = all.slice(i + 1).map((s) => JSON.stringify(s));
    const token = (name: string): string => (name === '{run}' ? sent(step) : `{${name}`);
    if (!later.some((text) => objects.some((name) => text.includes(token(name))))) cleanUp.add(i);
  });
  // Writes at the end that repeat an earlier write of the same request and parameters set the state back.
  for (let i = all.length - 1; i > 0; i--) {
    if (cleanUp.has(i)) continue;
    const key = writeKey(all[i]!);
    const earlier = key ? all.slice(0, i).findLast((s) => writeKey(s) === key) : undefined;
    // The same values again are a repeat, not a setting back.
    if (!earlier || JSON.stringify(earlier.params) === JSON.stringify(all[i]!.params)) break;
    cleanUp.add(i);
  }
  const steps = all.filter((_, i) => !cleanUp.has(i));
  // A scenario needs a step: a recording made only of clean-up keeps its first one.
  if (steps.length === 0 && all.length) {
    cleanUp.delete(0);
    steps.push(all[0]!);
  }
  return { steps, teardown: all.filter((_, i) => cleanUp.has(i)) };
}
