import { useEffect, useState } from 'react';

/** Whether the browser promised to keep this site's storage: 'granted', 'denied', or 'unknown'. */
export type PersistState = 'granted' | 'denied' | 'unknown';

/**
 * Asks for persistent storage once (DESIGN §7): without it the browser may clear IndexedDB, and
 * with it the scores waiting on the phone, when the disk runs low.
 */
export function useStoragePersist(): PersistState {
  const [state, setState] = useState<PersistState>('unknown');
  useEffect(() => {
    const storage = navigator.storage;
    if (!storage?.persist) return;
    let live = true;
    (async () => {
      const granted = (await storage.persisted?.()) || (await storage.persist());
      if (live) setState(granted ? 'granted' : 'denied');
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return state;
}
