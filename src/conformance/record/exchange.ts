/** What the recording proxy keeps of one request and its answer (credentials stay in memory, never in a file). */

/** Basic-auth credentials of a request: kept to identify the actor and to redact the key, never written. */
export interface Credentials {
  email: string;
  apiKey: string;
}

/** One request through the proxy and the target's answer. */
export interface RecordedExchange {
  /** Order of arrival at the proxy. */
  seq: number;
  /** Wall-clock milliseconds when the request arrived and when its answer was complete. */
  startedAt: number;
  endedAt: number;
  method: string;
  /** The path as the client sent it, without the query string (e.g. `/api/v1/messages/12`). */
  path: string;
  /** Query and form parameters as sent (strings; a repeated key keeps its last value). */
  params: Record<string, string>;
  /** Why the body's parameters could not be read (JSON or multipart bodies), if so. */
  unreadableBody?: string;
  credentials: Credentials | null;
  status: number;
  contentType: string;
  /** The parsed JSON answer, or its text when it is not JSON. */
  body: unknown;
}

/** The Basic-auth credentials of an Authorization header, or null. */
export function parseBasicAuth(header: string | undefined): Credentials | null {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match) return null;
  const text = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  return { email: text.slice(0, colon), apiKey: text.slice(colon + 1) };
}

/** Reads a request's parameters: the query string, plus a form body; other bodies are named, not read. */
export function readParams(
  url: string,
  contentType: string | undefined,
  body: Uint8Array,
): { params: Record<string, string>; unreadableBody?: string } {
  const params: Record<string, string> = {};
  const q = url.indexOf('?');
  if (q >= 0) for (const [k, v] of new URLSearchParams(url.slice(q + 1))) params[k] = v;
  if (body.length === 0) return { params };
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === '' || type === 'application/x-www-form-urlencoded') {
    for (const [k, v] of new URLSearchParams(Buffer.from(body).toString('utf8'))) params[k] = v;
    return { params };
  }
  return { params, unreadableBody: type };
}

/** Parses an answer's body: JSON when it is JSON, text otherwise, null when empty. */
export function parseBody(contentType: string, data: Uint8Array): unknown {
  if (data.length === 0) return null;
  const text = Buffer.from(data).toString('utf8');
  if (!/json/i.test(contentType)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
