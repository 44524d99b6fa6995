import type { Kegiatan } from '@ukt/core';
import { useCallback, useEffect, useState } from 'react';
import { getEvents } from '../api/get-events';

/** The event list with its loading and error state, and a retry. */
export function useEvents(): { events: Kegiatan[] | null; error: string | null; retry: () => void } {
  const [events, setEvents] = useState<Kegiatan[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    getEvents(controller.signal)
      .then(setEvents)
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
    return () => controller.abort();
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { events, error, retry };
}
