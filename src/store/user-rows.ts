/**
 * One user's personal message rows (their history): ascending message ids with the flag bits of each, as two
 * aligned arrays. Far lighter than a Map per user (a large realm has millions of rows), and cheap to share:
 * a store seeded from a prepared realm reads the prepared arrays and copies them on its first write.
 */

/** Index of the first element >= `id` in an ascending list. */
export function lowerBound(ids: readonly number[], id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A user's rows, Map-like (`get`, `has`, `set`, `delete`, iteration in ascending id order). Rows shared with a
 * prepared realm are not copied on the first write: newer messages go to an own tail and changed bits to a
 * patch (so the first message after a reset costs nothing per recipient); the shared arrays are copied only
 * when a row is inserted among or deleted from them, or when the history list itself is read.
 */
export class UserRows implements Iterable<[number, number]> {
  private ids: number[];
  private bits: number[];
  /** Whether `ids`/`bits` are this object's own (false: shared with a prepared realm, never written). */
  private owned: boolean;
  /** Set by {@link freeze}: the rows of a prepared realm, never written. */
  private frozen = false;
  /** Rows newer than every shared one (only while not owned). */
  private tailIds: number[] = [];
  private tailBits: number[] = [];
  /** Changed bits of shared rows by their position (only while not owned). */
  private patch: Map<number, number> | undefined;
  /** Where the last lookup found its id: requests walk a history in order, so the next one is usually adjacent. */
  private hint = 0;

  constructor(ids: number[] = [], bits: number[] = [], owned = true) {
    this.ids = ids;
    this.bits = bits;
    this.owned = owned;
  }

  /** The message ids, ascending (read only: the live list; reading it makes shared rows this object's own). */
  get messageIds(): readonly number[] {
    if (this.tailIds.length) this.own();
    return this.ids;
  }

  /** Number of rows. */
  get size(): number {
    return this.ids.length + this.tailIds.length;
  }

  /** Position of the id in `ids`, or -1. */
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
    return this.get(messageId) !== undefined;
  }

  /** The row's flag bits, or undefined without a row. */
  get(messageId: number): number | undefined {
    const { tailIds } = this;
    if (tailIds.length && messageId >= tailIds[0]!) {
      const at = lowerBound(tailIds, messageId);
      return tailIds[at] === messageId ? this.tailBits[at] : undefined;
    }
    const at = this.indexOf(messageId);
    if (at < 0) return undefined;
    return this.patch?.get(at) ?? this.bits[at];
  }

  /** Makes the arrays this object's own: copies the shared ones with the tail and the patch folded in. */
  private own(): void {
    if (this.owned) return;
    if (this.frozen) throw new TypeError('The rows of a prepared realm are read only');
    const ids = [...this.ids, ...this.tailIds];
    const bits = [...this.bits, ...this.tailBits];
    for (const [at, value] of this.patch ?? []) bits[at] = value;
    this.ids = ids;
    this.bits = bits;
    this.tailIds = [];
    this.tailBits = [];
    this.patch = undefined;
    this.owned = true;
  }

  /** Sets a row's bits, adding the row when missing (appending a newer message is the common, O(1) case). */
  set(messageId: number, bits: number): this {
    if (!this.owned && !this.frozen) {
      const lastShared = this.ids[this.ids.length - 1];
      if (lastShared === undefined || messageId > lastShared) {
        insertRow(this.tailIds, this.tailBits, messageId, bits);
        return this;
      }
      const at = this.indexOf(messageId);
      if (at >= 0) {
        (this.patch ??= new Map()).set(at, bits);
        return this;
      }
    }
    this.own();
    insertRow(this.ids, this.bits, messageId, bits);
    return this;
  }

  /** Same as {@link set}, with a shortcut for the common case of own rows and a message newer than all of them. */
  append(messageId: number, bits: number): this {
    const { ids } = this;
    if (this.owned && (ids.length === 0 || ids[ids.length - 1]! < messageId)) {
      ids.push(messageId);
      this.bits.push(bits);
      return this;
    }
    return this.set(messageId, bits);
  }

  /** Removes a row; returns whether there was one. */
  delete(messageId: number): boolean {
    if (!this.has(messageId)) return false;
    this.own();
    const at = lowerBound(this.ids, messageId);
    this.ids.splice(at, 1);
    this.bits.splice(at, 1);
    return true;
  }

  /** Message ids in ascending order. */
  *keys(): IterableIterator<number> {
    for (const [id] of this.entries()) yield id;
  }

  /** Flag bits in ascending message id order. */
  *values(): IterableIterator<number> {
    for (const [, bits] of this.entries()) yield bits;
  }

  /** [message id, bits] pairs in ascending id order (a write during the walk is seen by the walk). */
  *entries(): IterableIterator<[number, number]> {
    for (let i = 0; i < this.ids.length; i++) yield [this.ids[i]!, this.patch?.get(i) ?? this.bits[i]!];
    for (let i = 0; i < this.tailIds.length; i++) yield [this.tailIds[i]!, this.tailBits[i]!];
  }

  [Symbol.iterator](): IterableIterator<[number, number]> {
    return this.entries();
  }

  /** Marks the rows for sharing: writes through this object throw, {@link share} copies read them. */
  freeze(): void {
    this.own();
    this.owned = false;
    this.frozen = true;
  }

  /** A new object reading the same (frozen) rows; it keeps its own changes apart (see the class comment). */
  share(): UserRows {
    if (!this.frozen) throw new TypeError('Only frozen rows can be shared');
    return new UserRows(this.ids, this.bits, false);
  }
}

/** Sets a row in aligned ascending arrays: appends, overwrites or inserts. */
function insertRow(ids: number[], bits: number[], messageId: number, value: number): void {
  const last = ids[ids.length - 1];
  if (last === undefined || messageId > last) {
    ids.push(messageId);
    bits.push(value);
    return;
  }
  const at = lowerBound(ids, messageId);
  if (ids[at] === messageId) bits[at] = value;
  else {
    ids.splice(at, 0, messageId);
    bits.splice(at, 0, value);
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
