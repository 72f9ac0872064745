/** GET /messages' range algorithm (reference I.2) over a compiled narrow. */
import { FLAG_BITS, type MessageRecord, type RealmState, type UserRecord } from '../state.js';
import { rowBits } from '../messages/flags.js';
import { isTopicMuted } from '../messages/user-topics.js';
import type { CompiledNarrow } from './resolve.js';
import { lowerBound } from '../message-index.js';
import { idsAscending, idsDescending } from './walk.js';

/** Larger than any message id: the resolved `newest` anchor. */
export const LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000;

/** Range request after anchor resolution. */
export interface RangeRequest {
  anchor: number;
  numBefore: number;
  numAfter: number;
  includeAnchor: boolean;
}

/** The messages of a range and the found_* facts. */
export interface RangeResult {
  messages: MessageRecord[];
  foundAnchor: boolean;
  foundOldest: boolean;
  foundNewest: boolean;
}

function collect(
  state: RealmState,
  narrow: CompiledNarrow,
  ids: Iterable<number>,
  limit: number,
): MessageRecord[] {
  const out: MessageRecord[] = [];
  if (limit <= 0) return out;
  for (const id of ids) {
    const message = state.messages.get(id);
    if (!message || !narrow.matches(message)) continue;
    out.push(message);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * collect() over the ids below `below`, newest first: with one list (a channel, a topic, a conversation) it is
 * stepped by index instead of through the merging generator.
 */
function collectBefore(
  state: RealmState,
  narrow: CompiledNarrow,
  below: number,
  limit: number,
): MessageRecord[] {
  const { lists } = narrow;
  if (lists.length !== 1 || limit <= 0) return collect(state, narrow, idsDescending(lists, below), limit);
  const list = lists[0]!;
  const start = lowerBound(list, below) - 1;
  // Sized for the page (at most the ids left): no growing copies; trimmed to what matched.
  const out = new Array<MessageRecord>(Math.min(limit, start + 1));
  let found = 0;
  for (let i = start; i >= 0 && found < out.length; i--) {
    const message = state.messages.get(list[i]!);
    if (!message || !narrow.matches(message)) continue;
    out[found++] = message;
  }
  out.length = found;
  return out;
}

/** The oldest unread message of the narrow outside muted channels and topics, else the newest sentinel. */
export function firstUnreadAnchor(state: RealmState, viewer: UserRecord, narrow: CompiledNarrow): number {
  for (const id of idsAscending(narrow.lists, 0)) {
    const bits = rowBits(state, viewer.user_id, id);
    if (bits === undefined || bits & FLAG_BITS.read) continue;
    const message = state.messages.get(id);
    if (!message || !narrow.matches(message)) continue;
    if (message.stream_id !== null && isTopicMuted(state, viewer.user_id, message.stream_id, message.topic))
      continue;
    return id;
  }
  return LARGER_THAN_MAX_MESSAGE_ID;
}

/** Fetches the range around the anchor exactly as the server's limit_query_to_range and post-processing do. */
export function fetchRange(state: RealmState, narrow: CompiledNarrow, request: RangeRequest): RangeResult {
  const { anchor, includeAnchor } = request;
  const left = anchor === 0;
  const right = anchor >= LARGER_THAN_MAX_MESSAGE_ID;
  const numBefore = request.numBefore;
  const numAfter = right ? 0 : request.numAfter;
  const needBefore = !left && numBefore > 0;
  const needAfter = !right && numAfter > 0;
  let rows: MessageRecord[];
  if (needBefore && needAfter) {
    const before = collectBefore(state, narrow, anchor, numBefore);
    const after = collect(state, narrow, idsAscending(narrow.lists, anchor), numAfter + 1);
    rows = [...before.reverse(), ...after];
  } else if (needBefore) {
    // "ids <= anchor - (not include_anchor)", limit num_before (+1 for the anchor unless anchored right).
    const bound = includeAnchor ? anchor + 1 : anchor;
    const limit = numBefore + (!right && includeAnchor ? 1 : 0);
    rows = collectBefore(state, narrow, bound, limit).reverse();
  } else if (needAfter) {
    rows = collect(
      state,
      narrow,
      idsAscending(narrow.lists, includeAnchor ? anchor : anchor + 1),
      numAfter + (includeAnchor ? 1 : 0),
    );
  } else {
    const message = state.messages.get(anchor);
    rows = message && narrow.matches(message) ? [message] : [];
  }
  if (right)
    return { messages: rows, foundAnchor: false, foundOldest: rows.length < numBefore, foundNewest: true };
  // The rows are in id order: those before the anchor, the anchor (when it matched), those after it; each side
  // trimmed to its count. Most pages are taken whole (no copy).
  let lo = 0;
  while (lo < rows.length && rows[lo]!.id < anchor) lo++;
  let hi = lo;
  while (hi < rows.length && rows[hi]!.id === anchor) hi++;
  const beforeCount = lo;
  const afterCount = rows.length - hi;
  const from = numBefore && beforeCount > numBefore ? lo - numBefore : 0;
  const to = numAfter && afterCount > numAfter ? hi + numAfter : rows.length;
  return {
    messages: from === 0 && to === rows.length ? rows : rows.slice(from, to),
    foundAnchor: hi - lo === 1,
    foundOldest: left || beforeCount < numBefore,
    foundNewest: afterCount < numAfter,
  };
}
