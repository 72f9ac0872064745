/**
 * Normalises a scenario transcript for comparison with another server's: server-assigned ids renamed by kind
 * and order of first appearance, timestamps made relative to the scenario's start, the run id and the
 * actors' emails replaced by their placeholders.
 */
import type { ScenarioResult, StepRecord } from '../transcript.js';
import { renameTokens } from './tokens.js';
import { CONTAINER_KINDS, fieldIdKind, KEYED_KINDS, own, singular } from './id-kinds.js';

/** A server-assigned id, equal to another when both are the same kind's n-th id of their own run. */
export class IdRef {
  constructor(
    readonly kind: string,
    readonly ordinal: number,
    readonly raw: string | number,
  ) {}
  /** `message#3`: which id it is, the same on both sides. */
  get label(): string {
    return `${this.kind}#${this.ordinal}`;
  }
  /** `message#3=4711`: which id it is, and the server's value. */
  toJSON(): string {
    return `${this.label}=${this.raw}`;
  }
}

/** A timestamp: `offset` (seconds since the scenario started) when it is not older than the run. */
export class Stamp {
  constructor(
    readonly raw: number | string,
    readonly seconds: number,
    readonly offset: number | undefined,
  ) {}
  /** The value as the server sent it. */
  toJSON(): number | string {
    return this.raw;
  }
}

/** A step as diffs see it: HTTP status, body and received events (heartbeats aside), normalised. */
export interface StepDocument {
  skipped?: true;
  status?: number;
  body?: unknown;
  events?: unknown[];
}

/** One normalised step with the record it comes from. */
export interface NormalisedStep {
  /** `steps[2]` or `teardown[0]`. */
  key: string;
  name: string;
  record: StepRecord;
  doc: StepDocument;
}

/** A normalised scenario transcript. */
export interface NormalisedScenario {
  result: ScenarioResult;
  steps: NormalisedStep[];
}

/** What normalising one side's transcript needs to know about its run. */
export interface NormaliseContext {
  /** The `{run}` value of this side's run. */
  runId: string;
  /** When the scenario started on this side, by the server's clock where known (milliseconds since the epoch). */
  startedAt: number;
  /** Email of each actor on this side (replaced by `{actor.email}`). */
  emails?: Record<string, string>;
}

/** Timestamps up to this many seconds older than the scenario's start still count as made by the run. */
export const CLOCK_SLACK_SECONDS = 60;

const TIME_KEY =
  /(^|_)(timestamp|date|now|time|updated|created|modified)$|^date_|^invited$|^last_active|_at$/;
const UNIX_TIME_IN_TEXT = /\b1\d{9}(?:\.\d+)?\b/g;
// Times measured in milliseconds, inside JSON text (`"duration_ms":0.27`): compared like `*_ms` fields.
const MEASURED_IN_TEXT = /"(\w+_ms)":\d+(?:\.\d+)?/g;
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?$/;

/** Renames ids by kind and order of first appearance, for one side's run of one scenario. */
export class IdRenamer {
  private readonly kinds = new Map<string, Map<string | number, IdRef>>();
  /** Long string ids seen so far (queue ids), also replaced where they appear inside text. */
  readonly strings = new Map<string, IdRef>();
  private readonly numbers = new Map<number, IdRef[]>();

  /**
   * The id with this number; when several kinds share it, the one the preceding text names
   * ("channel id 13"), else undefined.
   */
  numbered(raw: number, before = ''): IdRef | undefined {
    const refs = this.numbers.get(raw) ?? [];
    if (refs.length <= 1) return refs[0];
    const word = /(\w+)\W*(?:id\W*)?$/i.exec(before)?.[1]?.toLowerCase();
    const hinted = refs.filter(
      (r) => word && (r.kind === word || (r.kind === 'stream' && word === 'channel')),
    );
    return hinted.length === 1 ? hinted[0] : undefined;
  }

  /** The IdRef of `raw` as an id of `kind`. */
  rename(kind: string, raw: string | number): IdRef {
    let seen = this.kinds.get(kind);
    if (!seen) this.kinds.set(kind, (seen = new Map()));
    let ref = seen.get(raw);
    if (!ref) {
      ref = new IdRef(kind, seen.size + 1, raw);
      seen.set(raw, ref);
      if (typeof raw === 'string' && raw.length >= 8) this.strings.set(raw, ref);
      if (typeof raw === 'number') this.numbers.set(raw, [...(this.numbers.get(raw) ?? []), ref]);
    }
    return ref;
  }
}

/** A plain JSON object (not an array, null, an IdRef or a Stamp). */
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** Walks a document, renaming ids and marking timestamps. */
class Walker {
  constructor(
    private readonly renamer: IdRenamer,
    private readonly ctx: NormaliseContext,
  ) {}

  private asId(kind: string, value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.asId(kind, v));
    if ((typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && value !== ''))
      return this.renamer.rename(kind, value);
    return this.walk(value, undefined);
  }

  /** A whole number of seconds from shortly before the scenario's start to a day after it. */
  private isRunTime(value: unknown): boolean {
    const start = this.ctx.startedAt / 1000;
    return (
      typeof value === 'number' &&
      Number.isInteger(value) &&
      value >= start - CLOCK_SLACK_SECONDS &&
      value <= start + 86_400
    );
  }

  private asTime(value: unknown): unknown {
    const seconds =
      typeof value === 'number'
        ? value > 1e11
          ? value / 1000
          : value
        : typeof value === 'string' && ISO_TIME.test(value)
          ? Date.parse(value) / 1000
          : undefined;
    if (seconds === undefined || Number.isNaN(seconds)) return this.walk(value, undefined);
    const start = this.ctx.startedAt / 1000;
    const fresh = seconds >= start - CLOCK_SLACK_SECONDS;
    return new Stamp(value as number | string, seconds, fresh ? seconds - start : undefined);
  }

  walk(value: unknown, container: string | undefined, topKind?: string): unknown {
    // A Unix time of the run inside a list (a muted topic's [channel, topic, time]) is a timestamp too.
    if (Array.isArray(value))
      return value.map((v) => (this.isRunTime(v) ? this.asTime(v) : this.walk(v, container)));
    if (typeof value === 'string') return ISO_TIME.test(value) ? this.asTime(value) : value;
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const kind = key === 'id' && topKind ? topKind : fieldIdKind(key, v, value, container);
      if (kind) out[key] = this.asId(kind, v);
      else if (TIME_KEY.test(key)) out[key] = this.asTime(v);
      else if (own(KEYED_KINDS, key) && isPlainObject(v)) {
        const keyed: Record<string, unknown> = {};
        for (const [k, inner] of Object.entries(v))
          keyed[this.renamer.rename(KEYED_KINDS[key]!, /^\d+$/.test(k) ? Number(k) : k).label] = this.walk(
            inner,
            key,
          );
        out[key] = keyed;
      } else out[key] = this.walk(v, key);
    }
    return out;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Rewrites every string of a document; `replace` also learns the key the string is under. */
function rewriteStrings(
  value: unknown,
  replace: (text: string, key?: string) => string,
  key?: string,
): unknown {
  if (typeof value === 'string') return replace(value, key);
  if (Array.isArray(value)) return value.map((v) => rewriteStrings(v, replace, key));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteStrings(v, replace, k)]));
}

/** The events of an await step with the ones its expectations matched first, in expected order. */
function orderedEvents(record: StepRecord): unknown[] {
  const { received, matched } = record.events!;
  const used = matched.filter((i) => i >= 0);
  return [...used.map((i) => received[i]), ...received.filter((_, i) => !used.includes(i))];
}

/** The step's document before normalisation. */
function rawDocument(record: StepRecord): StepDocument {
  if (record.outcome === 'skipped') return { skipped: true };
  const doc: StepDocument = {};
  if (record.response) {
    doc.status = record.response.status;
    doc.body = record.response.body;
  }
  if (record.events) doc.events = orderedEvents(record);
  return doc;
}

/** Kind of a top-level `id` in a response body: from the request path (`POST /messages` answers a message id). */
function topKindOf(record: StepRecord): string | undefined {
  const segment = record.request?.path.replace(/^\/api\/v1/, '').split('/')[1];
  return segment ? (own(CONTAINER_KINDS, segment) ?? singular(segment)) : undefined;
}

/** Normalises one side's transcript of a scenario; ids are renamed in step order, body before events. */
export function normaliseScenario(result: ScenarioResult, ctx: NormaliseContext): NormalisedScenario {
  const renamer = new IdRenamer();
  const walker = new Walker(renamer, ctx);
  const steps = result.steps.map((record) => {
    const raw = rawDocument(record);
    const doc: StepDocument = { ...raw };
    if ('body' in raw) doc.body = walker.walk(raw.body, undefined, topKindOf(record));
    if (raw.events) doc.events = walker.walk(raw.events, 'events') as unknown[];
    return { key: `${record.section}[${record.index}]`, name: record.name, record, doc };
  });
  // A run id too short to be unique (a hand-given one) would replace letters of ordinary words.
  const replacements: Array<[RegExp, string]> = [
    ...(ctx.runId.length >= 4
      ? [[new RegExp(escapeRegExp(ctx.runId), 'g'), '{run}'] as [RegExp, string]]
      : []),
    ...Object.entries(ctx.emails ?? {}).map(([actor, email]): [RegExp, string] => [
      new RegExp(escapeRegExp(email), 'gi'),
      `{${actor}.email}`,
    ]),
  ];
  const replace = (text: string, key?: string): string => {
    let out = text;
    for (const [pattern, placeholder] of replacements) out = out.replace(pattern, placeholder);
    for (const [raw, ref] of renamer.strings) out = out.split(raw).join(`{${ref.label}}`);
    out = renameTokens(out, (kind, token) => renamer.rename(kind, token).label);
    // Unix times written inside text (the request log's excerpts of answers): made during the run, they
    // differ between servers as the timestamps of fields do.
    out = out
      .replace(UNIX_TIME_IN_TEXT, (n) =>
        Number(n) >= ctx.startedAt / 1000 - CLOCK_SLACK_SECONDS ? '{time}' : n,
      )
      .replace(MEASURED_IN_TEXT, '"$1":{ms}');
    // Error messages name ids ("Not subscribed to channel id 13"); a number is renamed when one id has it.
    if (key === 'msg')
      out = out.replace(/\b\d+\b/g, (n, at: number, whole: string) => {
        const ref = renamer.numbered(Number(n), whole.slice(0, at));
        return ref ? `{${ref.label}}` : n;
      });
    return out;
  };
  for (const step of steps) step.doc = rewriteStrings(step.doc, replace) as StepDocument;
  return { result, steps };
}
