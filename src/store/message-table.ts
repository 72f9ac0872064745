/** The realm's messages by id: a Map that keeps the messages sent after the others in an array by id. */
import { CopyOnWriteMap } from './copy-on-write-map.js';

/** Widest run of unused ids a new message may leave in the array (a wider one goes to the Map part). */
const MAX_GAP = 64;

/**
 * Behaves as `new Map(base)` (the same entries, order and results after any changes), as {@link CopyOnWriteMap}
 * does, sharing `base` until a message of it changes. A message whose id is above every other goes into an
 * array indexed by id, not into the Map: sending is then an append and a lookup an index, where a Map of
 * hundreds of thousands of entries costs a cache miss per insert and a rehash of the whole table each time it
 * doubles. The array's messages come after the Map's in iteration, in id order, which is the order they were
 * added. A change that would break that (adding an id below the array's last one) first moves the array's
 * messages into the Map.
 */
export class MessageTable<V> extends CopyOnWriteMap<number, V> {
  /** Values by id − `start`; undefined where an id is unused or deleted. */
  #tail: Array<V | undefined> = [];
  #start = 0;
  /** Entries in `#tail`. */
  #count = 0;
  /** No key of the Map part is above this (computed on the first append). */
  #mapTop: number | undefined;

  override get(key: number): V | undefined {
    const value = this.#inTail(key);
    return value !== undefined ? value : super.get(key);
  }

  override has(key: number): boolean {
    return this.#inTail(key) !== undefined || super.has(key);
  }

  override get size(): number {
    return super.size + this.#count;
  }

  override set(key: number, value: V): this {
    if (value !== undefined) {
      if (this.#inTail(key) !== undefined) {
        this.#tail[key - this.#start] = value;
        return this;
      }
      // A key above every other is in neither part: appended without a lookup in the Map.
      if (this.#appendable(key)) {
        if (this.#tail.length === 0) this.#start = key;
        const index = key - this.#start;
        while (this.#tail.length < index) this.#tail.push(undefined);
        this.#tail.push(value);
        this.#count++;
        return this;
      }
    }
    // A key of the Map part keeps its place; any other goes after the array's, which move into the Map first.
    if (super.has(key)) return super.set(key, value);
    this.#spill();
    if (this.#mapTop !== undefined && key > this.#mapTop) this.#mapTop = key;
    return super.set(key, value);
  }

  override delete(key: number): boolean {
    if (this.#inTail(key) === undefined) return super.delete(key);
    this.#tail[key - this.#start] = undefined;
    if (--this.#count === 0) this.#tail = [];
    return true;
  }

  override clear(): void {
    this.#tail = [];
    this.#count = 0;
    this.#mapTop = undefined;
    super.clear();
  }

  override keys(): MapIterator<number> {
    return this.#chain(super.keys(), (key) => key) as MapIterator<number>;
  }

  override values(): MapIterator<V> {
    return this.#chain(super.values(), (_, value) => value) as MapIterator<V>;
  }

  override entries(): MapIterator<[number, V]> {
    return this.#chain(super.entries(), (key, value) => [key, value]) as MapIterator<[number, V]>;
  }

  override [Symbol.iterator](): MapIterator<[number, V]> {
    return this.entries();
  }

  override forEach(callback: (value: V, key: number, map: Map<number, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  /** The array's value for `key`, undefined when it has none. */
  #inTail(key: number): V | undefined {
    const at = key - this.#start;
    return at >= 0 && at < this.#tail.length ? this.#tail[at] : undefined;
  }

  /** Whether `key` can go at the end of the array: an integer above every key, not far past the last. */
  #appendable(key: number): boolean {
    if (!Number.isInteger(key)) return false;
    if (this.#tail.length > 0) {
      const next = this.#start + this.#tail.length;
      return key >= next && key - next <= MAX_GAP;
    }
    if (this.#mapTop === undefined) {
      let top = -Infinity;
      for (const k of super.keys()) if (k > top) top = k;
      this.#mapTop = top;
    }
    return key > this.#mapTop;
  }

  /** Moves the array's entries into the Map, in order (before a change the array cannot take). */
  #spill(): void {
    if (this.#tail.length === 0) return;
    const tail = this.#tail;
    const start = this.#start;
    this.#tail = [];
    this.#count = 0;
    for (let i = 0; i < tail.length; i++) if (tail[i] !== undefined) super.set(start + i, tail[i]!);
    const last = start + tail.length - 1;
    if (this.#mapTop === undefined || last > this.#mapTop) this.#mapTop = last;
  }

  /** The Map part's items, then the array's, each made by `item`. */
  *#chain<T>(head: Iterable<T>, item: (key: number, value: V) => T): Generator<T> {
    yield* head;
    // The array as it is when the walk reaches it (a Map iterator, too, sees entries added meanwhile).
    for (let i = 0; i < this.#tail.length; i++) {
      const value = this.#tail[i];
      if (value !== undefined) yield item(this.#start + i, value);
    }
  }
}
