/**
 * In-process A/B timing: sides that make one request each are run in chunks, alternating their order every round,
 * so that all of them see the same machine load; each chunk's CPU time (the collector's threads included) per call
 * is one sample.
 */

/** One thing measured: a name and one call of it. */
export interface Side {
  name: string;
  one: () => Promise<unknown>;
}

/**
 * Warms every side up (`warmup` calls), then runs `rounds` rounds of `chunk` calls per side; resolves to the
 * samples (CPU µs per call) of each side, by name.
 */
export async function alternate(
  sides: readonly Side[],
  { rounds, chunk, warmup = 3000 }: { rounds: number; chunk: number; warmup?: number },
): Promise<Map<string, number[]>> {
  const samples = new Map<string, number[]>(sides.map((s) => [s.name, []]));
  for (const side of sides) for (let i = 0; i < warmup; i++) await side.one();
  for (let r = 0; r < rounds; r++) {
    for (const side of r % 2 ? [...sides].reverse() : sides) {
      const start = process.cpuUsage();
      for (let i = 0; i < chunk; i++) await side.one();
      const used = process.cpuUsage(start);
      samples.get(side.name)!.push((used.user + used.system) / chunk);
    }
  }
  return samples;
}

/** `name: CPU µs per <unit>: min, p25, median` for each side's samples. */
export function summary(samples: Map<string, number[]>, unit: string, prefix = ''): string[] {
  return [...samples].map(([name, list]) => {
    const sorted = [...list].sort((a, b) => a - b);
    const at = (q: number): string => sorted[Math.floor(q * (sorted.length - 1))]!.toFixed(1);
    return `${prefix}${name}: CPU µs per ${unit}: min ${at(0)}, p25 ${at(0.25)}, median ${at(0.5)}`;
  });
}
