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
  // Not the store, so no injected source. Math.random rather than crypto.getRandomValues, whose first call
  // loads node's Web Crypto (about 1 ms of a server start): a seed for ids needs no cryptographic quality.
  base ??= Math.floor(Math.random() * 2 ** 32);
  return (base + made++ * STEP) >>> 0;
}
