/**
 * What the node adapter does with an answer's body before writing it, for in-process benchmarks: JSON text held
 * as bytes is sent as it is, a page of byte pieces is joined into a reused block, other bodies are made into
 * text (`text`, the responseText of the code measured).
 */

/** A reusable join block: grown to the next power of two when an answer needs more. */
export interface JoinBlock {
  buffer?: Buffer;
}

/** The length of the bytes sent for `response`, after doing the adapter's work on them. */
export function sentBytes<R extends { body: unknown }>(
  response: R,
  block: JoinBlock,
  text: (response: R) => string | Uint8Array | null,
): number {
  const wire = (response.body as { wire?: Uint8Array | readonly Uint8Array[] } | null)?.wire;
  if (wire instanceof Uint8Array) return wire.length;
  if (wire) {
    let length = 0;
    for (const piece of wire) length += piece.length;
    if (!block.buffer || block.buffer.length < length)
      block.buffer = Buffer.allocUnsafeSlow(2 ** (32 - Math.clz32(length - 1)));
    let at = 0;
    for (const piece of wire) {
      block.buffer.set(piece, at);
      at += piece.length;
    }
    return length;
  }
  const body = text(response);
  return typeof body === 'string' ? Buffer.byteLength(body) : (body?.length ?? 0);
}
