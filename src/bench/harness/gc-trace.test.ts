// profile.ts --gc reads V8's --trace-gc-nvp lines back: only the window's collections count, each in its kind.
import { describe, expect, it } from 'vitest';
import { gcTotals } from './gc-trace.js';

const trace = [
  'svc-mock bench: listening',
  '[7:0x55d0]       90 ms: pause=9.0 mutator=1.0 gc=s reduce_memory=0 scavenge=8.0',
  '[7:0x55d0]      150 ms: pause=2.5 mutator=40.1 gc=s reduce_memory=0 scavenge=2.0',
  '[7:0x55d0]      180 ms: pause=1.5 mutator=20.0 gc=s reduce_memory=0 scavenge=1.0',
  '[7:0x55d0]      190 ms: pause=12.0 mutator=10.0 gc=mc reduce_memory=0 incremental=3.0 ' +
    'incremental.finalize=0.5 background.mark=200.5 background.sweep=4.0 background.evacuate.copy=1.5 ' +
    'total_size_before=80913952',
  '[7:0x55d0]      195 ms: pause=0.1 mutator=1.0 gc=mmc',
  '[7:0x55d0]      250 ms: pause=30.0 mutator=60.0 gc=mc incremental=9.0 background.mark=99.0',
].join('\n');

describe('gcTotals', () => {
  it('sums the young and full collections of the window, full ones with their main-thread and helper parts', () => {
    expect(gcTotals(trace, { from: 100, to: 200 })).toEqual({
      young: 2,
      youngMs: 4,
      full: 1,
      pauseMs: 12,
      incrementalMs: 3,
      helperMs: 206,
    });
  });

  it('counts nothing outside the window or in lines that are not a collection', () => {
    expect(gcTotals(trace, { from: 300, to: 400 })).toEqual({
      young: 0,
      youngMs: 0,
      full: 0,
      pauseMs: 0,
      incrementalMs: 0,
      helperMs: 0,
    });
  });
});
