/** Turns a fuzz case into HTTP bytes, keeping lone surrogates as the (invalid) UTF-8 a hostile client sends. */
import type { FuzzCase } from './fuzz-case.js';

const encoder = new TextEncoder();
const LONE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const LONE_SURROGATE = new RegExp(LONE);
const LONE_SURROGATES = new RegExp(`(${LONE})`);

/** The three bytes of a lone surrogate in WTF-8. */
function surrogateBytes(unit: number): number[] {
  return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 63), 0x80 | (unit & 63)];
}

/** WTF-8: UTF-8, except that a lone surrogate becomes its own three bytes (which no decoder accepts). */
export function wtf8(text: string): Uint8Array {
  if (!LONE_SURROGATE.test(text)) return encoder.encode(text);
  // split() with a capturing group: odd indices are the lone surrogates.
  const chunks = text
    .split(LONE_SURROGATES)
    .map((part, i) => (i % 2 ? Uint8Array.from(surrogateBytes(part.charCodeAt(0))) : encoder.encode(part)));
  return concat(chunks);
}

/** Percent-encodes a string (a lone surrogate gives e.g. `%ED%A0%80`, as a client sending raw bytes would). */
export function percentEncode(text: string): string {
  if (!LONE_SURROGATE.test(text)) return encodeURIComponent(text);
  return text
    .split(LONE_SURROGATES)
    .map((part, i) =>
      i % 2
        ? surrogateBytes(part.charCodeAt(0))
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(part),
    )
    .join('');
}

const BOUNDARY = '----FuzzBoundaryQx7Zk2';

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The path (with `/api/v1` unless the route is a root route), query string, headers and body of a case. */
export function encodeCase(
  c: FuzzCase,
  routePath: string,
  root: boolean,
): { path: string; headers: Record<string, string>; body?: Uint8Array } {
  const filled = routePath.replace(/\{(\w+)\}/g, (_, name: string) =>
    percentEncode(c.pathParams[name] ?? ''),
  );
  const form = c.entries.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
  const base = root ? filled : `/api/v1${filled}`;
  const headers: Record<string, string> = {};
  let body: Uint8Array | undefined;
  if (c.body === 'query') return { path: form ? `${base}?${form}` : base, headers };
  if (c.body === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = wtf8(form);
  } else if (c.body === 'multipart') {
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    const parts = c.entries.map(([k, v]) =>
      concat([
        wtf8(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k.replace(/"/g, '%22')}"\r\n\r\n`),
        wtf8(v),
        wtf8('\r\n'),
      ]),
    );
    body = concat([...parts, wtf8(`--${BOUNDARY}--\r\n`)]);
  } else if (c.body === 'json') {
    headers['content-type'] = 'application/json';
    body = wtf8(JSON.stringify(Object.fromEntries(c.entries)));
  } else if (c.body === 'text') {
    headers['content-type'] = 'text/plain';
    body = wtf8(c.entries.map(([k, v]) => `${k}: ${v}`).join('\n'));
  }
  if (c.contentType !== undefined) headers['content-type'] = c.contentType;
  if (body && c.truncate !== undefined) body = body.slice(0, Math.floor(body.length * c.truncate));
  return { path: base, headers, ...(body ? { body } : {}) };
}
