/** Garbage-collector settings for a process whose work is serving the mock (`svc-mock serve`). */
import { setFlagsFromString } from 'node:v8';

/**
 * Young collections done by the main thread alone. V8 otherwise splits each one among helper threads, which pays
 * off when the young objects that survive are many and a core is free for each helper. Neither holds for a
 * mock server: what survives a request is the little it stores (a sent message), and the cores are shared with
 * the tests, browsers and load that call it. Measured on POST /messages (one core for the server, as the
 * benchmark harness runs it; `node --trace-gc-nvp`): each young collection took 2.3 ms on the main thread and
 * 2.5 ms on a helper with the split, 1.8 ms on the main thread alone without it. Old-generation marking and
 * sweeping stay concurrent (a large realm's full collections would otherwise pause the server for long).
 * Process-wide: call it once the realm is loaded (loading keeps nearly everything it allocates, which is what a
 * split collection suits).
 */
export function useServerGcSettings(): void {
  setFlagsFromString('--no-parallel-scavenge');
}
