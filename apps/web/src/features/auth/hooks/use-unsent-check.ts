import { useCallback, useEffect, useState } from 'react';

/** What stands between the examiner and signing out (issue 6): scores the server has not received. */
export type UnsentCheck =
  | { state: 'checking' }
  /** Nothing unsent, or every unsent score is already in an export file (`exported` of them). */
  | { state: 'safe'; exported: number }
  /** Scores only this phone holds: signing out is refused until they are exported. */
  | { state: 'unsent'; unsent: number };

/**
 * Checks the outbox when a sign-out is asked for: with a signal, what waits is sent first (a few
 * seconds at most) and the question never comes up. `exportNow` writes the export file; the items
 * stay on the phone under this examiner and are sent at their next sign-in here.
 */
export function useUnsentCheck(): { check: UnsentCheck; exportNow: () => Promise<void> } {
  const [check, setCheck] = useState<UnsentCheck>({ state: 'checking' });

  useEffect(() => {
    let live = true;
    void (async () => {
      // Lazy: IndexedDB code stays out of the login's first load (the menu is part of the app shell).
      const outbox = await import('../../../lib/outbox');
      await Promise.race([outbox.flushOutbox(), new Promise((r) => setTimeout(r, 3000))]).catch(
        () => undefined,
      );
      const { safe, unsent } = await outbox.safeToLogOut();
      if (live) setCheck(safe ? { state: 'safe', exported: unsent } : { state: 'unsent', unsent });
    })();
    return () => {
      live = false;
    };
  }, []);

  const exportNow = useCallback(async () => {
    const outbox = await import('../../../lib/outbox');
    const count = await outbox.exportPending();
    setCheck({ state: 'safe', exported: count });
  }, []);

  return { check, exportNow };
}
