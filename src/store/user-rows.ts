/**
 * One user's personal message rows (their history): ascending message ids with the flag bits of each, as two
 * aligned typed arrays (Float64Array ids: exact for every integer id; Uint16Array bits) grown by doubling.
 * Far lighter than a Map per user or JS arrays (a large realm has millions of rows, and typed arrays keep them
 * off the garbage-collected heap), and cheap to share: a store seeded from a prepared realm reads the prepared
 * arrays and copies them on its first write that needs it.
 */

/** Index of the first element >= `id` in an ascending list. */
export function lowerBound(ids: ArrayLike<number>, id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first of the `length` first ids >= `id` (the rows' own search: monomorphic on Float64Array). */
function lowerBoundIn(ids: Float64Array, length: number, id: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const EMPTY_IDS = new Float64Array(0);
const EMPTY_BITS = new Uint16Array(0);

/** Room for the first rows of a user (doubled as they grow). */
const FIRST_CAPACITY = 16;

/**
 * Rows a shared copy keeps in its tail at least (and no fewer than it shares) before it copies the shared rows
 * and appends to its own arrays.
 */
export const MAX_TAIL = 256;

/**
 * A user's rows, Map-like (`get`, `has`, `set`, `delete`, iteration in ascending id order). Rows shared with a
 * prepared realm are not copied on the first write: newer messages go to an own tail and changed bits to a
 * patch (so the first message after a reset costs nothing per recipient); the shared arrays are copied only
 * when a row is inserted among or deleted from them, or when the history list itself is read.
 */
export class UserRows implements Iterable<[number, number]> {
  /** Ids in `ids[0 .. length)`, bits aligned; the arrays may have room beyond `length`. */
  private ids: Float64Array;
  private bits: Uint16Array;
  private length: number;
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

  /** Rows from aligned lists of ascending ids and their bits (empty by default). */
  constructor(ids: ArrayLike<number> = [], bits: ArrayLike<number> = []) {
    this.length = ids.length;
    if (ids.length) {
      this.ids = Float64Array.from(ids);
      this.bits = Uint16Array.from(bits);
    } else {
      this.ids = EMPTY_IDS;
      this.bits = EMPTY_BITS;
    }
    this.owned = true;
  }

  /** Empty rows with room for `capacity` rows before they grow (a loader that knows about how many will come). */
  static withRoom(capacity: number): UserRows {
    const rows = new UserRows();
    if (capacity > 0) {
      rows.ids = new Float64Array(capacity);
      rows.bits = new Uint16Array(capacity);
    }
    return rows;
  }

  /**
   * Rows taking aligned arrays of ascending ids and their bits as they are (no copy: the caller gives them away,
   * e.g. read from a prepared realm's file).
   */
  static fromArrays(ids: Float64Array, bits: Uint16Array): UserRows {
    if (ids.length !== bits.length) throw new RangeError('ids and bits differ in length');
    const rows = new UserRows();
    rows.ids = ids;
    rows.bits = bits;
    rows.length = ids.length;
    return rows;
  }

  /** The rows as aligned arrays (views of the live rows, valid until the next write; for writing them out). */
  toArrays(): { ids: Float64Array; bits: Uint16Array } {
    // Frozen rows have no tail and no patch (freeze made them own first).
    if (!this.frozen) this.own();
    return { ids: this.ids.subarray(0, this.length), bits: this.bits.subarray(0, this.length) };
  }

  /**
   * The message ids, ascending (read only: a view of the live rows, valid until the next write; reading it
   * makes shared rows with a tail this object's own). It is a Float64Array typed as a list: index it, read its
   * length, iterate it, or use the methods typed arrays share with arrays (at, some, slice, indexOf, ...).
   */
  get messageIds(): readonly number[] {
    if (this.tailIds.length) this.own();
    return this.ids.subarray(0, this.length) as unknown as readonly number[];
  }

  /** Number of rows. */
  get size(): number {
    return this.length + this.tailIds.length;
  }

  /** Position of the id in `ids`, or -1. */
  private indexOf(messageId: number): number {
    const { ids } = this;
    const last = this.length - 1;
    if (last < 0 || messageId > ids[last]!) return -1;
    if (ids[last] === messageId) return last;
    const hint = this.hint;
    if (hint < last) {
      if (ids[hint] === messageId) return hint;
      if (ids[hint + 1] === messageId) return (this.hint = hint + 1);
      if (hint > 0 && ids[hint - 1] === messageId) return (this.hint = hint - 1);
    }
    const at = lowerBoundIn(ids, this.length, messageId);
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
    const tail = tailIds.length;
    if (tail && messageId >= tailIds[0]!) {
      // A message newer than every row (each send asks before adding its row): no search.
      if (messageId > tailIds[tail - 1]!) return undefined;
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
    const { length, tailIds, tailBits } = this;
    const size = length + tailIds.length;
    const ids = new Float64Array(Math.max(FIRST_CAPACITY, size + (size >>> 3)));
    const bits = new Uint16Array(ids.length);
    ids.set(this.ids.subarray(0, length));
    bits.set(this.bits.subarray(0, length));
    for (let i = 0; i < tailIds.length; i++) {
      ids[length + i] = tailIds[i]!;
      bits[length + i] = tailBits[i]!;
    }
    if (this.patch) for (const [at, value] of this.patch) bits[at] = value;
    this.ids = ids;
    this.bits = bits;
    this.length = size;
    this.tailIds = [];
    this.tailBits = [];
    this.patch = undefined;
    this.owned = true;
  }

  /** Makes room for one more row in the own arrays (doubling). */
  private grow(): void {
    const capacity = Math.max(FIRST_CAPACITY, this.ids.length * 2);
    const ids = new Float64Array(capacity);
    const bits = new Uint16Array(capacity);
    ids.set(this.ids.subarray(0, this.length));
    bits.set(this.bits.subarray(0, this.length));
    this.ids = ids;
    this.bits = bits;
  }

  /** Sets a row's bits, adding the row when missing (appending a newer message is the common, O(1) case). */
  set(messageId: number, bits: number): this {
    if (!this.owned && !this.frozen) {
      const length = this.length;
      if (length === 0 || messageId > this.ids[length - 1]!) {
        insertRow(this.tailIds, this.tailBits, messageId, bits);
        // A long tail is made own arrays: a row there costs about twice the memory of an own row (lists of
        // numbers) and more of the collector's work. Owning copies the shared rows too (they stay with the
        // prepared realm), so it waits until the tail is as long as they are: a large history is not copied for
        // a few hundred new messages.
        if (this.tailIds.length >= Math.max(MAX_TAIL, length)) this.own();
        return this;
      }
      const at = this.indexOf(messageId);
      if (at >= 0) {
        (this.patch ??= new Map()).set(at, bits);
        return this;
      }
    }
    this.own();
    const length = this.length;
    if (length === 0 || this.ids[length - 1]! < messageId) return this.push(messageId, bits);
    const at = lowerBoundIn(this.ids, length, messageId);
    if (this.ids[at] === messageId) {
      this.bits[at] = bits;
      return this;
    }
    if (length === this.ids.length) this.grow();
    this.ids.copyWithin(at + 1, at, length);
    this.bits.copyWithin(at + 1, at, length);
    this.ids[at] = messageId;
    this.bits[at] = bits;
    this.length = length + 1;
    return this;
  }

  /** Appends a row newer than every own one. */
  private push(messageId: number, bits: number): this {
    const length = this.length;
    if (length === this.ids.length) this.grow();
    this.ids[length] = messageId;
    this.bits[length] = bits;
    this.length = length + 1;
    return this;
  }

  /** Same as {@link set}, with a shortcut for the common case of own rows and a message newer than all of them. */
  append(messageId: number, bits: number): this {
    const length = this.length;
    if (this.owned && (length === 0 || this.ids[length - 1]! < messageId)) return this.push(messageId, bits);
    return this.set(messageId, bits);
  }

  /** Removes a row; returns whether there was one. */
  delete(messageId: number): boolean {
    if (!this.has(messageId)) return false;
    this.own();
    const length = this.length;
    const at = lowerBoundIn(this.ids, length, messageId);
    this.ids.copyWithin(at, at + 1, length);
    this.bits.copyWithin(at, at + 1, length);
    this.length = length - 1;
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
    for (let i = 0; i < this.length; i++) yield [this.ids[i]!, this.patch?.get(i) ?? this.bits[i]!];
    for (let i = 0; i < this.tailIds.length; i++) yield [this.tailIds[i]!, this.tailBits[i]!];
  }

  [Symbol.iterator](): IterableIterator<[number, number]> {
    return this.entries();
  }

  /**
   * Marks the rows for sharing: writes through this object throw, {@link share} copies read them. Arrays more
   * than twice the size of their rows (room given up front and not used) are trimmed; the room growing leaves
   * stays (trimming it would copy every user's arrays for a fraction of their size).
   */
  freeze(): void {
    this.own();
    if (this.ids.length > 2 * this.length + FIRST_CAPACITY) {
      this.ids = this.ids.slice(0, this.length);
      this.bits = this.bits.slice(0, this.length);
    }
    this.owned = false;
    this.frozen = true;
  }

  /** A new object reading the same (frozen) rows; it keeps its own changes apart (see the class comment). */
  share(): UserRows {
    if (!this.frozen) throw new TypeError('Only frozen rows can be shared');
    const shared = new UserRows();
    shared.ids = this.ids;
    shared.bits = this.bits;
    shared.length = this.length;
    shared.owned = false;
    return shared;
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
