import { useCallback, useState } from 'react';
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
    const fresh = init();
    writeExam(storageKey, owner, fresh); // a draw is made once and then kept (SPEC §4)
    return fresh;
  };
  const [entry, setEntry] = useState(() => ({ id, value: load() }));
  let current = entry;
  if (entry.id !== id) {
    current = { id, value: load() };
    setEntry(current);
  }

  const set = useCallback(
    (next: T | ((previous: T) => T)) => {
      setEntry((previous) => {
        const value = typeof next === 'function' ? (next as (p: T) => T)(previous.value) : next;
        writeExam(storageKey, owner, value);
        return { id: `${owner}|${storageKey}`, value };
      });
    },
    [storageKey, owner],
  );
  return [current.value, set];
}
