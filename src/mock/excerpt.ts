/** Bounded excerpts of request and response bodies for the request log: never more work than the bound. */
import { JsonText } from '../api/json-text.js';

/** Longest excerpt kept per body, in characters (an ellipsis marks a cut). */
export const EXCERPT_LENGTH = 1000;

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The start of a body given as bytes or text (bytes past the bound are never decoded). */
export function textExcerpt(body: Uint8Array | string | null, max = EXCERPT_LENGTH): string | null {
  if (body === null) return null;
  if (typeof body === 'string') return cut(body, max);
  // Up to 4 bytes per character: decode no more than can be shown.
  const text = new TextDecoder().decode(body.subarray(0, max * 4 + 4));
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
    if (v instanceof JsonText) return put(textExcerpt(v.body, max)!);
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
