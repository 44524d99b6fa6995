import { describe, expect, it } from 'vitest';
import {
  asClockState,
  clockElapsed,
  clockExpired,
  elapsedSeconds,
  IDLE_CLOCK,
  pauseClock,
  remainingSeconds,
  startClock,
} from './clock-math';

const LIMIT = 60_000;

describe('exam clock arithmetic', () => {
  it('counts wall-clock time, so a sleeping phone does not stretch a countdown', () => {
    const started = startClock(IDLE_CLOCK, 1_000);
    // No ticks happened in between: only the two timestamps matter.
    expect(remainingSeconds(started, 1_000 + 45_000, LIMIT)).toBe(15);
    expect(clockExpired(started, 1_000 + 61_000, LIMIT)).toBe(true);
    expect(remainingSeconds(started, 1_000 + 600_000, LIMIT)).toBe(0);
  });

  it('shows 60 until a whole second passed and stops at the limit', () => {
    const started = startClock(IDLE_CLOCK, 0);
    expect(remainingSeconds(started, 0, LIMIT)).toBe(60);
    expect(remainingSeconds(started, 999, LIMIT)).toBe(60);
    expect(remainingSeconds(started, 1_000, LIMIT)).toBe(59);
    expect(clockElapsed(started, 90_000, LIMIT)).toBe(LIMIT);
  });

  it('keeps the counted time over a pause and resumes from it', () => {
    let state = startClock(IDLE_CLOCK, 0);
    state = pauseClock(state, 20_000, LIMIT);
    expect(clockElapsed(state, 500_000, LIMIT)).toBe(20_000);
    state = startClock(state, 500_000);
    expect(remainingSeconds(state, 510_000, LIMIT)).toBe(30);
  });

  it('never counts backwards when the phone clock is set back', () => {
    const state = startClock({ startedAt: null, elapsedMs: 5_000 }, 100_000);
    expect(clockElapsed(state, 50_000, LIMIT)).toBe(5_000);
  });

  it('counts a stopwatch up in whole seconds to its ceiling', () => {
    const state = startClock(IDLE_CLOCK, 0);
    expect(elapsedSeconds(state, 1_999, 360_000)).toBe(1);
    expect(elapsedSeconds(state, 999_999, 360_000)).toBe(360);
  });

  it('starting a running clock changes nothing', () => {
    const state = startClock(IDLE_CLOCK, 10);
    expect(startClock(state, 99)).toBe(state);
  });

  it('reads only well-formed stored clocks', () => {
    expect(asClockState({ startedAt: 5, elapsedMs: 3 })).toEqual({ startedAt: 5, elapsedMs: 3 });
    expect(asClockState('junk')).toEqual(IDLE_CLOCK);
    expect(asClockState({ startedAt: 'x', elapsedMs: 1 })).toEqual(IDLE_CLOCK);
  });
});
