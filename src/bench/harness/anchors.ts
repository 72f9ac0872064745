/**
 * Rotating anchors for the "page assembled" rows: each request of such a row names a different anchor, and the
 * rotation is longer than the queries GET /messages keeps answers for (src/api/page-memo.ts), so every request
 * misses that cache and the page is assembled from the per-message bytes.
 */

/** Queries whose answers GET /messages keeps (MAX_QUERIES of src/api/page-memo.ts); a rotation must exceed it. */
export const KEPT_QUERIES = 256;

/**
 * `count` distinct ids of `ids` (message ids, any order) evenly spread over those with at least `before` older
 * ids in the list, ascending, so a page of `before` messages before each anchor is always full.
 * @example
 * rotatingAnchors(ids, 300, 99) // 300 anchors, each with 99 older messages in `ids`
 */
export function rotatingAnchors(ids: readonly number[], count: number, before: number): number[] {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const usable = sorted.slice(before);
  if (count > usable.length)
    throw new Error(`${count} anchors wanted, only ${usable.length} ids have ${before} older ones`);
  if (count <= KEPT_QUERIES)
    throw new Error(`${count} anchors would be answered from the ${KEPT_QUERIES} kept queries`);
  const step = usable.length / count;
  return Array.from({ length: count }, (_, i) => usable[Math.floor(i * step)]!);
}
