/**
 * The bytes of request bodies a node server holds at once, all requests together. Each body is limited on its
 * own (25 MB for uploads), but sixteen uploads at once would still hold 400 MB: a body is read only when its
 * bytes fit in the budget (its Content-Length up front, twice for a large body, whose socket chunks live until
 * the next collection; a chunked body as it arrives), and they stay counted until its answer is written. A body
 * that does not fit is refused at once with 429 and a Retry-After.
 */
export class BodyBudget {
  #used = 0;

  constructor(readonly limit: number) {}

  /** Bytes counted now. */
  get used(): number {
    return this.#used;
  }

  /** Counts `bytes` when they fit, and says whether they did. */
  reserve(bytes: number): boolean {
    if (this.#used + bytes > this.limit) return false;
    this.#used += bytes;
    return true;
  }

  /** Gives back bytes counted before. */
  release(bytes: number): void {
    this.#used = Math.max(0, this.#used - bytes);
  }
}

/** The default budget: one of the largest bodies (a 25 MB upload, counted twice) and room beside it. */
export const DEFAULT_BODY_BUDGET = 64 * 1024 * 1024;
