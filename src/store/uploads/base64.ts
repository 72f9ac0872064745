/** Base64 for uploaded bytes in realm files, without node's Buffer (the store runs in browsers too). */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
const PAD = '='.charCodeAt(0);

/**
 * Bytes as base64 text. Written out as ASCII bytes and decoded once: building the text from a binary string
 * and btoa took seconds for a 20 MB file, this takes tens of milliseconds.
 */
export function bytesToBase64(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let o = 0;
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = CODES[n >> 18]!;
    out[o++] = CODES[(n >> 12) & 63]!;
    out[o++] = CODES[(n >> 6) & 63]!;
    out[o++] = CODES[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = (bytes[i]! << 16) | (rest === 2 ? bytes[i + 1]! << 8 : 0);
    out[o++] = CODES[n >> 18]!;
    out[o++] = CODES[(n >> 12) & 63]!;
    out[o++] = rest === 2 ? CODES[(n >> 6) & 63]! : PAD;
    out[o++] = PAD;
  }
  return new TextDecoder('ascii').decode(out);
}

/** Base64 text as bytes (the realm schema has checked the alphabet). */
export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
