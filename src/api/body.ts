/** Reading a request body under a byte limit, from a fetch `Request` or a plain request record. */
import { BodyTooLargeError, type ApiRequest } from './route.js';

/** The declared Content-Length, when there is a valid one. */
export function declaredLength(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

/** Reads a web stream into bytes, cancelling it as soon as it passes `limit` (memory stays bounded). */
export async function readLimited(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
  contentLength?: string,
): Promise<Uint8Array | null> {
  if (!stream) return null;
  if ((declaredLength(contentLength) ?? 0) > limit) {
    // Not awaited: cancelling one branch of a teed stream (msw clones requests) settles only with the other.
    void stream.cancel().catch(() => {});
    throw new BodyTooLargeError(limit);
  }
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      void reader.cancel().catch(() => {});
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  if (total === 0) return null;
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * The body of a request under `limit` bytes: the bytes already there (given as they are, without a promise to
 * wait for), or what `readBody` streams. A body already there and too large throws BodyTooLargeError.
 */
export function loadBody(
  request: ApiRequest,
  limit: number,
): Uint8Array | string | null | Promise<Uint8Array | null> {
  const body = request.body;
  if (body !== null) {
    // Text is at most 3 bytes per UTF-16 unit: encode only when it might be over.
    const size =
      typeof body === 'string'
        ? body.length * 3 > limit
          ? new TextEncoder().encode(body).byteLength
          : body.length
        : body.byteLength;
    if (size > limit) throw new BodyTooLargeError(limit);
    return body;
  }
  return request.readBody ? request.readBody(limit) : null;
}
