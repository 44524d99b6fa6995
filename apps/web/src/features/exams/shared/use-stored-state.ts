import { useCallback, useRef, useState } from 'react';
import { readExam, writeExam } from '../../../lib/exam-storage';

/**
 * State that is written to exam storage on every change, so a reload resumes it. `init` makes the
 * first value when nothing is stored for this key and owner (a fresh draw, an empty answer sheet).
 */
export function useStoredState<T>(
  storageKey: string,
  owner: string,
  init: () => T,
): [T, (next: T | ((previous: T) => T)) => void] {
  const id = `${owner}|${storageKey}`;
  const load = () => {
    const missing = Symbol('missing');
    const stored = readExam<T | typeof missing>(storageKey, owner, missing);
    if (stored !== missing) return stored;
    // Stored at once: a draw is made once and kept (SPEC §4), and a second call reads it back.
    const fresh = init();
    writeExam(storageKey, owner, fresh);
    return fresh;
  };
  const [entry, setEntry] = useState(() => ({ id, value: load() }));
  const latest = useRef(entry);
  let current = entry;
  if (entry.id !== id) {
    current = { id, value: load() };
    latest.current = current;
    setEntry(current);
  }

  const set = useCallback(
    (next: T | ((previous: T) => T)) => {
      // Written before React renders, so a score is on disk by the time the tap's handler returns.
      const previous =
        latest.current.id === id ? latest.current.value : readExam(storageKey, owner, latest.current.value);
      const value = typeof next === 'function' ? (next as (p: T) => T)(previous) : next;
      writeExam(storageKey, owner, value);
      latest.current = { id, value };
      setEntry(latest.current);
    },
    [id, storageKey, owner],
  );
  return [current.value, set];
}
