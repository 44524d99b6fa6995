import { useSyncExternalStore } from 'react';

// Tailwind's md breakpoint: from here a console list is a table, below it a stack of cards.
const WIDE = '(min-width: 768px)';

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** True on a screen wide enough for a table (a laptop or a tablet held sideways). */
export function useWide(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE).matches);
}
