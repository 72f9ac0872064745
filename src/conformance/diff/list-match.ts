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
  /** Paired by the servers' own id values rather than by order of first appearance. */
  byValue?: true;
  /** The shared ids in each side's order, when the order differs (else undefined). */
  order?: { a: string[]; b: string[] };
}

/**
 * The identity of an id value: an IdRef by its label (`stream#3`, which it is in the run) or by the server's
 * value (`raw`), anything else by the value itself as text.
 */
const identity = (value: unknown, raw: boolean): string | undefined =>
  value instanceof IdRef
    ? raw
      ? `${value.kind}=${String(value.raw)}`
      : value.label
    : typeof value === 'string' || typeof value === 'number'
      ? `=${String(value)}`
      : undefined;

/** Each element's identity under `key`, or undefined when one lacks it or two share it. */
function identities(list: readonly unknown[], key: string, raw: boolean): string[] | undefined {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const element of list) {
    if (!isPlainObject(element)) return undefined;
    const id = identity(element[key], raw);
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
    const byLabel = pairIds(identities(a, key, false), identities(b, key, false));
    if (!byLabel) continue;
    // Ids renamed by first appearance shift after an element only one side has; the servers' own values do
    // not, where both sides share them (the same realm): whichever pairs more elements wins, values on a tie.
    const byValue = pairIds(identities(a, key, true), identities(b, key, true));
    const same = byValue && JSON.stringify(byValue.pairs) === JSON.stringify(byLabel.pairs);
    const best = byValue && !same && byValue.shared >= byLabel.shared ? byValue : byLabel;
    return {
      key,
      pairs: best.pairs,
      ...(best === byValue ? { byValue: true as const } : {}),
      ...(best.order ? { order: best.order } : {}),
    };
  }
  return undefined;
}

/** Pairs two lists of identities: the pairs in A's order (B's extra last), the count shared, a changed order. */
function pairIds(
  idsA: string[] | undefined,
  idsB: string[] | undefined,
): { pairs: ListPair[]; shared: number; order?: { a: string[]; b: string[] } } | undefined {
  {
    if (!idsA || !idsB) return undefined;
    const inB = new Map(idsB.map((id, i) => [id, i]));
    const inA = new Set(idsA);
    const pairs: ListPair[] = idsA.map((id, i) => ({ a: i, b: inB.get(id) }));
    idsB.forEach((id, i) => {
      if (!inA.has(id)) pairs.push({ b: i });
    });
    const sharedA = idsA.filter((id) => inB.has(id));
    const sharedB = idsB.filter((id) => inA.has(id));
    const moved = sharedA.some((id, i) => id !== sharedB[i]);
    return { pairs, shared: sharedA.length, ...(moved ? { order: { a: sharedA, b: sharedB } } : {}) };
  }
}
