/**
 * The message fields outside the columns (reactions, edit history, unread_by, starred_by, edit and move times)
 * as one list of numbers, a "tape": JSON.parse of a million messages' lists of small objects was most of the
 * time a prepared form took to read. Strings go to the form's string table; a value of any other shape is kept
 * as JSON beside the tape.
 *
 * Per message with such fields: [message position, field count, then per field: key (string index), kind, ...].
 */

/** Kinds of values on the tape. */
const KIND = {
  number: 0,
  string: 1,
  true: 2,
  false: 3,
  null: 4,
  /** An empty list: decoded as one shared frozen list (the loader copies nothing it keeps from it). */
  empty: 5,
  /** A list of numbers: count, numbers. */
  numbers: 6,
  /** A list of flat objects: count, then per object: key count, then per key: key, kind, value. */
  objects: 7,
  /** Anything else: index into the JSON list beside the tape. */
  json: 8,
} as const;

const EMPTY = Object.freeze([]) as unknown as unknown[];

const isPrimitive = (v: unknown): v is string | number | boolean | null =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

const isFlat = (v: unknown): v is Record<string, string | number | boolean | null> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every(isPrimitive);

/** Writes message fields to a tape. */
export class TapeWriter {
  readonly tape: number[] = [];
  readonly json: unknown[] = [];

  constructor(private readonly intern: (text: string) => number) {}

  private primitive(value: string | number | boolean | null): void {
    const { tape } = this;
    if (typeof value === 'number') tape.push(KIND.number, value);
    else if (typeof value === 'string') tape.push(KIND.string, this.intern(value));
    else if (value === null) tape.push(KIND.null);
    else tape.push(value ? KIND.true : KIND.false);
  }

  /** Writes one message's fields (none: nothing written). */
  message(position: number, fields: Record<string, unknown>): void {
    const keys = Object.keys(fields);
    if (!keys.length) return;
    const { tape } = this;
    tape.push(position, keys.length);
    for (const key of keys) {
      tape.push(this.intern(key));
      const value = fields[key];
      if (isPrimitive(value)) this.primitive(value);
      else if (Array.isArray(value) && value.length === 0) tape.push(KIND.empty);
      else if (Array.isArray(value) && value.every((v) => typeof v === 'number')) {
        tape.push(KIND.numbers, value.length);
        for (const v of value) tape.push(v);
      } else if (Array.isArray(value) && value.every(isFlat)) {
        tape.push(KIND.objects, value.length);
        for (const item of value) {
          const itemKeys = Object.keys(item);
          tape.push(itemKeys.length);
          for (const k of itemKeys) {
            tape.push(this.intern(k));
            this.primitive(item[k]!);
          }
        }
      } else tape.push(KIND.json, this.json.push(value) - 1);
    }
  }
}

/** Reads a tape back, message by message in the order written. */
export class TapeReader {
  private at = 0;

  constructor(
    private readonly tape: Float64Array,
    private readonly strings: readonly string[],
    private readonly json: readonly unknown[],
  ) {}

  /** Position of the next message with fields, or -1 at the end. */
  next(): number {
    return this.at < this.tape.length ? this.tape[this.at]! : -1;
  }

  private primitive(kind: number): unknown {
    const { tape } = this;
    switch (kind) {
      case KIND.number:
        return tape[this.at++];
      case KIND.string:
        return this.strings[tape[this.at++]!];
      case KIND.true:
        return true;
      case KIND.false:
        return false;
      case KIND.null:
        return null;
      default:
        throw new RangeError(`unknown kind ${kind} on the tape`);
    }
  }

  /** Sets the next message's fields on `target` (the message at next()). */
  read(target: Record<string, unknown>): void {
    const { tape, strings } = this;
    this.at++;
    const count = tape[this.at++]!;
    for (let f = 0; f < count; f++) {
      const key = strings[tape[this.at++]!]!;
      const kind = tape[this.at++]!;
      if (kind === KIND.empty) target[key] = EMPTY;
      else if (kind === KIND.numbers) {
        const n = tape[this.at++]!;
        target[key] = Array.from(tape.subarray(this.at, this.at + n));
        this.at += n;
      } else if (kind === KIND.objects) {
        const n = tape[this.at++]!;
        const list = new Array<Record<string, unknown>>(n);
        for (let i = 0; i < n; i++) {
          const keys = tape[this.at++]!;
          const item: Record<string, unknown> = {};
          for (let k = 0; k < keys; k++) {
            const name = strings[tape[this.at++]!]!;
            item[name] = this.primitive(tape[this.at++]!);
          }
          list[i] = item;
        }
        target[key] = list;
      } else if (kind === KIND.json) target[key] = this.json[tape[this.at++]!];
      else target[key] = this.primitive(kind);
    }
  }
}
