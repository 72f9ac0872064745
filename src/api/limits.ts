/** The request limits the dispatcher enforces, and the cheap checks behind them (no node APIs: runs in a browser). */
import { errors } from './errors/index.js';

/** Limits of one app; every field has a default (see {@link DEFAULT_LIMITS}). */
export interface RequestLimits {
  /** Largest request body in bytes for ordinary routes; beyond it the answer is 413 while the body streams. */
  maxBody: number;
  /** Largest body for routes that carry files or whole snapshots (POST /svc-mock/restore). */
  maxUploadBody: number;
  /** Deepest nesting of arrays and objects in one JSON value (a parameter or a JSON body). */
  maxJsonDepth: number;
  /** Most parameters in one request (query string and body together). */
  maxParams: number;
  /** Most items in one JSON list, at any depth of a parameter's value. */
  maxListItems: number;
  /** Most event queues of one user; registering another garbage-collects the user's oldest idle queue. */
  maxQueuesPerUser: number;
  /** Most event queues in total; registering another garbage-collects the oldest idle queue. */
  maxQueues: number;
  /** Most bytes of uploaded files held in memory (POST /user_uploads refuses an upload past it). */
  maxUploadStorage: number;
}

/** The defaults: well above the largest legitimate request, far below what would hurt the process. */
export const DEFAULT_LIMITS: RequestLimits = {
  maxBody: 1024 * 1024,
  maxUploadBody: 25 * 1024 * 1024,
  maxJsonDepth: 100,
  maxParams: 1000,
  maxListItems: 10_000,
  maxQueuesPerUser: 100,
  maxQueues: 10_000,
  maxUploadStorage: 100 * 1024 * 1024,
};

/** Parses a size such as `1mb`, `512k`, `25MB` or a plain byte count; undefined when it is not one. */
export function parseSize(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = (m[2] ?? 'b').toLowerCase()[0]!;
  const factor = unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1;
  const bytes = Math.floor(Number(m[1]) * factor);
  return bytes > 0 ? bytes : undefined;
}

/**
 * How deep arrays and objects nest in JSON text, counted without parsing (so a hostile value cannot overflow
 * the stack of a recursive parser or validator); stops counting once past `max`.
 */
export function jsonDepth(text: string, max: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest && (deepest = depth) > max) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** Throws 400 when a parsed value holds a list longer than the limit (depth is already bounded). */
export function checkListItems(name: string, value: unknown, max: number): void {
  if (value === null || typeof value !== 'object') return;
  const items = Array.isArray(value) ? value : Object.values(value as object);
  if (Array.isArray(value) && value.length > max) throw errors.tooManyItems(name, max);
  for (const item of items) checkListItems(name, item, max);
}
