import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// A process that keeps many young objects alive across young collections (what makes V8 split them among
// helper threads), with V8's trace of each collection; `tuned` applies serve's settings first.
const script = (tuned: boolean): string => `
  import { useServerGcSettings } from ${JSON.stringify(new URL('./gc.ts', import.meta.url).href)};
  if (${tuned}) useServerGcSettings();
  const kept = [];
  for (let i = 0; i < 3_000_000; i++) {
    const item = { i, text: 'item ' + i };
    if (i % 2 === 0) kept.push(item);
  }
  console.log('kept', kept.length);
`;

/** The helper threads' milliseconds in each young collection of the script's run. */
async function helperTimes(tuned: boolean): Promise<number[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--trace-gc-nvp', '--import', 'tsx', '--input-type=module', '-e', script(tuned)],
    { maxBuffer: 64 * 2 ** 20 },
  );
  expect(stdout).toContain('kept 1500000');
  return stdout
    .split('\n')
    .filter((line) => line.includes('gc=s '))
    .map((line) => Number(/background\.scavenge\.parallel=([\d.]+)/.exec(line)?.[1] ?? NaN));
}

describe('useServerGcSettings', () => {
  it('has the main thread do young collections alone', async () => {
    const [tuned, defaults] = await Promise.all([helperTimes(true), helperTimes(false)]);
    // V8's defaults split them on this machine: the comparison shows the setting is what changed that.
    // The last ten: those of the script's loop (loading the module came before the setting, and V8's trace is
    // not ordered with the script's own output).
    const last = (times: number[]): number[] => times.slice(-10);
    expect(last(defaults)).toHaveLength(10);
    expect(last(defaults).filter((ms) => ms > 0).length).toBeGreaterThan(5);
    expect(last(tuned)).toHaveLength(10);
    expect(last(tuned)).toEqual(Array(10).fill(0));
  }, 60_000);
});
