import { useEffect } from 'react';

/**
 * Keeps the phone's screen on while a timed exam runs (DESIGN §7), so an examiner watching the
 * participant does not come back to a locked phone. Browsers without the Wake Lock API ignore it.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLock }).wakeLock;
    if (!active || !wakeLock) return;
    let sentinel: WakeLockSentinel | null = null;
    let cancelled = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock
        .request('screen')
        .then((s) => {
          if (cancelled) void s.release();
          else sentinel = s;
        })
        .catch(() => undefined); // refused (battery saver): the exam works the same
    };
    acquire();
    // The browser drops the lock when the tab is hidden; take it again on return.
    document.addEventListener('visibilitychange', acquire);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', acquire);
      void sentinel?.release();
    };
  }, [active]);
}
