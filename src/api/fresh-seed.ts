/** Seeds for apps made without one, so their generated ids (event queue ids above all) never repeat. */

/** Apart enough that two seeds' streams of draws do not overlap in practice. */
const STEP = 7919;
let base: number | undefined;
let made = 0;

/**
 * A seed no other app of this process got: a random start per process (so a restarted server hands out
 * other ids), then one step per call. Pass `seed` to createApp or createMock for repeatable ids instead.
 * @example
 * createRandom(options.seed ?? freshSeed());
 */
export function freshSeed(): number {
  // globalThis.crypto exists in browsers and in Node.js 20; this is not the store, so no injected source.
  base ??= globalThis.crypto.getRandomValues(new Uint32Array(1))[0]!;
  return (base + made++ * STEP) >>> 0;
}
