/** JSON made once and spliced into answers as is: serialisations that many answers repeat. */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The total length of UTF-8 pieces. */
export function byteLength(pieces: readonly Uint8Array[]): number {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  return length;
}

/** Copies UTF-8 pieces into `out`, which has room for all of them. */
export function joinInto(pieces: readonly Uint8Array[], out: Uint8Array): void {
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
}

// Envelope heads and tails repeat (the plain success envelope above all): encoded once each, a few kept.
const MAX_ENCODED = 64;
const encoded = new Map<string, Uint8Array>();

/** The UTF-8 bytes of a short, often repeated text (kept: never write to them). */
export function encodeShort(text: string): Uint8Array {
  let bytes = encoded.get(text);
  if (bytes === undefined) {
    if (encoded.size >= MAX_ENCODED) encoded.clear();
    encoded.set(text, (bytes = encoder.encode(text)));
  }
  return bytes;
}

/** Longest text whose start JsonText.head gives as a view of its bytes (a longer one's is copied). */
const VIEW_LIMIT = 64 * 1024;

/**
 * A value already serialised as JSON; an answer's text takes its `json` in place of the value. It is held as a
 * string, as UTF-8 bytes, or as UTF-8 pieces (cached fragments of a page) joined once when first read; each
 * form is made from another at most once, so a cached text is encoded once for every answer that sends it.
 */
export class JsonText {
  /** This text (handler fields) inside the plain success envelope, once an answer has needed it. */
  success?: JsonText;
  private text: string | undefined;
  private utf8: Uint8Array | undefined;
  private pieces: readonly Uint8Array[] | undefined;
  /** Whether `wire` has given out the pieces once. */
  private sent = false;

  /** `json` is the text, or its UTF-8 bytes in pieces (kept as they are: not copied until read). */
  constructor(json: string | readonly Uint8Array[]) {
    if (typeof json === 'string') this.text = json;
    else this.pieces = json;
  }

  /** The JSON as a string. */
  get json(): string {
    return (this.text ??= decoder.decode(this.bytes));
  }

  /** The JSON as UTF-8 bytes (one array, kept: made once). */
  get bytes(): Uint8Array {
    if (this.utf8 === undefined) {
      if (this.pieces) {
        this.utf8 = new Uint8Array(byteLength(this.pieces));
        joinInto(this.pieces, this.utf8);
        this.pieces = undefined;
      } else this.utf8 = encoder.encode(this.text);
    }
    return this.utf8;
  }

  /**
   * The UTF-8 bytes as held: one array (kept, made once), or the pieces of a text made from them and not
   * joined yet, for a transport to copy into memory of its own (see {@link joinInto}). A text sent a second
   * time (a kept answer) is joined once into bytes of its own, which every later send writes as they are.
   */
  get wire(): Uint8Array | readonly Uint8Array[] {
    if (this.pieces && !this.sent) {
      this.sent = true;
      return this.pieces;
    }
    return this.bytes;
  }

  /** About how many bytes the text holds (its UTF-8 bytes, or its length in UTF-16 units while a string). */
  get size(): number {
    if (this.utf8) return this.utf8.length;
    if (this.pieces) return byteLength(this.pieces);
    return this.text?.length ?? 0;
  }

  /**
   * The start of the text, at least `max` bytes of it (all when shorter), for a log excerpt: the string when
   * held as one; else the first pieces as they are (views of shared memory: never write to them), or a copy of
   * the first bytes of joined text. Pieces still to be sent are not joined.
   */
  head(max: number): string | readonly Uint8Array[] {
    if (this.text !== undefined) return this.text;
    const pieces = this.pieces;
    if (pieces === undefined) {
      // A view (no new memory) of text held as one array; a long one's start is copied, so that an excerpt
      // kept for a while does not hold all of it.
      const { bytes } = this;
      return [bytes.length <= VIEW_LIMIT ? bytes.subarray(0, max) : bytes.slice(0, max)];
    }
    let length = 0;
    let count = 0;
    while (count < pieces.length && length < max) length += pieces[count++]!.length;
    return pieces.slice(0, count);
  }

  /** What a transport sends: the string when the text was made as one, else the bytes (no conversion). */
  get body(): string | Uint8Array {
    return this.text ?? this.bytes;
  }

  /**
   * This object's members between `head` and `tail` (e.g. `{"a":1` and `}`), with a comma after `head` when
   * there are members; in the form this text is held in. `tail` starts with its own comma when it has members.
   */
  spliced(head: string, tail: string): JsonText {
    if (this.text !== undefined) {
      const inner = this.text.slice(1, -1);
      return new JsonText(`${head}${inner ? `,${inner}` : ''}${tail}`);
    }
    const pieces = this.pieces ?? [this.utf8!];
    if (byteLength(pieces) <= 2) return new JsonText(head + tail);
    // Sized once (a page has hundreds of pieces): no growing copies.
    const last = pieces.length - 1;
    const out = new Array<Uint8Array>(last + 3);
    out[0] = encodeShort(`${head},`);
    for (let i = 0; i <= last; i++) out[i + 1] = pieces[i]!;
    // The outer braces: the first byte of the first piece and the last of the last (empty pieces aside).
    out[1] = out[1]!.subarray(1);
    out[last + 1] = out[last + 1]!.subarray(0, out[last + 1]!.length - 1);
    out[last + 2] = encodeShort(tail);
    return new JsonText(out);
  }

  /** What any other JSON.stringify (a test, a log) sees: the value the text stands for. */
  toJSON(): unknown {
    return JSON.parse(this.json) as unknown;
  }
}

const isFragmentList = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.length > 0 && value.some((item) => item instanceof JsonText);

function valueJson(value: unknown): string | undefined {
  if (value instanceof JsonText) return value.json;
  if (!isFragmentList(value)) return JSON.stringify(value);
  let out = '[';
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    if (i > 0) out += ',';
    out += item instanceof JsonText ? item.json : (JSON.stringify(item) ?? 'null');
  }
  return out + ']';
}

// Answer keys come from a small set (result, msg, id, …): each one's JSON is made once.
const MAX_KEYS = 512;
const keyTexts = new Map<string, string>();

/** `"key":` for a body key. */
function keyJson(key: string): string {
  let text = keyTexts.get(key);
  if (text === undefined) {
    if (keyTexts.size >= MAX_KEYS) keyTexts.clear();
    keyTexts.set(key, (text = `${JSON.stringify(key)}:`));
  }
  return text;
}

/** A character JSON.stringify writes escaped: a quote, a backslash, a control character or a surrogate. */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * The JSON text of one top-level value, as JSON.stringify would write it in an object (undefined: the key is
 * left out). Strings, numbers, booleans and null are written here; anything else is JSON.stringify's.
 */
function topValueJson(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return value === null ? 'null' : valueJson(value);
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    default:
      // A bigint: JSON.stringify's TypeError.
      return JSON.stringify(value);
  }
}

/**
 * The JSON text of an answer body: what JSON.stringify gives, except that JsonText is spliced where handlers put
 * it (as a value of the body's top level or an element of an array there; deeper, JSON.stringify's toJSON still
 * gives the right value). The top level is written here, key by key: most answers are a few flat fields, which
 * this writes at a fraction of a JSON.stringify call's cost on V8; nested values are JSON.stringify's.
 * @example
 * bodyJson({ result: 'success', messages: [new JsonText('{"id":1}')] }); // '{"result":"success","messages":[{"id":1}]}'
 */
export function bodyJson(body: object): string {
  if (body instanceof JsonText) return body.json;
  // Answers are plain objects: a class instance (own keys only) or an object with a toJSON is JSON.stringify's.
  if (Object.getPrototypeOf(body) !== Object.prototype || 'toJSON' in body) return JSON.stringify(body);
  const values = body as Record<string, unknown>;
  let out = '{';
  for (const key in values) {
    const text = topValueJson(values[key]);
    if (text === undefined) continue;
    out += out.length > 1 ? `,${keyJson(key)}${text}` : `${keyJson(key)}${text}`;
  }
  return `${out}}`;
}

const PLAIN_HEAD = '{"result":"success","msg":""';

/**
 * A success body whose handler fields are JSON text: `envelope`'s result and msg, then the fields, then the
 * envelope's other keys (ignored_parameters_unsupported), in the order an object body would have them.
 */
export function successJson(fields: JsonText, envelope: Record<string, unknown>): JsonText {
  const { result, msg } = envelope;
  let keys = 0;
  for (const key in envelope) if (Object.hasOwn(envelope, key)) keys++;
  // The plain success envelope around a cached text is the same every time: made once per text.
  const plain = result === 'success' && msg === '' && keys === 2;
  if (plain) return (fields.success ??= fields.spliced(PLAIN_HEAD, '}'));
  const { result: _result, msg: _msg, ...rest } = envelope;
  const tail = JSON.stringify(rest).slice(1, -1);
  const head = `{"result":${JSON.stringify(result)},"msg":${JSON.stringify(msg)}`;
  return fields.spliced(head, tail ? `,${tail}}` : '}');
}
