import { describe, expect, it } from 'vitest';
import { createControllableClock, parseDuration } from './controllable-clock.js';

describe('parseDuration', () => {
  it('reads the units the control API takes and refuses anything else', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('10m')).toBe(600_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('1d')).toBe(86_400_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('1.5s')).toBe(1500);
    expect(parseDuration(42)).toBe(42);
    for (const bad of ['', 'soon', '-5m', '10 minutes', '1w']) expect(parseDuration(bad)).toBeUndefined();
    expect(parseDuration(-1)).toBeUndefined();
  });
});

describe('createControllableClock', () => {
  it('follows the wall clock and adds the jumps made on it', () => {
    let wall = 1_000_000;
    const clock = createControllableClock(() => wall);
    expect(clock.now()).toBe(1_000_000);
    wall += 500;
    expect(clock.now()).toBe(1_000_500);
    clock.advance(60_000);
    expect(clock.now()).toBe(1_060_500);
    wall += 100;
    expect(clock.now()).toBe(1_060_600);
    clock.set(2_000_000);
    expect(clock.now()).toBe(2_000_000);
    clock.set(1_000);
    expect(clock.now()).toBe(2_000_000);
  });

  it('fires the timers a jump passes, in time order, each seeing its own due time', () => {
    const wall = 0;
    const clock = createControllableClock(() => wall);
    const fired: Array<[string, number]> = [];
    clock.setTimer(30_000, () => fired.push(['b', clock.now()]));
    clock.setTimer(10_000, () => {
      fired.push(['a', clock.now()]);
      // A timer armed while firing is due within the same jump.
      clock.setTimer(5_000, () => fired.push(['a2', clock.now()]));
    });
    const late = clock.setTimer(90_000, () => fired.push(['late', clock.now()]));
    const cancelled = clock.setTimer(20_000, () => fired.push(['cancelled', clock.now()]));
    clock.clearTimer(cancelled);
    clock.advance(60_000);
    expect(fired).toEqual([
      ['a', 10_000],
      ['a2', 15_000],
      ['b', 30_000],
    ]);
    expect(clock.now()).toBe(60_000);
    clock.clearTimer(late);
    clock.advance(60_000);
    expect(fired).toHaveLength(3);
  });

  it('fires due timers in real time too', async () => {
    const clock = createControllableClock();
    const fired = await new Promise<boolean>((resolve) => {
      clock.setTimer(5, () => resolve(true));
    });
    expect(fired).toBe(true);
  });
});
