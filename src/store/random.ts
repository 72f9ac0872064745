/** Seeded randomness for ids that must look random (queue ids, invitation keys) yet repeat per seed. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A UUID version 4 string. */
  uuid(): string;
  /** `length` characters from [A-Za-z0-9]. */
  alphanumeric(length: number): string;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A small, fast PRNG (mulberry32) seeded with `seed`. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const hex = (n: number): string => {
    let out = '';
    for (let i = 0; i < n; i++) out += Math.floor(next() * 16).toString(16);
    return out;
  };
  return {
    next,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(next() * 4)]}${hex(3)}-${hex(12)}`,
    alphanumeric(length) {
      let out = '';
      for (let i = 0; i < length; i++) out += ALNUM[Math.floor(next() * ALNUM.length)];
      return out;
    },
  };
}
