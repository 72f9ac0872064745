/** Pairs the elements of two lists of objects by their id (subscriptions by `stream_id`, users by `user_id`...). */
import { IdRef, isPlainObject } from './normalise.js';

/** Keys that identify an element of a list, tried in this order; the first one every element has, unique, wins. */
export const LIST_ID_KEYS = [
  'id',
  'stream_id',
  'user_id',
  'message_id',
  'scheduled_message_id',
  'invite_id',
  'group_id',
  'emoji_code',
  'emoji_name',
  'name',
] as const;

/** One pair of a list match: indexes into A and B (either missing when only one side has the element). */
export interface ListPair {
  a?: number;
  b?: number;
}

/** How two lists pair up: by which key, the pairs in A's order (B's extra elements last), and whether order changed. */
export interface ListMatch {
  key: string;
  pairs: ListPair[];
  /** The shared ids in each side's order, when the order differs (else undefined). */
  order?: { a: string[]; b: string[] };
}

/** The identity of an id value: an IdRef by its label (`stream#3`), else the value itself as text. */
const identity = (value: unknown): string | undefined =>
  value instanceof IdRef
    ? value.label
    : typeof value === 'string' || typeof value === 'number'
      ? `=${String(value)}`
      : undefined;

/** Each element's identity under `key`, or undefined when one lacks it or two share it. */
function identities(list: readonly unknown[], key: string): string[] | undefined {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const element of list) {
    if (!isPlainObject(element)) return undefined;
    const id = identity(element[key]);
    if (id === undefined || seen.has(id)) return undefined;
    seen.add(id);
    out.push(id);
  }
  return out;
}

/**
 * Pairs two lists by the first id key both lists' elements all carry, unique within each list; undefined
 * when there is none (lists of scalars, elements without an id, an empty side), then lists compare by position.
 */
export function matchById(a: readonly unknown[], b: readonly unknown[]): ListMatch | undefined {
  if (a.length === 0 || b.length === 0) return undefined;
  for (const key of LIST_ID_KEYS) {
    const idsA = identities(a, key);
    const idsB = idsA && identities(b, key);
    if (!idsA || !idsB) continue;
    const inB = new Map(idsB.map((id, i) => [id, i]));
    const inA = new Set(idsA);
    const pairs: ListPair[] = idsA.map((id, i) => ({ a: i, b: inB.get(id) }));
    idsB.forEach((id, i) => {
      if (!inA.has(id)) pairs.push({ b: i });
    });
    const sharedA = idsA.filter((id) => inB.has(id));
    const sharedB = idsB.filter((id) => inA.has(id));
    const moved = sharedA.some((id, i) => id !== sharedB[i]);
    return { key, pairs, ...(moved ? { order: { a: sharedA, b: sharedB } } : {}) };
  }
  return undefined;
}
