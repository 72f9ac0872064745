/**
 * A monotonic time in milliseconds for the request log's durations. In Node.js it reads process.hrtime: the
 * `performance` global loads node's perf_hooks on its first use (about half a millisecond of a server start,
 * paid by its first request); browsers have `performance` from the start.
 */
const hrtime =
  typeof process === 'object' && typeof process?.hrtime?.bigint === 'function' ? process.hrtime : undefined;

/** Milliseconds from an arbitrary start, with sub-millisecond precision. */
export const elapsedMs: () => number = hrtime ? () => Number(hrtime.bigint()) / 1e6 : () => performance.now();
