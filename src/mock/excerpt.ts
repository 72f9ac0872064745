/** Bounded excerpts of request and response bodies for the request log: never more work than the bound. */
import { byteLength, joinInto, JsonText } from '../api/json-text.js';
import type { ApiResponse } from '../api/route.js';

/** Longest excerpt kept per body, in characters (an ellipsis marks a cut). */
export const EXCERPT_LENGTH = 1000;

const decoder = new TextDecoder();

/**
 * The text up to `max` characters, a cut one ending with `…`. The kept part is copied (a flat string of its
 * own): the log keeps a thousand excerpts, and a slice would keep each whole text alive with it.
 */
const cut = (text: string, max: number): string =>
  text.length > max ? `${` ${text.slice(0, max)}`.slice(1)}…` : text;

/** The start of a body given as bytes or text (bytes past the bound are never decoded). */
export function textExcerpt(body: Uint8Array | string | null, max = EXCERPT_LENGTH): string | null {
  if (body === null) return null;
  if (typeof body === 'string') return cut(body, max);
  // No more bytes than characters shown: all of it.
  if (body.length <= max) return decoder.decode(body);
  // Most bodies are ASCII: `max` bytes are then `max` characters, all that is shown. Any other character takes
  // two bytes or more per UTF-16 unit, so fewer units come out, unless bytes were decoded as U+FFFD (a
  // character cut at the bound, or invalid bytes): then the careful way below.
  const start = decoder.decode(body.subarray(0, max));
  if (start.length === max && !start.includes('\uFFFD')) return `${start}…`;
  // Up to 4 bytes per character: decode no more than can be shown.
  const text = decoder.decode(body.subarray(0, max * 4 + 4));
  return cut(text, max);
}

/**
 * The start of `JSON.stringify(value)`, built only as far as `max` characters: a large answer (a register
 * or a page of messages) costs no more to log than a small one.
 */
export function jsonExcerpt(value: unknown, max = EXCERPT_LENGTH): string {
  const parts: string[] = [];
  let length = 0;
  const put = (text: string): boolean => {
    parts.push(text);
    length += text.length;
    return length <= max;
  };
  const walk = (v: unknown): boolean => {
    if (v === null || typeof v !== 'object') return put(JSON.stringify(v) ?? 'null');
    // Text made as bytes (a page of messages) is decoded only as far as the excerpt reaches.
    if (v instanceof JsonText) return put(headExcerpt(v.head(max * 4 + 4), max));
    if (Array.isArray(v)) {
      if (!put('[')) return false;
      for (let i = 0; i < v.length; i++) if ((i > 0 && !put(',')) || !walk(v[i])) return false;
      return put(']');
    }
    if (!put('{')) return false;
    let first = true;
    for (const [key, item] of Object.entries(v)) {
      if (item === undefined || typeof item === 'function') continue;
      if ((!first && !put(',')) || !put(`${JSON.stringify(key)}:`) || !walk(item)) return false;
      first = false;
    }
    return put('}');
  };
  walk(value);
  return cut(parts.join(''), max);
}

/** The excerpt of what JsonText.head gave: the text, or bytes in pieces. */
function headExcerpt(head: string | readonly Uint8Array[], max: number): string {
  if (typeof head === 'string') return cut(head, max);
  const bytes = new Uint8Array(byteLength(head));
  joinInto(head, bytes);
  return textExcerpt(bytes, max)!;
}

/**
 * The start of an answer's JSON text, kept as the text or views of its byte pieces (no copy, nothing decoded)
 * until the log is read: most logged answers are never looked at.
 */
export class BodyHead {
  constructor(private readonly head: string | readonly Uint8Array[]) {}

  /** The excerpt, as textExcerpt gives it. */
  text(max = EXCERPT_LENGTH): string {
    return headExcerpt(this.head, max);
  }
}

/** Whether an answer's body is an object the transport serialises (not text, bytes or JSON text). */
export const isObjectBody = (body: unknown): body is object =>
  body !== null && typeof body === 'object' && !(body instanceof Uint8Array) && !(body instanceof JsonText);

/** Longest JSON text a log entry keeps whole until listed (a longer one's excerpt is made at once). */
const KEPT_TEXT = 64 * 1024;

/**
 * What the request log keeps of an answer's body: its excerpt, or the views it is cut from when listed.
 */
export function responseExcerpt(response: ApiResponse, max = EXCERPT_LENGTH): string | BodyHead | null {
  const { body } = response;
  if (body === null) return null;
  if (typeof body === 'string') return cut(body, max);
  // A file (an upload, an emoji image): its size, never its bytes walked as a JSON object.
  if (body instanceof Uint8Array) return `(${body.byteLength} bytes)`;
  if (body instanceof JsonText) {
    const head = body.head(max * 4 + 4);
    // JSON text is made once and shared (a cached answer): kept as it is until listed, unless it is long.
    if (typeof head !== 'string' || head.length <= KEPT_TEXT) return new BodyHead(head);
    return cut(head, max);
  }
  return response.json !== undefined ? cut(response.json, max) : jsonExcerpt(body, max);
}
