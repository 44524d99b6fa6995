/**
 * Pure arithmetic of the exam clocks. A clock stores when it was last started (epoch ms) and what
 * had elapsed before that, never a tick count: a phone that sleeps or a tab in the background
 * cannot slow a countdown, and a reload resumes from the same numbers (docs/decisions/050).
 */

/** A clock's stored state: running when startedAt is set. */
export interface ClockState {
  /** Date.now() of the last start, or null when stopped. */
  startedAt: number | null;
  /** Milliseconds counted before the last start. */
  elapsedMs: number;
}

/** A clock that has never run. */
export const IDLE_CLOCK: ClockState = { startedAt: null, elapsedMs: 0 };

/** Milliseconds counted at `now`, never more than the limit; a clock set back never counts backwards. */
export function clockElapsed(state: ClockState, now: number, limitMs: number): number {
  const running = state.startedAt === null ? 0 : Math.max(0, now - state.startedAt);
  return Math.min(limitMs, state.elapsedMs + running);
}

/** Starts (or keeps running) a clock. */
export function startClock(state: ClockState, now: number): ClockState {
  return state.startedAt === null ? { startedAt: now, elapsedMs: state.elapsedMs } : state;
}

/** Stops a clock, keeping what it counted. */
export function pauseClock(state: ClockState, now: number, limitMs: number): ClockState {
  return { startedAt: null, elapsedMs: clockElapsed(state, now, limitMs) };
}

/** True once the clock has counted its whole limit. */
export function clockExpired(state: ClockState, now: number, limitMs: number): boolean {
  return clockElapsed(state, now, limitMs) >= limitMs;
}

/** True once the clock has been started at least once. */
export function clockStarted(state: ClockState): boolean {
  return state.startedAt !== null || state.elapsedMs > 0;
}

/** Whole seconds a countdown shows: rounded up, so it reads 60 until a full second has passed. */
export function remainingSeconds(state: ClockState, now: number, limitMs: number): number {
  return Math.ceil((limitMs - clockElapsed(state, now, limitMs)) / 1000);
}

/** Whole seconds a stopwatch shows: rounded down, a second counts once it is complete. */
export function elapsedSeconds(state: ClockState, now: number, limitMs: number): number {
  return Math.floor(clockElapsed(state, now, limitMs) / 1000);
}

/** Reads a stored clock, or an idle one when the value is not a clock. */
export function asClockState(value: unknown): ClockState {
  const v = value as Partial<ClockState> | null;
  if (!v || typeof v.elapsedMs !== 'number' || !(v.startedAt === null || typeof v.startedAt === 'number')) {
    return IDLE_CLOCK;
  }
  return { startedAt: v.startedAt, elapsedMs: v.elapsedMs };
}
