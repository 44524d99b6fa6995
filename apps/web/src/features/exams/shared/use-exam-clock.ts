import { useCallback, useEffect, useRef, useState } from 'react';
import { readExam, writeExam } from '../../../lib/exam-storage';
import {
  asClockState,
  type ClockState,
  clockExpired,
  clockStarted,
  elapsedSeconds,
  IDLE_CLOCK,
  pauseClock,
  remainingSeconds,
  startClock,
} from './clock-math';

/** What a screen tells the clock: where it is stored, how long it runs and which way it counts. */
export interface ExamClockOptions {
  /** Storage key (see EXAM_KEYS.waktu) and owner; a new key loads that clock's own state. */
  storageKey: string;
  owner: string;
  limitSeconds: number;
  /** 'down' shows seconds left, 'up' seconds counted (the plank stopwatch). */
  direction: 'down' | 'up';
  /** Called once when a running clock reaches its limit (also right after a reload that finds it past). */
  onLimit?: () => void;
}

/** A running or stopped exam clock as a screen sees it. */
export interface ExamClock {
  seconds: number;
  running: boolean;
  started: boolean;
  expired: boolean;
  start: () => void;
  pause: () => void;
  toggle: () => void;
}

// Re-render often enough that the shown second never lags by more than a quarter second.
const TICK_MS = 250;

/** The one exam clock hook: wall-clock based, persisted, resumes after a reload (docs/decisions/050). */
export function useExamClock({
  storageKey,
  owner,
  limitSeconds,
  direction,
  onLimit,
}: ExamClockOptions): ExamClock {
  const limitMs = limitSeconds * 1000;
  const load = useCallback(
    () => asClockState(readExam<unknown>(storageKey, owner, IDLE_CLOCK)),
    [storageKey, owner],
  );
  const [stored, setStored] = useState(() => ({ key: `${owner}|${storageKey}`, state: load() }));
  const [now, setNow] = useState(() => Date.now());
  const onLimitRef = useRef(onLimit);
  onLimitRef.current = onLimit;

  // A different clock (next row, next exercise) takes its own stored state at once.
  let state = stored.state;
  const id = `${owner}|${storageKey}`;
  if (stored.key !== id) {
    state = load();
    setStored({ key: id, state });
  }

  const save = useCallback(
    (next: ClockState) => {
      writeExam(storageKey, owner, next);
      setStored({ key: `${owner}|${storageKey}`, state: next });
      setNow(Date.now());
    },
    [storageKey, owner],
  );

  const running = state.startedAt !== null;
  useEffect(() => {
    if (!running) return;
    const refresh = () => setNow(Date.now());
    const timer = setInterval(refresh, TICK_MS);
    // A phone waking up shows the true time at once instead of after the next tick.
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [running]);

  const expired = clockExpired(state, Math.max(now, Date.now()), limitMs);
  // The run that reached its limit, so onLimit fires once even if the effect runs twice (StrictMode).
  const limitedRun = useRef<string | null>(null);
  useEffect(() => {
    if (!expired || state.startedAt === null) return;
    save(pauseClock(state, Date.now(), limitMs));
    const run = `${id}@${state.startedAt}`;
    if (limitedRun.current === run) return;
    limitedRun.current = run;
    onLimitRef.current?.();
  }, [expired, state, save, limitMs, id]);

  const start = useCallback(() => {
    if (!clockExpired(state, Date.now(), limitMs)) save(startClock(state, Date.now()));
  }, [state, save, limitMs]);
  const pause = useCallback(() => save(pauseClock(state, Date.now(), limitMs)), [state, save, limitMs]);
  const toggle = running ? pause : start;

  const seconds =
    direction === 'down' ? remainingSeconds(state, now, limitMs) : elapsedSeconds(state, now, limitMs);
  return { seconds, running, started: clockStarted(state), expired, start, pause, toggle };
}
