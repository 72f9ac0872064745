/** Structural diff of two normalised transcripts: key order ignored, ids by kind and order, timestamps within a tolerance. */
import { matchById, type ListMatch } from './list-match.js';
import { IdRef, isPlainObject, Stamp, type NormalisedScenario, type NormalisedStep } from './normalise.js';

/** One difference: where (scenario, step, JSON pointer into the step document) and both sides' values. */
export interface DiffEntry {
  scenario: string;
  file: string;
  /** `steps[2] POST /messages`. */
  step: string;
  /** Into the step document: `/status`, `/body/...`, `/events/<n>/...`; empty for the whole step. */
  pointer: string;
  /** `changed`, or the side that has a value the other lacks. */
  kind: 'changed' | 'only-a' | 'only-b';
  a?: unknown;
  b?: unknown;
}

/** A difference before it is placed in a scenario and step. */
export type ValueDiff = Pick<DiffEntry, 'pointer' | 'kind' | 'a' | 'b'>;

/** Escapes one JSON pointer segment (RFC 6901). */
export const pointerSegment = (key: string | number): string =>
  String(key).replace(/~/g, '~0').replace(/\//g, '~1');

function leafEqual(a: unknown, b: unknown, tolerance: number): boolean {
  if (a instanceof IdRef || b instanceof IdRef)
    return a instanceof IdRef && b instanceof IdRef && a.kind === b.kind && a.ordinal === b.ordinal;
  if (a instanceof Stamp || b instanceof Stamp) {
    if (!(a instanceof Stamp && b instanceof Stamp)) return false;
    // The same moment (a fixed time a scenario sent), or the same distance from each side's start.
    if (Math.abs(a.seconds - b.seconds) <= tolerance) return true;
    return a.offset !== undefined && b.offset !== undefined && Math.abs(a.offset - b.offset) <= tolerance;
  }
  return Object.is(a, b) || a === b;
}

/** Keys of durations in seconds (a 429's retry-after, queue lifespans): equal within the time tolerance. */
const SECONDS_KEY = /^retry-after$|_secs$|_seconds$/;

/** Keys of measured times in milliseconds (the request log's `duration_ms`): two servers never take as long. */
const MEASURED_KEY = /_ms$/;

const sameDuration = (key: string, a: unknown, b: unknown, tolerance: number): boolean =>
  typeof a === 'number' &&
  typeof b === 'number' &&
  ((SECONDS_KEY.test(key) && Math.abs(a - b) <= tolerance) || MEASURED_KEY.test(key));

/** Fields of the request log (`GET /svc-mock/requests`) that hold excerpts: the first 1,000 characters, then `…`. */
const EXCERPT_KEY = /^(request|response)_body$|^query$/;

const ELLIPSIS = '…';

/**
 * Two request-log excerpts of the same text. Each side cuts at 1,000 characters of its own raw text, and the
 * times and durations inside (a logged answer of the request log itself) have no fixed length, so after
 * normalisation (`{time}`, `{ms}`) the cut falls a few characters apart. A cut excerpt stands for any text it
 * begins: equal when the longer begins with the shorter and the shorter was cut (a whole text that ends
 * where the other goes on differs).
 */
function sameExcerpt(key: string, a: unknown, b: unknown): boolean {
  if (!EXCERPT_KEY.test(key) || typeof a !== 'string' || typeof b !== 'string') return false;
  if (!a.endsWith(ELLIPSIS) && !b.endsWith(ELLIPSIS)) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.endsWith(ELLIPSIS) && long.startsWith(short.slice(0, -ELLIPSIS.length));
}

/**
 * Lists of objects with an id, element by element of the same id: one extra subscription is one difference,
 * not one per element after it. A changed order of the shared ids is one more difference, at the list.
 */
function compareMatched(
  a: readonly unknown[],
  b: readonly unknown[],
  match: ListMatch,
  tolerance: number,
  pointer: string,
): ValueDiff[] {
  const out: ValueDiff[] = [];
  if (match.order)
    out.push({
      pointer,
      kind: 'changed',
      a: `order by ${match.key}: ${match.order.a.join(', ')}`,
      b: `order by ${match.key}: ${match.order.b.join(', ')}`,
    });
  for (const pair of match.pairs) {
    if (pair.a === undefined) out.push({ pointer: `${pointer}/${pair.b}`, kind: 'only-b', b: b[pair.b!] });
    else if (pair.b === undefined)
      out.push({ pointer: `${pointer}/${pair.a}`, kind: 'only-a', a: a[pair.a] });
    else {
      const at = `${pointer}/${pair.a}`;
      const diffs = compareValues(a[pair.a], b[pair.b], tolerance, at);
      // Paired by the servers' own id: the id itself is the same, whatever its order of first appearance.
      const key = `${at}/${pointerSegment(match.key)}`;
      out.push(...(match.byValue ? diffs.filter((d) => d.pointer !== key) : diffs));
    }
  }
  return out;
}

/** Differences between two normalised values (tolerance in seconds for timestamps and durations). */
export function compareValues(a: unknown, b: unknown, tolerance: number, pointer = ''): ValueDiff[] {
  if (Array.isArray(a) && Array.isArray(b)) {
    const byId = matchById(a, b);
    if (byId) return compareMatched(a, b, byId, tolerance, pointer);
    const out: ValueDiff[] = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const at = `${pointer}/${i}`;
      if (i >= b.length) out.push({ pointer: at, kind: 'only-a', a: a[i] });
      else if (i >= a.length) out.push({ pointer: at, kind: 'only-b', b: b[i] });
      else out.push(...compareValues(a[i], b[i], tolerance, at));
    }
    return out;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const out: ValueDiff[] = [];
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const at = `${pointer}/${pointerSegment(key)}`;
      if (!(key in b)) out.push({ pointer: at, kind: 'only-a', a: a[key] });
      else if (!(key in a)) out.push({ pointer: at, kind: 'only-b', b: b[key] });
      else if (!sameDuration(key, a[key], b[key], tolerance) && !sameExcerpt(key, a[key], b[key]))
        out.push(...compareValues(a[key], b[key], tolerance, at));
    }
    return out;
  }
  return leafEqual(a, b, tolerance) ? [] : [{ pointer, kind: 'changed', a, b }];
}

/** A step's label in reports: its key and name. */
export const stepLabel = (step: NormalisedStep): string => `${step.key} ${step.name}`;

/** A step in one cell: skipped (with the reason), its status, or that it ran. */
const stepText = (s: NormalisedStep): string =>
  s.record.outcome === 'skipped'
    ? `skipped: ${s.record.skipReason ?? ''}`
    : s.doc.status !== undefined
      ? `status ${s.doc.status}`
      : 'ran';

/** Every difference between side A's and side B's normalised transcripts of one scenario. */
export function compareScenarios(
  a: NormalisedScenario,
  b: NormalisedScenario,
  tolerance: number,
): DiffEntry[] {
  const where = { scenario: a.result.name, file: a.result.file };
  // A scenario one side skips (no control API, another feature level) is not compared: reports list it.
  if (a.result.outcome === 'skipped' || b.result.outcome === 'skipped') return [];
  const entries: DiffEntry[] = [];
  const stepsB = new Map(b.steps.map((s) => [s.key, s]));
  for (const stepA of a.steps) {
    const stepB = stepsB.get(stepA.key);
    stepsB.delete(stepA.key);
    const step = stepLabel(stepA);
    if (!stepB) entries.push({ ...where, step, pointer: '', kind: 'only-a', a: stepText(stepA) });
    else if (stepA.doc.skipped !== stepB.doc.skipped)
      entries.push({ ...where, step, pointer: '', kind: 'changed', a: stepText(stepA), b: stepText(stepB) });
    else
      for (const d of compareValues(stepA.doc, stepB.doc, tolerance)) entries.push({ ...where, step, ...d });
  }
  for (const stepB of stepsB.values())
    entries.push({ ...where, step: stepLabel(stepB), pointer: '', kind: 'only-b', b: stepText(stepB) });
  return entries;
}
