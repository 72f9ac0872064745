/**
 * One user's personal message rows (their history): ascending message ids with the flag bits of each, as two
 * aligned arrays. Far lighter than a Map per user (a large realm has millions of rows), and cheap to share:
 * a store seeded from a prepared realm reads the prepared arrays and copies them on its first write.
 */

/** Index of the first element >= `id` in an ascending list. */
function lowerBound(ids: readonly number[], id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A user's rows, Map-like (`get`, `has`, `set`, `delete`, iteration in ascending id order). */
export class UserRows implements Iterable<[number, number]> {
  private ids: number[];
  private bits: number[];
  /** Whether the arrays are this object's own (false: shared with a prepared realm, copied before a write). */
  private owned: boolean;
  /** Set by {@link freeze}: the rows of a prepared realm, never written. */
  private frozen = false;
  /** Where the last lookup found its id: requests walk a history in order, so the next one is usually adjacent. */
  private hint = 0;

  constructor(ids: number[] = [], bits: number[] = [], owned = true) {
    this.ids = ids;
    this.bits = bits;
    this.owned = owned;
  }

  /** The message ids, ascending. Read only: it is the live list (or a shared one). */
  get messageIds(): readonly number[] {
    return this.ids;
  }

  /** Number of rows. */
  get size(): number {
    return this.ids.length;
  }

  private indexOf(messageId: number): number {
    const { ids } = this;
    const last = ids.length - 1;
    if (last < 0 || messageId > ids[last]!) return -1;
    if (ids[last] === messageId) return last;
    const hint = this.hint;
    if (ids[hint] === messageId) return hint;
    if (ids[hint + 1] === messageId) return (this.hint = hint + 1);
    if (ids[hint - 1] === messageId) return (this.hint = hint - 1);
    const at = lowerBound(ids, messageId);
    if (ids[at] !== messageId) return -1;
    return (this.hint = at);
  }

  /** Whether the user has a row for the message. */
  has(messageId: number): boolean {
    return this.indexOf(messageId) >= 0;
  }

  /** The row's flag bits, or undefined without a row. */
  get(messageId: number): number | undefined {
    const at = this.indexOf(messageId);
    return at >= 0 ? this.bits[at] : undefined;
  }

  private own(): void {
    if (this.owned) return;
    if (this.frozen) throw new TypeError('The rows of a prepared realm are read only');
    this.ids = this.ids.slice();
    this.bits = this.bits.slice();
    this.owned = true;
  }

  /** Sets a row's bits, adding the row when missing (appending a newer message is the common, O(1) case). */
  set(messageId: number, bits: number): this {
    this.own();
    const { ids } = this;
    const last = ids.length - 1;
    if (last < 0 || messageId > ids[last]!) {
      ids.push(messageId);
      this.bits.push(bits);
      return this;
    }
    const at = lowerBound(ids, messageId);
    if (ids[at] === messageId) this.bits[at] = bits;
    else {
      ids.splice(at, 0, messageId);
      this.bits.splice(at, 0, bits);
    }
    return this;
  }

  /** Removes a row; returns whether there was one. */
  delete(messageId: number): boolean {
    const at = this.indexOf(messageId);
    if (at < 0) return false;
    this.own();
    this.ids.splice(at, 1);
    this.bits.splice(at, 1);
    return true;
  }

  /** Message ids in ascending order. */
  *keys(): IterableIterator<number> {
    for (let i = 0; i < this.ids.length; i++) yield this.ids[i]!;
  }

  /** Flag bits in ascending message id order. */
  *values(): IterableIterator<number> {
    for (let i = 0; i < this.bits.length; i++) yield this.bits[i]!;
  }

  /** [message id, bits] pairs in ascending id order (a write during the walk is seen by the walk). */
  *entries(): IterableIterator<[number, number]> {
    for (let i = 0; i < this.ids.length; i++) yield [this.ids[i]!, this.bits[i]!];
  }

  [Symbol.iterator](): IterableIterator<[number, number]> {
    return this.entries();
  }

  /** Freezes the rows for sharing: writes through this object throw, {@link share} copies read them. */
  freeze(): void {
    this.owned = false;
    this.frozen = true;
    Object.freeze(this.ids);
    Object.freeze(this.bits);
  }

  /** A new object reading the same arrays that copies them on its first write. */
  share(): UserRows {
    return new UserRows(this.ids, this.bits, false);
  }
}

/** Each user's history (the ascending ids of their rows), read through the rows themselves. */
export class UserHistories {
  constructor(private readonly rows: ReadonlyMap<number, UserRows>) {}

  /** The user's message ids, ascending; undefined for a user without rows. */
  get(userId: number): readonly number[] | undefined {
    return this.rows.get(userId)?.messageIds;
  }
}
